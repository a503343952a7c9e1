"""`score`: IFEval metrics, reliable@k and breakdowns with confidence intervals — the library
behind `ifevalpp score`.

    from ifevalpp.evaluate import score
    report = score("runs/x/responses.jsonl", "data/families/families.jsonl", k=10)
    report.to_frame()            # every headline number: value, CI
    report.reliability_frame()   # reliable@k by k, strict and loose
    report.by_kind_frame()       # reliable@k per perturbation kind
    report.by_type_frame()       # pass rate per instruction type on originals and each kind
    report.families_frame()      # per family and sample: passes, cousins, reliable@k

Several samples per prompt: every metric is computed on each sample index
alone, then the unweighted mean over sample indices is reported (see
docs/metrics.md). Every reliable@k table counts one set of families at every k: those
with every prompt answered (in every sample) and enough prompts; the others are counted
and named. Intervals: `intervals.proportion_intervals` (exact binomial at the n the data
are worth).
"""

from __future__ import annotations

import csv
import json
import math
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Optional

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from ..errors import InputError
from ..io import atomic_write, sha256_file, write_json, write_jsonl
from ..profiles import Profile
from ..protocols import DEFAULT_PROTOCOL, Protocol, resolve_protocol
from ..schema import KINDS, Provenance
from .bootstrap import DEFAULT_BATCH, DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED, RatioSums
from .columns import Columns
from .catalogue import IFEVAL_METRICS, MetricInfo, build_sums, kind_k, largest_k
from .intervals import effective_n, proportion_intervals
from .distractor import DistractorCounts, distractor_counts
from .first_k import ALL_PROMPTS, FirstKColumns, Outcome, first_k_columns, sampling_numbers
from .metrics import ifeval_metrics_by_sample
from .official import write_official
from .plain import ScoreReport, results_records, score_files_under
from .reliability import DISTRACTOR_MEASURES, MODES, FamilyTable, family_table

if TYPE_CHECKING:
    import pandas as pd  # only the *_frame methods import it, when called


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
    families: int = Field(default=0, description="families (clusters) with at least one item "
                                                 "behind the number")
    effective_n: Optional[float] = Field(default=None, description="the n its interval is "
                                         "computed at (docs/metrics.md)")

    @property
    def ci(self) -> tuple[float, float]:
        return (self.ci_low, self.ci_high)


INTERVAL_METHOD = ("Clopper-Pearson (exact binomial); where a family holds several items: "
                   "Clopper-Pearson at the Korn-Graubard effective n (design effect over "
                   "families, t-adjusted); at 0 or 1: one item per family")


class IntervalSettings(BaseModel):
    """How every number's interval was made (docs/metrics.md, "Confidence intervals")."""

    confidence: float = DEFAULT_CONFIDENCE
    method: str = INTERVAL_METHOD
    cluster: str = "family"


class FamilySet(BaseModel):
    """The families one reliable@k table counts at every k, and why the others are left out."""

    counted: int
    total: int
    k: int = Field(description="the largest k of the table: a family needs this many prompts")
    fewer_prompts: int = Field(description="left out: fewer prompts (or cousins of a kind) "
                                           "than the table needs")
    unanswered: int = Field(description="left out: some prompt without a usable response "
                                        "(in some sample)")
    exact_size: bool = Field(description="every counted family has exactly k prompts")
    cousins_per_kind: Optional[dict[str, int]] = Field(
        default=None, description="the per-kind table: cousins each kind needs")


class Answered(BaseModel):
    """How many of the prompts (× samples) of the case file have a usable response."""

    answered: int
    total: int
    prompts: int
    samples: int
    policy: str
    unmatched: int = 0

    @property
    def missing(self) -> int:
        return self.total - self.answered


class BootstrapSettings(BaseModel):
    """The resampling behind paired differences (`score --protocols`, `compare`); the numbers
    themselves have exact intervals (IntervalSettings)."""

    resamples: int = DEFAULT_RESAMPLES
    confidence: float = DEFAULT_CONFIDENCE
    seed: Optional[int] = DEFAULT_SEED
    method: str = "paired BCa over families, percentile where BCa is undefined"
    cluster: str = "family"


