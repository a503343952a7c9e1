"""Views of a protocol-sensitivity run: the side-by-side table and the verdict flips.

Terminal, Markdown and HTML share the tables built here; every number comes
from `ProtocolSensitivity`.
"""

from __future__ import annotations

from html import escape
import csv
import os
from pathlib import Path
from typing import Any

from ..evaluate.sensitivity import ROW_COLUMNS, ProtocolSensitivity
from ..io import atomic_write, write_json
from ..protocols import Protocol
from .files import OUTPUT_FILES, protocol_directory, remove_stale_outputs, write_outputs
from .compare import points, signed_interval
from .markdown import markdown_table
from .lines import answered_line as single_answered_line
from .sections import LEVEL_NAMES, Section, interval
from .table import format_table, percent


def metric_label(row: dict[str, Any]) -> str:
    """'prompt-level strict', 'reliable@10 loose', 'relative drop strict', 'distractor @4 strict'."""
    section, mode = row["section"], row["mode"]
    if section == "ifeval":
        return LEVEL_NAMES[row["name"]]
    if section == "reliable":
        return f"reliable@{row['k']} {mode}"
    if section == "drop":
        return f"relative drop {mode}"
    if section.startswith("distractor_"):
        return f"distractor requirement {section.removeprefix('distractor_')} {mode}"
    return f"{row['kind']} @{row['k']} {mode}"


def headline_section(sensitivity: ProtocolSensitivity, *, with_ci: bool = True) -> Section:
    """Each headline number under every protocol with its own n (a protocol that fails the
    unanswered prompts counts more of them than one that leaves them out); differences are
    paired: the same resampled families under both protocols."""
    ci = f"{100 * sensitivity.bootstrap['confidence']:g}% CI"
    labels = [protocol.label for protocol in sensitivity.protocols]
    headers = ["metric", f"{labels[0]} %", ci, "n"]
    for label in labels[1:]:
        headers += [f"{label} %", ci, "n", "Δ pts", f"Δ {ci}"]
    rows = []
    for metric_id in sensitivity.metric_ids():
        first = sensitivity.row(metric_id, labels[0])
        cells: list[Any] = [metric_label(first), percent(first["value"]),
                            interval(first["ci_low"], first["ci_high"]), first["count"]]
        for label in labels[1:]:
            row = sensitivity.row(metric_id, label)
            cells += [percent(row["value"]), interval(row["ci_low"], row["ci_high"]),
                      row["count"], points(row["delta"]),
                      signed_interval(row["delta_ci_low"], row["delta_ci_high"])]
        rows.append(cells)
    counts = {sensitivity.row("ifeval/prompt_strict", label)["count"] for label in labels} \
        if "ifeval/prompt_strict" in sensitivity.metric_ids() else set()
    notes = []
    if len(counts) > 1:
        notes.append("n differs between protocols: a missing-response policy of 'fail' counts "
                     "the unanswered prompts (as failing), 'exclude' leaves them out; Δ is "
                     "still paired over the same resampled families.")
    return Section(f"Every headline number under each protocol (Δ = protocol − {labels[0]}, "
                   f"paired: the same resampled families under both; n per protocol)",
                   headers, rows, notes)


def flip_section(sensitivity: ProtocolSensitivity) -> Section:
    """Instruction types whose verdicts differ from the first protocol's, strict and loose."""
    others = [protocol.label for protocol in sensitivity.protocols[1:]]
    cells: dict[str, dict[tuple[str, str], str]] = {}
    compared: dict[str, int] = {}
    totals: dict[tuple[str, str], list[int]] = {}
    for flip in sensitivity.flips:
        compared[flip.instruction_id] = max(compared.get(flip.instruction_id, 0), flip.compared)
        total = totals.setdefault((flip.protocol, flip.mode), [0, 0, 0])
        total[0] += flip.compared
        total[1] += flip.fail_to_pass
        total[2] += flip.pass_to_fail
        if flip.flipped:
            cells.setdefault(flip.instruction_id, {})[(flip.protocol, flip.mode)] = (
                f"{flip.flipped} (+{flip.fail_to_pass}/−{flip.pass_to_fail})")
    headers = ["instruction type", "n"] + [f"{label} {mode}" for label in others
                                           for mode in ("strict", "loose")]
    rows: list[list[Any]] = []
    for instruction_id in sorted(cells):
        rows.append([instruction_id, compared[instruction_id]]
                    + [cells[instruction_id].get((label, mode), "") for label in others
                       for mode in ("strict", "loose")])
    all_row: list[Any] = ["all types", max((t[0] for t in totals.values()), default=0)]
    for label in others:
        for mode in ("strict", "loose"):
            count, up, down = totals.get((label, mode), [0, 0, 0])
            share = f", {100 * (up + down) / count:.2f}%" if count else ""
            all_row.append(f"{up + down} (+{up}/−{down}{share})")
    rows.append(all_row)
    return Section(f"Verdict flips against {sensitivity.reference.label}: instructions that "
                   f"pass under one protocol and fail under the other (+ fail→pass, − "
                   f"pass→fail; responses checked under both)", headers, rows)


