"""`score`: IFEval metrics, reliable@k and breakdowns with bootstrap CIs — the library behind
`ifevalpp score`.

    from ifevalpp.evaluate import score
    report = score("runs/x/responses.jsonl", "data/families/families.jsonl", k=10)
    report.to_frame()            # every headline number: value, CI
    report.reliability_frame()   # reliable@k by k, strict and loose
    report.by_kind_frame()       # reliable@k per perturbation kind
    report.by_type_frame()       # pass rate per instruction type on originals and each kind
    report.families_frame()      # per family and sample: passes, cousins, reliable@k

Several samples per prompt: every metric is computed on each sample index
alone, then the unweighted mean over sample indices is reported (see
docs/metrics.md). Families with a missing or failed response are excluded from
reliable@k (for that sample index) and counted.
"""

from __future__ import annotations

import csv
import math
import os
from pathlib import Path
from typing import Any, Callable, Optional

import numpy as np
import pandas as pd
from pydantic import BaseModel, ConfigDict, Field

from ..errors import InputError
from ..io import atomic_write, sha256_file, write_json, write_jsonl
from ..profiles import Profile
from ..schema import KINDS, Provenance
from .bootstrap import (DEFAULT_BATCH, DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED,
                        ratio_intervals)
from .catalogue import IFEVAL_METRICS, MetricInfo, build_sums, largest_k
from .metrics import ifeval_metrics_by_sample
from .official import write_official
from .plain import DEFAULT_CASES, ScoreReport, results_records, score_file
from .reliability import MODES, FamilyTable, family_table


class Estimate(BaseModel):
    """One reported number with its confidence interval (NaN when there is no data)."""

    id: str
    section: str
    mode: str
    kind: str
    k: Optional[int] = None
    name: Optional[str] = None
    value: float
    ci_low: float
    ci_high: float
    ci_method: str
    count: int = Field(description="items behind the number, over all samples: prompts, "
                                   "instructions or usable families")

    @property
    def ci(self) -> tuple[float, float]:
        return (self.ci_low, self.ci_high)


class BootstrapSettings(BaseModel):
    resamples: int = DEFAULT_RESAMPLES
    confidence: float = DEFAULT_CONFIDENCE
    seed: Optional[int] = DEFAULT_SEED
    method: str = "BCa, percentile where BCa is undefined"
    cluster: str = "family"