class ReliabilityReport(BaseModel):
    """Everything `ifevalpp score` prints and writes, as data."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    base: ScoreReport
    table: FamilyTable
    protocol: Protocol = Field(default_factory=lambda: resolve_protocol(DEFAULT_PROTOCOL))
    k: int = Field(description="largest k reported; 0 when the families have no cousins")
    requested_k: Optional[int] = None
    bootstrap: BootstrapSettings
    intervals: IntervalSettings = Field(default_factory=IntervalSettings)
    estimates: list[Estimate]
    responses_sha256: Optional[str] = None
    notes: list[str] = Field(default_factory=list)
    # first-k with several samples: the release's numbers when a prompt passes if any of its
    # first s samples does, for s = 1…n (point values; `first_k.sampling_numbers`).
    sampling: list[dict[str, float]] = Field(default_factory=list)
    sampling_families: int = 0  # the families those numbers count (complete in every sample)
    # The per-family sums every estimate came from (for paired comparisons; not serialised).
    sums: Optional[RatioSums] = Field(default=None, exclude=True, repr=False)
    # first-k: the per-family outcomes behind its numbers (families.csv shows them).
    first_k: Optional[FirstKColumns] = Field(default=None, exclude=True, repr=False)

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
    def estimator(self) -> str:
        return self.protocol.estimator

    @property
    def reliable_ks(self) -> list[int]:
        """The k of every reported reliable@k, ascending (1…K, or 1 and 10 under first-k)."""
        return sorted({row.k for row in self.select("reliable", mode="strict")
                       if row.k is not None})

    @property
    def warnings(self) -> list[str]:
        """Problems to say before any number (every response empty, …)."""
        return self.base.warnings

    @property
    def provenance(self) -> Provenance:
        """The ifevalpp version, profile and protocol behind every number of this report."""
        return Provenance.current(self.base.profile, self.protocol)

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

    @property
    def answered(self) -> Answered:
        """N of M: prompts × samples of the case file with a usable response."""
        base = self.base
        answered = sum(1 for record in base.scored if record.missing_reason is None)
        return Answered(answered=answered, total=answered + len(base.missing),
                        prompts=int(self.table.sizes.sum()), samples=len(self.table.samples),
                        policy=self.protocol.missing, unmatched=len(base.unmatched))

    def family_set(self, *, by_kind: bool = False) -> FamilySet:
        """The families the reliable@k table (or, `by_kind`, the per-kind table) counts."""
        table = self.table
        kinds = ([kind for kind in KINDS[1:] if kind_k(table, kind, self.k)] if by_kind
                 else [])
        big_enough = table.big_enough(self.k, kinds)
        chosen = table.reliable_families(self.k, kinds)
        sizes = table.sizes.sum(axis=1)[chosen]
        return FamilySet(
            counted=int(chosen.sum()), total=len(table.cases), k=self.k,
            fewer_prompts=int((~big_enough).sum()),
            unanswered=int((big_enough & ~chosen).sum()),
            exact_size=bool(sizes.size and (sizes == self.k).all()),
            cousins_per_kind={kind: kind_k(table, kind, self.k) - 1 for kind in kinds}
            if by_kind else None)

    # -- lookups ---------------------------------------------------------------
    def estimate(self, metric_id: str) -> Estimate:
        for row in self.estimates:
            if row.id == metric_id:
                return row
        raise KeyError(_unknown_metric(metric_id, [row.id for row in self.estimates]))

    def value(self, metric_id: str) -> float:
        return self.estimate(metric_id).value

    def select(self, section: str, **where: Any) -> list[Estimate]:
        return [row for row in self.estimates if row.section == section and
                all(getattr(row, name) == value for name, value in where.items())]

    # -- frames ----------------------------------------------------------------
    def to_frame(self) -> pd.DataFrame:
        """Every estimate: id, section, mode, kind, k, name, value, ci_low, ci_high, ci_method, count.

        `k` is an integer column (pandas' nullable Int64: empty where a number has no k)."""
        import pandas as pd

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
        for k in self.reliable_ks:
            row: dict[str, Any] = {"k": k}
            for mode in MODES:
                est = self.estimate(f"reliable/{mode}/{k}")
                row.update({mode: est.value, f"{mode}_ci_low": est.ci_low,
                            f"{mode}_ci_high": est.ci_high})
            row["families"] = self.estimate(f"reliable/strict/{k}").count
            rows.append(row)
        return Columns.from_rows(rows, ["k", "strict", "strict_ci_low", "strict_ci_high", "loose",
                                        "loose_ci_low", "loose_ci_high", "families"]).to_frame()

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
        return Columns.from_rows(rows, ["kind", "k", "strict", "strict_ci_low", "strict_ci_high",
                                        "loose", "loose_ci_low", "loose_ci_high",
                                        "families"]).to_frame()

    def by_type_frame(self, *, group: bool = False, paired: bool = False) -> pd.DataFrame:
        """Pass rate per instruction type (or group) and kind: long format with CIs.

        Unpaired (default): every answered prompt of each kind, so kinds may differ in cases.
        `paired`: the cases that have the type in every kind it occurs in (`cases` column),
        the numbers to compare kinds by."""
        return self.by_type_columns(group=group, paired=paired).to_frame()

    def by_type_columns(self, *, group: bool = False, paired: bool = False) -> Columns:
        """`by_type_frame`'s table, without pandas."""
        section = ("group" if group else "type") + ("_paired" if paired else "")
        rows = []
        for est in self.select(section, mode="strict"):
            loose = self.estimate(est.id.replace("/strict/", "/loose/", 1))
            rows.append({"name": est.name, "kind": est.kind, "count": est.count,
                         "cases": est.families,
                         "strict": est.value, "strict_ci_low": est.ci_low,
                         "strict_ci_high": est.ci_high, "loose": loose.value,
                         "loose_ci_low": loose.ci_low, "loose_ci_high": loose.ci_high})
        return Columns.from_rows(rows, ["name", "kind", "count", "cases", "strict",
                                        "strict_ci_low", "strict_ci_high", "loose",
                                        "loose_ci_low", "loose_ci_high"])

    def families_frame(self) -> pd.DataFrame:
        """Per family and sample index: prompts, passes per kind, usable, reliable@k (under
        first-k: the release's per-family outcomes, 1 pass / 0 fail / empty not counted)."""
        return self.families_columns().to_frame()

    def families_columns(self) -> Columns:
        """`families_frame`'s table, without pandas."""
        if self.estimator != "first-k":
            return families_columns(self.table, self.k)
        frame = families_columns(self.table, 0)
        if self.k:
            columns = self.first_k
            if columns is None:
                complete = (self.table.answered == self.table.sizes[:, None, :]).all(axis=2)
                columns = first_k_columns(self.base.scored, self.table.cases, self.table.samples,
                                          excluded=~complete)
            for m_index, mode in enumerate(MODES):
                for name in columns.names:
                    num, den = columns.num[name][:, :, m_index], columns.den[name][:, :, m_index]
                    frame = frame.add(f"first_k_{mode}_{name}",
                                      np.where(den > 0, num, np.nan).ravel())
        return frame

    @property
    def distractor(self) -> DistractorCounts:
        """What the distractor cousins asked for and how many of their requirements were
        checked (the side figure's denominators and what it leaves out)."""
        return distractor_counts(self.base.scored)

    @property
    def has_distractor_figure(self) -> bool:
        """Some distractor requirement was checked: the side figure is reported."""
        return bool(self.select("distractor_followed"))

    def distractor_frame(self) -> pd.DataFrame:
        """The distractor side figure: one row per requirement type (`all` first) and measure
        (followed, constraints, both), strict and loose with CIs; empty when nothing was
        checked."""
        return self.distractor_columns().to_frame()

    def distractor_columns(self) -> Columns:
        """`distractor_frame`'s table, without pandas."""
        rows = []
        for measure in DISTRACTOR_MEASURES:
            for est in self.select(f"distractor_{measure}", mode="strict"):
                loose = self.estimate(est.id.replace("/strict", "/loose", 1))
                rows.append({"type": est.name or "all", "measure": measure, "count": est.count,
                             "strict": est.value, "strict_ci_low": est.ci_low,
                             "strict_ci_high": est.ci_high, "loose": loose.value,
                             "loose_ci_low": loose.ci_low, "loose_ci_high": loose.ci_high})
        columns = ["type", "measure", "count", "strict", "strict_ci_low", "strict_ci_high",
                   "loose", "loose_ci_low", "loose_ci_high"]
        # `all` first, then the types by name; the measures in their order within each.
        rows.sort(key=lambda row: (row["type"] != "all", row["type"],
                                   DISTRACTOR_MEASURES.index(row["measure"])))
        return Columns.from_rows(rows, columns)

    def _distractor_document(self) -> Optional[dict[str, Any]]:
        """metrics.json → distractor: the side figure, its counts and what it leaves out; null
        when the file has no distractor cousins."""
        counts = self.distractor
        if not counts.prompts:
            return None

        def cells(section: str, name: Optional[str] = None) -> dict[str, Any]:
            tail = "" if name is None else f"/{name}"
            return {mode: self._cell(f"{section}/{mode}{tail}") for mode in MODES}

        document: dict[str, Any] = {
            "prompts": counts.prompts, "named": counts.named, "checked": counts.checked,
            "text": counts.text,
            "not_checked_by_profile": [
                {"instruction_id": instruction_id, "reason": reason, "responses": number}
                for (instruction_id, reason), number in sorted(counts.refused.items())],
            "note": counts.note()}
        if self.has_distractor_figure:
            document.update({measure: cells(f"distractor_{measure}")
                             for measure in DISTRACTOR_MEASURES})
            document["by_type"] = {
                est.name: {"count": est.count,
                           **{measure: cells(f"distractor_{measure}", est.name)
                              for measure in DISTRACTOR_MEASURES}}
                for est in self.select("distractor_followed", mode="strict") if est.name}
        return document

    def _cell(self, metric_id: str) -> dict[str, Any]:
        est = self.estimate(metric_id)
        return {"value": _number(est.value), "ci": [_number(est.ci_low), _number(est.ci_high)],
                "n": est.count}

    # -- the JSON document -----------------------------------------------------
    def metrics_document(self) -> dict[str, Any]:
        """metrics.json: every value a fraction in [0, 1] with its CI; null where undefined."""
        cell = self._cell
        base = self.base
        ifeval: dict[str, Any] = {name: cell(f"ifeval/{name}") for name in IFEVAL_METRICS}
        ifeval["prompts"] = self.estimate("ifeval/prompt_strict").count
        ifeval["instructions"] = self.estimate("ifeval/instruction_strict").count
        from ..report.sections import answered_line  # the one wording of the first line

        counts = self.answered
        document: dict[str, Any] = {
            "summary": answered_line(self),
            "answered": {"prompts": counts.answered, "of": counts.total,
                         "missing": counts.missing, "missing_policy": counts.policy,
                         "samples": counts.samples, "unmatched_responses": counts.unmatched},
            "provenance": self.provenance.model_dump(),
            "protocol": self.protocol.parts(),
            "profile": base.profile,
            "estimator": self.protocol.estimator,
            "missing_policy": base.missing_policy,
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
            "intervals": self.intervals.model_dump(),
            "bootstrap": self.bootstrap.model_dump(),
            "reliable_families": self.family_set().model_dump() if self.k else None,
            "by_kind_families": (self.family_set(by_kind=True).model_dump()
                                 if self.select("by_kind") else None),
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
                                     for k in self.reliable_ks} for mode in MODES},
            "relative_drop": ({mode: cell(f"drop/{mode}") for mode in MODES}
                              if self.select("drop") else {}),
            "first_k_sampling": {str(budget): numbers for budget, numbers
                                 in enumerate(self.sampling, start=1)},
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
            "type_by_kind_paired": {kind: {est.name: {
                "count": est.count, "cases": est.families, **{
                    mode: cell(est.id.replace("/strict/", f"/{mode}/", 1)) for mode in MODES}}
                for est in self.select("type_paired", kind=kind, mode="strict")}
                for kind in KINDS if self.select("type_paired", kind=kind)},
            "distractor": self._distractor_document(),
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