def protocols_section(sensitivity: ProtocolSensitivity) -> Section:
    rows = [[protocol.label, protocol.profile, protocol.estimator, protocol.missing,
             protocol.reasoning] for protocol in sensitivity.protocols]
    return Section("Protocols", ["protocol", "profile", "estimator", "missing", "reasoning"], rows)


def _sections(sensitivity: ProtocolSensitivity, *, with_ci: bool) -> list[Section]:
    return [protocols_section(sensitivity), headline_section(sensitivity, with_ci=with_ci),
            flip_section(sensitivity)]


def _settings_line(sensitivity: ProtocolSensitivity) -> str:
    settings = sensitivity.bootstrap
    level = f"{100 * settings['confidence']:g}%"
    numbers = (f"{level} CIs of each number: Clopper-Pearson (Korn-Graubard over families "
               f"where a family holds several items)")
    if not settings["resamples"]:
        return f"{numbers}; no intervals of the differences (--bootstrap 0)."
    return (f"{numbers}; of each difference: paired BCa bootstrap over families (the same "
            f"resampled families under both protocols), {settings['resamples']:,} resamples, "
            f"seed {settings['seed']}.")


def answered_line(sensitivity: ProtocolSensitivity) -> str:
    """The first line: how many prompts were answered, and what each protocol does with the
    others."""
    first = single_answered_line(sensitivity.reports[0])
    counts = sensitivity.reports[0].answered
    if not counts.missing:
        return first
    head = first.split("; the ")[0]
    one = counts.missing == 1
    what = f"the {'one' if one else f'{counts.missing:,}'} without a usable response"
    by_policy: dict[str, list[str]] = {}
    for protocol in sensitivity.protocols:
        by_policy.setdefault(protocol.missing, []).append(protocol.label)
    said = {"exclude": "left out of every number", "fail": "scored as failing every instruction"}
    parts = [f"{said[policy]} under {_names(labels)}" for policy, labels in by_policy.items()]
    verb = "is" if one else "are"
    return f"{head}; {what} {verb} {', '.join(parts)}."


def _names(labels: list[str]) -> str:
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


def format_sensitivity(sensitivity: ProtocolSensitivity) -> str:
    parts = [answered_line(sensitivity)]
    parts += ["\n".join([format_table(section.headers, section.rows, title=section.title),
                        *section.notes])
             for section in _sections(sensitivity, with_ci=False)]
    parts.append(_settings_line(sensitivity))
    parts.extend(f"Note: {note}" for note in sensitivity.notes)
    return "\n\n".join(parts)


def render_sensitivity_markdown(sensitivity: ProtocolSensitivity) -> str:
    base = sensitivity.reports[0].base
    lines = ["# ifevalpp protocol sensitivity", "", f"**{answered_line(sensitivity)}**", "",
             f"- responses: `{base.responses_path}`",
             f"- cases: `{base.cases_path}` (sha256 `{base.cases_sha256}`)",
             f"- {_settings_line(sensitivity)}", ""]
    for section in _sections(sensitivity, with_ci=True):
        lines += [f"## {section.title}", "", markdown_table(section.headers, section.rows), ""]
        if section.notes:
            lines += [" ".join(section.notes), ""]
    if sensitivity.notes:
        lines += ["## Notes", ""] + [f"- {note}" for note in sensitivity.notes] + [""]
    lines += ["Each protocol's full report is in its own directory beside this file; "
              "definitions in docs/protocols.md and docs/metrics.md.", ""]
    return "\n".join(lines)