class ReliabilityReport(BaseModel):
    """Everything `ifevalpp score` prints and writes, as data."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    base: ScoreReport
    table: FamilyTable
    k: int = Field(description="largest k reported; 0 when the families have no cousins")
    requested_k: Optional[int] = None
    bootstrap: BootstrapSettings
    estimates: list[Estimate]
    responses_sha256: Optional[str] = None
    notes: list[str] = Field(default_factory=list)

    # -- what the base report knows ------------------------------------------------
    @property
    def profile(self) -> Profile:
        return self.base.profile

    @property
    def scored(self):  # type: ignore[no-untyped-def]
        return self.base.scored

    @property
    def missing(self):  # type: ignore[no-untyped-def]
        return self.base.missing

    @property
    def warnings(self) -> list[str]:
        """Problems to say before any number (every response empty, …)."""
        return self.base.warnings

    @property
    def provenance(self) -> Provenance:
        """The ifevalpp version and profile behind every number of this report."""
        return Provenance.current(self.base.profile)

    @property
    def has_cousins(self) -> bool:
        """reliable@k is reported (the families have cousins)."""
        return self.k >= 1

    @property
    def samples(self) -> list[int]:
        return list(self.table.samples)

    @property
    def n_families(self) -> int:
        """Families that enter reliable@k (usable in at least one sample index)."""
        return int(self.table.usable.any(axis=1).sum())

    @property
    def n_excluded(self) -> int:
        """Families excluded from reliable@k in at least one sample index."""
        return int(self.table.excluded().sum())

    # -- lookups ---------------------------------------------------------------
    def estimate(self, metric_id: str) -> Estimate:
        for row in self.estimates:
            if row.id == metric_id:
                return row
        raise KeyError(metric_id)

    def value(self, metric_id: str) -> float:
        return self.estimate(metric_id).value

    def select(self, section: str, **where: Any) -> list[Estimate]:
        return [row for row in self.estimates if row.section == section and
                all(getattr(row, name) == value for name, value in where.items())]

    # -- frames ----------------------------------------------------------------
    def to_frame(self) -> pd.DataFrame:
        """Every estimate: id, section, mode, kind, k, name, value, ci_low, ci_high, ci_method, count.

        `k` is an integer column (pandas' nullable Int64: empty where a number has no k)."""
        frame = pd.DataFrame([row.model_dump() for row in self.estimates],
                             columns=list(Estimate.model_fields))
        frame["k"] = frame["k"].astype("Int64")
        return frame

    def results_frame(self) -> pd.DataFrame:
        """One row per scored response and instruction (the flat per-item table)."""
        frame = self.base.to_frame()
        if not frame.empty:
            cases = {str(record.key): record.case for record in self.base.scored}
            frame.insert(1, "case", frame["key"].map(lambda key: cases.get(str(key))))
        return frame

    def reliability_frame(self) -> pd.DataFrame:
        """reliable@k for k = 1…K: one row per k, strict and loose with CIs."""
        rows = []
        for k in range(1, self.k + 1):
            row: dict[str, Any] = {"k": k}
            for mode in MODES:
                est = self.estimate(f"reliable/{mode}/{k}")
                row.update({mode: est.value, f"{mode}_ci_low": est.ci_low,
                            f"{mode}_ci_high": est.ci_high})
            row["families"] = self.estimate(f"reliable/strict/{k}").count
            rows.append(row)
        return pd.DataFrame(rows, columns=["k", "strict", "strict_ci_low", "strict_ci_high",
                                           "loose", "loose_ci_low", "loose_ci_high", "families"])

    def by_kind_frame(self) -> pd.DataFrame:
        """reliable@k per perturbation kind (original + that kind's cousins)."""
        rows = []
        for kind in KINDS[1:]:
            for est in self.select("by_kind", kind=kind, mode="strict"):
                loose = self.estimate(f"by_kind/{kind}/loose/{est.k}")
                rows.append({"kind": kind, "k": est.k, "strict": est.value,
                             "strict_ci_low": est.ci_low, "strict_ci_high": est.ci_high,
                             "loose": loose.value, "loose_ci_low": loose.ci_low,
                             "loose_ci_high": loose.ci_high, "families": est.count})
        return pd.DataFrame(rows, columns=["kind", "k", "strict", "strict_ci_low",
                                           "strict_ci_high", "loose", "loose_ci_low",
                                           "loose_ci_high", "families"])

    def by_type_frame(self, *, group: bool = False) -> pd.DataFrame:
        """Pass rate per instruction type (or group) and kind: long format with CIs."""
        section = "group" if group else "type"
        rows = []
        for est in self.select(section, mode="strict"):
            loose = self.estimate(est.id.replace("/strict/", "/loose/", 1))
            rows.append({"name": est.name, "kind": est.kind, "count": est.count,
                         "strict": est.value, "strict_ci_low": est.ci_low,
                         "strict_ci_high": est.ci_high, "loose": loose.value,
                         "loose_ci_low": loose.ci_low, "loose_ci_high": loose.ci_high})
        return pd.DataFrame(rows, columns=["name", "kind", "count", "strict", "strict_ci_low",
                                           "strict_ci_high", "loose", "loose_ci_low",
                                           "loose_ci_high"])

    def families_frame(self) -> pd.DataFrame:
        """Per family and sample index: prompts, passes per kind, usable, reliable@k."""
        return families_frame(self.table, self.k)

    # -- the JSON document -----------------------------------------------------
    def metrics_document(self) -> dict[str, Any]:
        """metrics.json: every value a fraction in [0, 1] with its CI; null where undefined."""
        def cell(metric_id: str) -> dict[str, Any]:
            est = self.estimate(metric_id)
            return {"value": _number(est.value), "ci": [_number(est.ci_low), _number(est.ci_high)]}

        base = self.base
        ifeval: dict[str, Any] = {name: cell(f"ifeval/{name}") for name in IFEVAL_METRICS}
        ifeval["prompts"] = self.estimate("ifeval/prompt_strict").count
        ifeval["instructions"] = self.estimate("ifeval/instruction_strict").count
        document: dict[str, Any] = {
            "provenance": self.provenance.model_dump(),
            "profile": base.profile,
            "families": self.n_families,
            "missing": self.n_excluded,
            "families_total": len(self.table.cases),
            "missing_family_samples": int((~self.table.usable).sum()),
            "samples": len(self.table.samples),
            "family_size": self.table.family_size,
            "k": self.k,
            "cases": base.cases_path,
            "cases_sha256": base.cases_sha256,
            "responses": base.responses_path,
            "responses_sha256": self.responses_sha256,
            "bootstrap": {**self.bootstrap.model_dump(),
                          "percentile_fallback": [row.id for row in self.estimates
                                                  if row.ci_method == "percentile"]},
            "ifeval": ifeval,
            "all_prompts": {kind: {
                "prompts": self.estimate(f"prompts/{kind}/prompt_strict").count,
                "instructions": self.estimate(f"prompts/{kind}/instruction_strict").count,
                **{name: cell(f"prompts/{kind}/{name}") for name in IFEVAL_METRICS}}
                for kind in ("all", *KINDS) if self.select("prompts", kind=kind)},
            "run": base.run.model_dump() if base.run is not None else None,
            "truncated": {row.kind: {"truncated": row.truncated, "answers": row.answers,
                                     "fraction": _number(row.fraction)}
                          for row in base.truncation()},
            "reliable_at_k": {mode: {str(k): cell(f"reliable/{mode}/{k}")
                                     for k in range(1, self.k + 1)} for mode in MODES},
            "relative_drop": ({mode: cell(f"drop/{mode}") for mode in MODES}
                              if self.k >= 2 else {}),
            "by_kind": {kind: {mode: {str(est.k): cell(est.id)
                                      for est in self.select("by_kind", kind=kind, mode=mode)}
                               for mode in MODES}
                        for kind in KINDS[1:] if self.select("by_kind", kind=kind)},
            "ifeval_by_sample": ({str(sample): metrics.model_dump() for sample, metrics
                                  in ifeval_metrics_by_sample(base.scored).items()}
                                 if len(self.table.samples) > 1 else {}),
            "by_type": self._type_rows("type"),
            "by_group": self._type_rows("group"),
            "type_by_kind": {kind: {est.name: {"count": est.count, **{
                mode: cell(est.id.replace("/strict/", f"/{mode}/", 1)) for mode in MODES}}
                for est in self.select("type", kind=kind, mode="strict")}
                for kind in KINDS if self.select("type", kind=kind)},
            "scored": len(base.scored),
            "missing_responses": [item.model_dump() for item in base.missing],
            "excluded_families": [
                {"case": self.table.cases[f], "reasons": reasons}
                for f, reasons in sorted(self.table.missing_reasons.items())],
            "unmatched": base.unmatched,
            "warnings": self.warnings,
            "notes": self.notes,
        }
        return document

    def _type_rows(self, section: str) -> list[dict[str, Any]]:
        """The plain-scoring by_type / by_group rows (originals), each value with its CI."""
        rows = []
        for est in self.select(section, kind="original", mode="strict"):
            loose = self.estimate(est.id.replace("/strict/", "/loose/", 1))
            rows.append({"name": est.name, "count": est.count, "strict": _number(est.value),
                         "loose": _number(loose.value),
                         "strict_ci": [_number(est.ci_low), _number(est.ci_high)],
                         "loose_ci": [_number(loose.ci_low), _number(loose.ci_high)]})
        return rows


def _number(value: float) -> Optional[float]:
    return None if value is None or (isinstance(value, float) and math.isnan(value)) \
        else float(value)


def families_frame(table: FamilyTable, k_max: int) -> pd.DataFrame:
    """Per family and sample index: prompts and passes per kind, usable, reliable@k."""
    n_f, n_s = len(table.cases), len(table.samples)
    columns: dict[str, Any] = {
        "case": np.repeat(np.asarray(table.cases, dtype=object), n_s),
        "sample": np.tile(np.asarray(table.samples), n_f),
        "prompts": np.repeat(table.sizes.sum(axis=1), n_s),
        "usable": table.usable.ravel(),
    }
    for position, kind in enumerate(KINDS):
        columns[f"{kind}_prompts"] = np.repeat(table.sizes[:, position], n_s)
        columns[f"{kind}_answered"] = table.answered[:, :, position].ravel()
        for m_index, mode in enumerate(MODES):
            columns[f"{kind}_passing_{mode}"] = table.passing[:, :, position, m_index].ravel()
    if k_max >= 1:
        for mode in MODES:
            values, defined = table.reliability(k_max, mode=mode)
            for k in range(1, k_max + 1):
                columns[f"reliable_{mode}_{k}"] = np.where(defined[:, :, k - 1],
                                                           values[:, :, k - 1], np.nan).ravel()
    return pd.DataFrame(columns)


def analyse(base: ScoreReport, *, k: Optional[int] = None, bootstrap: int = DEFAULT_RESAMPLES,
            confidence: float = DEFAULT_CONFIDENCE, seed: Optional[int] = DEFAULT_SEED,
            batch: Optional[int] = DEFAULT_BATCH) -> ReliabilityReport:
    """Family metrics and bootstrap CIs from a scored report (no checker is called)."""
    if k is not None and k < 1:
        raise ValueError(f"k must be at least 1, got {k}")
    table = family_table(base.scored, base.missing)
    if not table.cases:
        raise InputError("there is nothing to score: the case file has no prompts",
                         path=base.cases_path)
    k_max = largest_k(table, k)
    notes = list(base.notes)
    if k_max == 0 and k is not None and k > 1:
        notes.append("the prompts have no cousins (plain IFEval cases): reliable@k is not "
                     "reported, only the IFEval metrics")
    elif k is not None and k > k_max > 0:
        notes.append(f"--k {k} exceeds the largest family ({k_max} prompts): reporting "
                     f"k = 1…{k_max}")
    if k_max and len(set(table.sizes.sum(axis=1).tolist())) > 1:
        notes.append("families differ in size: a family enters reliable@k only for k up to "
                     "its own number of prompts")
    sums, infos = build_sums(table, k_max)
    intervals = ratio_intervals(sums, n_resamples=bootstrap, confidence=confidence, seed=seed,
                                batch=batch)
    counts = _counts(sums, infos)
    estimates = [Estimate(id=info.id, section=info.section, mode=info.mode, kind=info.kind,
                          k=info.k, name=info.name, value=float(value), ci_low=float(low),
                          ci_high=float(high), ci_method=method, count=counts[info.id])
                 for info, value, low, high, method in zip(
                     infos, intervals.value, intervals.low, intervals.high, intervals.method)]
    return ReliabilityReport(
        base=base, table=table, k=k_max, requested_k=k,
        bootstrap=BootstrapSettings(resamples=bootstrap, confidence=confidence, seed=seed),
        estimates=estimates, notes=notes)


def _counts(sums, infos: list[MetricInfo]) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """Σ denominator over families and samples: prompts, instructions or usable families."""
    totals = sums.den.sum(axis=(0, 2))[sums.den_of]
    counts = {name: int(round(total)) for name, total in zip(sums.ids, totals)}
    for info in infos:
        if info.section == "drop":
            counts[info.id] = counts[f"reliable/{info.mode}/{info.k}"]
    return counts


def score(responses: str | os.PathLike[str], cases: str | os.PathLike[str] = DEFAULT_CASES, *,
          profile: Profile = "official", k: Optional[int] = None,
          bootstrap: int = DEFAULT_RESAMPLES, confidence: float = DEFAULT_CONFIDENCE,
          seed: Optional[int] = DEFAULT_SEED, require_all: bool = False,
          workers: Optional[int] = None,
          progress: Optional[Callable[[int, int], None]] = None) -> ReliabilityReport:
    """Score `responses` against a case or family file; IFEval metrics, reliable@k, CIs.

    `cases`: a path, or a revision fetched by `ifevalpp fetch` (default `github`,
    as the CLI); `k`: the largest k of reliable@k (default: the family size);
    `bootstrap`: resamples of families (0 = no intervals); `confidence`: the CI
    level; `seed`: fixes the resampled families, so the same call gives the same
    numbers; `progress(done, total)` follows the scoring.
    """
    base = score_file(responses, cases, profile=profile, require_all=require_all,
                      workers=workers, progress=progress)
    report = analyse(base, k=k, bootstrap=bootstrap, confidence=confidence, seed=seed)
    report.responses_sha256 = sha256_file(responses)
    return report


def json_document(report: ReliabilityReport) -> dict[str, Any]:
    """metrics.json as written (NaN as null): what `score --format json` prints."""
    return _json_safe(report.metrics_document())


# -- files ---------------------------------------------------------------------------------

OUTPUT_FILES = ("results.jsonl", "results.manifest.json", "metrics.json", "eval_results_strict.jsonl",
                "eval_results_loose.jsonl", "by_type.csv", "type_by_kind.csv", "families.csv",
                "report.md", "report.html")


def results_manifest(report: ReliabilityReport, results: Path) -> dict[str, Any]:
    """results.manifest.json: what results.jsonl was made from and by what (it has no header)."""
    base = report.base
    return {"provenance": report.provenance.model_dump(), "file": results.name,
            "sha256": sha256_file(results), "records": len(base.scored),
            "responses": base.responses_path, "responses_sha256": report.responses_sha256,
            "cases": base.cases_path, "cases_sha256": base.cases_sha256}


def write_outputs(report: ReliabilityReport, out_dir: str | os.PathLike[str]) -> list[Path]:
    """Every file of OUTPUT_FILES, each written atomically."""
    from ..report.html import render_html
    from ..report.markdown import render_markdown

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    write_jsonl(out / "results.jsonl", results_records(report.base))
    write_json(out / "results.manifest.json", results_manifest(report, out / "results.jsonl"))
    write_json(out / "metrics.json", json_document(report))
    write_official(report.base.scored, out)
    with atomic_write(out / "by_type.csv") as handle:
        writer = csv.writer(handle)
        writer.writerow(["level", "name", "count", "strict", "loose", "profile",
                         "strict_ci_low", "strict_ci_high", "loose_ci_low", "loose_ci_high"])
        for level, section in (("group", "group"), ("type", "type")):
            frame = report.by_type_frame(group=section == "group")
            for row in frame[frame["kind"] == "original"].itertuples(index=False):
                writer.writerow([level, row.name, row.count, _fixed(row.strict),
                                 _fixed(row.loose), report.profile, _fixed(row.strict_ci_low),
                                 _fixed(row.strict_ci_high), _fixed(row.loose_ci_low),
                                 _fixed(row.loose_ci_high)])
    with atomic_write(out / "type_by_kind.csv") as handle:
        report.by_type_frame().to_csv(handle, index=False, float_format="%.6f")
    with atomic_write(out / "families.csv") as handle:
        report.families_frame().to_csv(handle, index=False, float_format="%.6f")
    with atomic_write(out / "report.md") as handle:
        handle.write(render_markdown(report))
    with atomic_write(out / "report.html") as handle:
        handle.write(render_html(report))
    return [out / name for name in OUTPUT_FILES]


def _fixed(value: float) -> str:
    return "" if value != value else f"{value:.6f}"


def _json_safe(value: Any) -> Any:
    """NaN → null (JSON has no NaN), numpy scalars → Python numbers."""
    if isinstance(value, dict):
        return {key: _json_safe(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_safe(item) for item in value]
    if isinstance(value, (np.integer,)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return None if math.isnan(value) else float(value)
    return value


__all__ = ["BootstrapSettings", "Estimate", "ReliabilityReport", "analyse", "families_frame",
           "score", "write_outputs"]