def _unknown_metric(metric_id: str, known: list[str]) -> str:
    """A KeyError message that helps: the closest ids, and what ids look like."""
    import difflib

    close = difflib.get_close_matches(metric_id, known, n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(repr(name) for name in close)}?" if close else ""
    return (f"no metric {metric_id!r} in this report{hint} (ids look like "
            f"'ifeval/prompt_strict', 'reliable/strict/10', 'drop/loose', "
            f"'by_kind/rephrasing/strict/4'; report.to_frame()['id'] lists them all)")


def _number(value: float) -> Optional[float]:
    return None if value is None or (isinstance(value, float) and math.isnan(value)) \
        else float(value)


def families_frame(table: FamilyTable, k_max: int) -> pd.DataFrame:
    """Per family and sample index: prompts and passes per kind, usable, reliable@k."""
    return families_columns(table, k_max).to_frame()


def families_columns(table: FamilyTable, k_max: int) -> Columns:
    """`families_frame`'s table, without pandas."""
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
    return Columns(list(columns), columns)


def analyse(base: ScoreReport, *, k: Optional[int] = None, bootstrap: int = DEFAULT_RESAMPLES,
            confidence: float = DEFAULT_CONFIDENCE, seed: Optional[int] = DEFAULT_SEED,
            batch: Optional[int] = DEFAULT_BATCH, protocol: Optional[Protocol] = None,
            cases: Optional[list[Any]] = None) -> ReliabilityReport:
    """Family metrics and their intervals from a scored report (no checker is called).

    `protocol` names how the numbers were made; its estimator picks reliable@k's
    definition (default: the official protocol with the report's profile).
    `cases` fixes the family order (to align several reports family by family).
    `bootstrap`, `seed` and `batch` are recorded for paired differences (`score
    --protocols`, `compare`); every number's own interval is exact (see `intervals`).
    A `k` larger than the largest family is refused (InputError, field --k).
    """
    if k is not None and k < 1:
        raise ValueError(f"k must be at least 1, got {k}")
    if protocol is None:
        protocol = resolve_protocol(DEFAULT_PROTOCOL, profile=base.profile,
                                    missing=base.missing_policy)
    # Under --missing fail the missing prompts are in `scored` already, as failing records.
    table = family_table(base.scored, base.missing if base.missing_policy == "exclude" else (),
                         cases=cases)
    if not table.cases:
        raise InputError("there is nothing to score: the case file has no prompts",
                         path=base.cases_path)
    check_k(k, table.family_size, path=base.cases_path)
    k_max = largest_k(table, k)
    notes = list(base.notes)
    first_k = None
    sampling: list[dict[str, float]] = []
    sampling_families = 0
    if protocol.estimator == "first-k":
        complete = (table.answered == table.sizes[:, None, :]).all(axis=2)
        first_k = first_k_columns(base.scored, table.cases, table.samples, excluded=~complete)
        if k_max:
            if k is not None:
                notes.append("first-k reports the release's fixed numbers (reliable@1, all = "
                             "exactly 10 passing prompts, per kind @2 and @4); --k is not used")
            if table.family_size != ALL_PROMPTS:
                notes.append(f"first-k counts a family as passing 'all' when exactly "
                             f"{ALL_PROMPTS} of its prompts pass (the release's rule); these "
                             f"families have up to {table.family_size} prompts")
            if len(table.samples) > 1:
                sampling = _sampling(base, table, complete)
                sampling_families = int(complete.all(axis=1).sum())
            k_max = ALL_PROMPTS
    sums, infos = build_sums(table, k_max, first_k=first_k)
    intervals = proportion_intervals(sums, confidence=confidence)
    counts = sums.counts()
    clusters = _clusters(sums, infos)
    n_eff = dict(zip(sums.all_ids, effective_n(sums, confidence=confidence)))
    estimates = [Estimate(id=info.id, section=info.section, mode=info.mode, kind=info.kind,
                          k=info.k, name=info.name, value=float(value), ci_low=float(low),
                          ci_high=float(high), ci_method=method, count=counts[info.id],
                          families=clusters[info.id],
                          effective_n=None if method == "none" else float(n_eff[info.id]))
                 for info, value, low, high, method in zip(
                     infos, intervals.value, intervals.low, intervals.high, intervals.method)]
    return ReliabilityReport(
        base=base, table=table, protocol=protocol, k=k_max, requested_k=k,
        bootstrap=BootstrapSettings(resamples=bootstrap, confidence=confidence, seed=seed),
        intervals=IntervalSettings(confidence=confidence),
        estimates=estimates, notes=notes, sampling=sampling,
        sampling_families=sampling_families, sums=sums, first_k=first_k)