def render_sensitivity_html(sensitivity: ProtocolSensitivity) -> str:
    from .html import STYLE, html_table

    base = sensitivity.reports[0].base
    body = ["<h1>ifevalpp protocol sensitivity</h1>",
            f'<p class="answered"><strong>{escape(answered_line(sensitivity))}</strong></p>',
            f'<p class="meta">responses <code>{escape(base.responses_path)}</code><br>'
            f"cases <code>{escape(base.cases_path)}</code> (sha256 "
            f"<code>{escape(base.cases_sha256)}</code>)<br>"
            f"{escape(_settings_line(sensitivity))}</p>"]
    for section in _sections(sensitivity, with_ci=True):
        body.append(f"<h2>{escape(section.title)}</h2>")
        body.append(html_table(section.headers, section.rows))
        body.extend(f'<p class="note">{escape(note)}</p>' for note in section.notes)
    if sensitivity.notes:
        body.append("<h2>Notes</h2><ul class=\"notes\">"
                    + "".join(f"<li>{escape(note)}</li>" for note in sensitivity.notes) + "</ul>")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<title>ifevalpp protocol sensitivity</title>"
            f"<style>{STYLE}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")


def sensitivity_document(sensitivity: ProtocolSensitivity) -> dict[str, Any]:
    """protocols.json: every headline number under each protocol, and the flips."""
    def number(value: Any) -> Any:
        return None if isinstance(value, float) and value != value else value

    return {
        "summary": answered_line(sensitivity),
        "protocols": [protocol.parts() for protocol in sensitivity.protocols],
        "reference": sensitivity.reference.label,
        "difference": "protocol - reference (the first protocol)",
        "bootstrap": sensitivity.bootstrap,
        "responses": sensitivity.reports[0].base.responses_path,
        "responses_sha256": sensitivity.reports[0].responses_sha256,
        "cases": sensitivity.reports[0].base.cases_path,
        "cases_sha256": sensitivity.reports[0].base.cases_sha256,
        "numbers": [{key: number(value) for key, value in row.items()} for row in sensitivity.rows],
        "flips": [dict(vars(flip), flipped=flip.flipped) for flip in sensitivity.flips],
        "notes": sensitivity.notes,
    }


def _sensitivity_cell(value: Any) -> Any:
    if isinstance(value, float):
        return "" if value != value else f"{value:.6f}"
    return "" if value is None else value


def write_sensitivity(sensitivity: ProtocolSensitivity, out_dir: str | os.PathLike[str]
                      ) -> list[Path]:
    """Per protocol its full score outputs in `<out>/<protocol>/`; side by side: protocols.csv,
    flips.csv, protocols.json, report.md and report.html in `<out>`."""
    out = Path(out_dir)
    # A single run's files (or other protocols' directories) left in a reused --out go first.
    single = tuple(name for name in OUTPUT_FILES if name not in ("report.md", "report.html"))
    remove_stale_outputs(out, single, keep_dirs=tuple(_directory_name(protocol)
                                                      for protocol in sensitivity.protocols))
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for protocol, report in zip(sensitivity.protocols, sensitivity.reports):
        written.extend(write_outputs(report, out / _directory_name(protocol),
                                     part_of_protocols=True))
    with atomic_write(out / "protocols.csv", durable=False) as handle:
        writer = csv.writer(handle)
        writer.writerow(ROW_COLUMNS)
        for row in sensitivity.rows:
            writer.writerow([_sensitivity_cell(row[column]) for column in ROW_COLUMNS])
    with atomic_write(out / "flips.csv", durable=False) as handle:
        writer = csv.writer(handle)
        writer.writerow(["protocol", "reference", "instruction_id", "mode", "compared",
                         "fail_to_pass", "pass_to_fail", "flipped"])
        for flip in sensitivity.flips:
            writer.writerow([flip.protocol, sensitivity.reference.label, flip.instruction_id,
                             flip.mode, flip.compared, flip.fail_to_pass, flip.pass_to_fail,
                             flip.flipped])
    write_json(out / "protocols.json", sensitivity_document(sensitivity), durable=False)
    with atomic_write(out / "report.md", durable=False) as handle:
        handle.write(render_sensitivity_markdown(sensitivity))
    with atomic_write(out / "report.html", durable=False) as handle:
        handle.write(render_sensitivity_html(sensitivity))
    return written + [out / name for name in ("protocols.csv", "flips.csv", "protocols.json",
                                              "report.md", "report.html")]


def _directory_name(protocol: Protocol) -> str:
    return protocol_directory(protocol.label)
