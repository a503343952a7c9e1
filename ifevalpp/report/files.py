"""The files `score --out` writes: every output of one protocol, or of several side by side
(`score --protocols`), each written atomically."""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path
from typing import Any

from ..evaluate.official import write_official
from ..evaluate.plain import results_records
from ..evaluate.report_model import ReliabilityReport
from ..io import atomic_write, sha256_file, write_json, write_jsonl
from .document import json_document
from .html import render_html
from .markdown import render_markdown

OUTPUT_FILES = ("results.jsonl", "results.manifest.json", "metrics.json", "eval_results_strict.jsonl",
                "eval_results_loose.jsonl", "by_type.csv", "type_by_kind.csv", "type_paired.csv",
                "families.csv",
                "distractor.csv", "report.md", "report.html")


def results_manifest(report: ReliabilityReport, results: Path) -> dict[str, Any]:
    """results.manifest.json: what results.jsonl was made from and by what (it has no header)."""
    base = report.base
    return {"provenance": report.provenance.model_dump(), "file": results.name,
            "sha256": sha256_file(results), "records": len(base.scored),
            "responses": base.responses_path, "responses_sha256": report.responses_sha256,
            "cases": base.cases_path, "cases_sha256": base.cases_sha256}


SENSITIVITY_FILES = ("protocols.csv", "flips.csv", "protocols.json")


def protocol_directory(label: str) -> str:
    """The directory `score --protocols` writes a protocol's full outputs to."""
    return label.replace(", ", "+").replace("=", "-")


def is_protocol_output(directory: Path) -> bool:
    """`directory` is one protocol's outputs of a `score --protocols` run: its metrics.json
    was written by ifevalpp under the protocol the directory is named after."""
    try:
        document = json.loads((directory / "metrics.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if not isinstance(document, dict) or \
            (document.get("provenance") or {}).get("tool") != "ifevalpp":
        return False
    label = (document.get("protocol") or {}).get("label")
    return isinstance(label, str) and protocol_directory(label) == directory.name


def remove_stale_outputs(out: Path, names: tuple[str, ...], *,
                         keep_dirs: tuple[str, ...] = ()) -> None:
    """Files of another `score --out` layout left in `out` (a single run's over a --protocols
    run's, or the reverse) are removed, so a reused --out never mixes two runs' files; so
    are the per-protocol directories of a --protocols run, other than `keep_dirs`. Only
    ifevalpp's own file names are touched."""
    for name in names:
        (out / name).unlink(missing_ok=True)
    if not out.is_dir():
        return
    for child in out.iterdir():
        if child.is_dir() and child.name not in keep_dirs and is_protocol_output(child):
            for name in OUTPUT_FILES:
                (child / name).unlink(missing_ok=True)
            try:
                child.rmdir()
            except OSError:
                pass  # something else lives there too: keep it


def write_outputs(report: ReliabilityReport, out_dir: str | os.PathLike[str], *,
                  part_of_protocols: bool = False) -> list[Path]:
    """Every file of OUTPUT_FILES, each written atomically (not durably: they are derived,
    see io.atomic_write). Files a --protocols run left in
    the directory are removed first (unless this is one of its own protocols' directories)."""
    out = Path(out_dir)
    if not part_of_protocols:
        remove_stale_outputs(out, SENSITIVITY_FILES)
    out.mkdir(parents=True, exist_ok=True)
    write_jsonl(out / "results.jsonl", results_records(report.base, report.protocol.label),
                durable=False)
    write_json(out / "results.manifest.json", results_manifest(report, out / "results.jsonl"),
               durable=False)
    write_json(out / "metrics.json", json_document(report), durable=False)
    write_official(report.base.scored, out, durable=False)
    with atomic_write(out / "by_type.csv", durable=False) as handle:
        writer = csv.writer(handle)
        writer.writerow(["level", "name", "count", "strict", "loose", "profile",
                         "strict_ci_low", "strict_ci_high", "loose_ci_low", "loose_ci_high",
                         "protocol"])
        for level, section in (("group", "group"), ("type", "type")):
            table = report.by_type_columns(group=section == "group")
            for row in zip(*(table.data[name] for name in table.names)):
                line = dict(zip(table.names, row))
                if line["kind"] != "original":
                    continue
                writer.writerow([level, line["name"], line["count"], _fixed(line["strict"]),
                                 _fixed(line["loose"]), report.profile,
                                 _fixed(line["strict_ci_low"]), _fixed(line["strict_ci_high"]),
                                 _fixed(line["loose_ci_low"]), _fixed(line["loose_ci_high"]),
                                 report.protocol.label])
    label = report.protocol.label
    with atomic_write(out / "type_by_kind.csv", durable=False) as handle:
        report.by_type_columns().add("protocol", label).write_csv(handle)
    with atomic_write(out / "type_paired.csv", durable=False) as handle:
        report.by_type_columns(paired=True).add("protocol", label).write_csv(handle)
    with atomic_write(out / "families.csv", durable=False) as handle:
        report.families_columns().add("protocol", label).write_csv(handle)
    with atomic_write(out / "distractor.csv", durable=False) as handle:
        report.distractor_columns().add("profile", report.profile).add(
            "protocol", label).write_csv(handle)
    with atomic_write(out / "report.md", durable=False) as handle:
        handle.write(render_markdown(report))
    with atomic_write(out / "report.html", durable=False) as handle:
        handle.write(render_html(report))
    return [out / name for name in OUTPUT_FILES]


def _fixed(value: float) -> str:
    return "" if value != value else f"{value:.6f}"