def check_k(k: Optional[int], family_size: int, *, path: Optional[str] = None) -> None:
    """Refuse a --k the families cannot answer, as the README promises: beyond the largest
    family, or above 1 on a plain IFEval file (no cousins, so no reliable@k at all)."""
    if k is not None and family_size == 1 and k > 1:
        raise InputError(f"reliable@{k} needs families, and the case file has none (one prompt "
                         f"per case); drop --k (the IFEval metrics need none)",
                         path=path, field="--k")
    if k is not None and family_size > 1 and k > family_size:
        raise InputError(f"--k {k} exceeds the largest family ({family_size} prompts): "
                         f"reliable@{k} is not defined here; give --k {family_size} or less",
                         path=path, field="--k")


def _sampling(base: ScoreReport, table: FamilyTable, complete: np.ndarray
              ) -> list[dict[str, float]]:
    """The release's multi-sample numbers over families complete in every sample index."""
    keep = {str(case) for case, row in zip(table.cases, complete) if row.all()}
    by_sample: dict[int, list[Outcome]] = {}
    for record in base.scored:
        case = str(record.case if record.case is not None else record.key).split(":")[0]
        if case in keep:
            by_sample.setdefault(record.sample, []).append(
                Outcome(case, record.kind or "original", record.follow_all_strict))
    samples = [by_sample[sample] for sample in sorted(by_sample)]
    return sampling_numbers(samples) if samples else []


def _clusters(sums: RatioSums, infos: list[MetricInfo]) -> dict[str, int]:
    """Families with at least one item behind each number (a drop: those of its reliable@1)."""
    present = (sums.den > 0).any(axis=2).sum(axis=0)[sums.den_of]
    found = {name: int(total) for name, total in zip(sums.ids, present)}
    for info in infos:
        if info.section == "drop":
            found[info.id] = found[f"reliable/{info.mode}/1"]
    return found


def score(responses: str | os.PathLike[str],
          cases: Optional[str | os.PathLike[str]] = None, *,
          protocol: Optional[str | Protocol] = None, profile: Optional[Profile] = None,
          estimator: Optional[str] = None, missing: Optional[str] = None,
          k: Optional[int] = None, bootstrap: int = DEFAULT_RESAMPLES,
          confidence: float = DEFAULT_CONFIDENCE, seed: Optional[int] = DEFAULT_SEED,
          require_all: bool = False, allow_unmatched: bool = False,
          workers: Optional[int] = None,
          progress: Optional[Callable[[int, int], None]] = None) -> ReliabilityReport:
    """Score `responses` against a case or family file; IFEval metrics, reliable@k, CIs.

    `cases`: a path, or a revision fetched by `ifevalpp fetch`; default: the prompt file
    the respond manifest beside `responses` names, else `github` (as the CLI).
    `protocol`: a protocol name (official, revised, ifevalpp-paper) or a `Protocol`
    (default: official); `profile`, `estimator`, `missing` override one of its parts.
    Prompts without a usable response are refused (InputError) unless `missing` is given
    or a `protocol` is named (its policy applies); responses that match no prompt are
    refused unless `allow_unmatched`. `k`: the largest k of reliable@k (default: the
    family size; larger is refused). `confidence`: the CI level; `bootstrap` and `seed`:
    the resampling of paired differences (`compare`, `--protocols`); `progress(done,
    total)` follows the scoring.
    """
    chosen = _protocol(protocol if protocol is not None else DEFAULT_PROTOCOL, profile=profile,
                       estimator=estimator, missing=missing)
    base = score_files_under(responses, cases, profiles=[chosen.profile], missing=chosen.missing,
                             require_policy=protocol is None and missing is None,
                             require_all=require_all, allow_unmatched=allow_unmatched,
                             workers=workers, progress=progress, k=k)[0]
    report = analyse(base, k=k, bootstrap=bootstrap, confidence=confidence, seed=seed,
                     protocol=chosen)
    report.responses_sha256 = sha256_file(responses)
    return report


def _protocol(protocol: str | Protocol, **overrides: Optional[str]) -> Protocol:
    if isinstance(protocol, Protocol):
        if any(value is not None for value in overrides.values()):
            return resolve_protocol(protocol.name, **{  # type: ignore[arg-type]
                part: overrides.get(part) or getattr(protocol, part)
                for part in ("profile", "estimator", "missing")})
        return protocol
    return resolve_protocol(protocol, **overrides)  # type: ignore[arg-type]


def json_document(report: ReliabilityReport) -> dict[str, Any]:
    """metrics.json as written (NaN as null): what `score --format json` prints."""
    return json_safe(report.metrics_document())


# -- files ---------------------------------------------------------------------------------

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
    """Every file of OUTPUT_FILES, each written atomically. Files a --protocols run left in
    the directory are removed first (unless this is one of its own protocols' directories)."""
    from ..report.html import render_html
    from ..report.markdown import render_markdown

    out = Path(out_dir)
    if not part_of_protocols:
        remove_stale_outputs(out, SENSITIVITY_FILES)
    out.mkdir(parents=True, exist_ok=True)
    write_jsonl(out / "results.jsonl", results_records(report.base, report.protocol.label))
    write_json(out / "results.manifest.json", results_manifest(report, out / "results.jsonl"))
    write_json(out / "metrics.json", json_document(report))
    write_official(report.base.scored, out)
    with atomic_write(out / "by_type.csv") as handle:
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
    with atomic_write(out / "type_by_kind.csv") as handle:
        report.by_type_columns().add("protocol", label).write_csv(handle)
    with atomic_write(out / "type_paired.csv") as handle:
        report.by_type_columns(paired=True).add("protocol", label).write_csv(handle)
    with atomic_write(out / "families.csv") as handle:
        report.families_columns().add("protocol", label).write_csv(handle)
    with atomic_write(out / "distractor.csv") as handle:
        report.distractor_columns().add("profile", report.profile).add(
            "protocol", label).write_csv(handle)
    with atomic_write(out / "report.md") as handle:
        handle.write(render_markdown(report))
    with atomic_write(out / "report.html") as handle:
        handle.write(render_html(report))
    return [out / name for name in OUTPUT_FILES]


def _fixed(value: float) -> str:
    return "" if value != value else f"{value:.6f}"


def json_safe(value: Any) -> Any:
    """NaN → null (JSON has no NaN), numpy scalars → Python numbers."""
    if isinstance(value, dict):
        return {key: json_safe(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(item) for item in value]
    if isinstance(value, (np.integer,)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        return None if math.isnan(value) else float(value)
    return value


__all__ = ["BootstrapSettings", "Estimate", "ReliabilityReport", "analyse", "families_frame",
           "score", "write_outputs"]


