"""The report `score` returns: IFEval metrics, reliable@k and breakdowns with confidence intervals — the library
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

from typing import TYPE_CHECKING, Any, Optional

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from ..profiles import Profile
from ..protocols import DEFAULT_PROTOCOL, Protocol, resolve_protocol
from ..schema import KINDS, MissingResponse, Provenance, ScoredResponse
from .bootstrap import DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED, RatioSums
from .columns import Columns
from .catalogue import kind_k
from .distractor import DistractorCounts, distractor_counts
from .intervals import clopper_pearson
from .first_k import FirstKColumns, first_k_columns
from .plain import ScoreReport
from .reliability import DISTRACTOR_MEASURES, MODES, FamilyTable

if TYPE_CHECKING:
    import pandas as pd  # only the *_frame methods import it, when called


# The numbers of the first-k sampling table, per budget of samples.
SAMPLING_NAMES = ["original", "all"] + [f"{kind}@{depth}" for kind in KINDS[1:]
                                        for depth in (2, 4)]


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

    def sampling_intervals(self) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """Per budget of s samples (first-k): the values of SAMPLING_NAMES and their
        Clopper-Pearson bounds, each family counted once."""
        n = self.sampling_families
        out = []
        for numbers in self.sampling:
            values = np.array([numbers.get(name, float("nan")) for name in SAMPLING_NAMES])
            low, high = clopper_pearson(np.nan_to_num(values) * n,
                                        np.full(len(SAMPLING_NAMES), float(n)),
                                        self.intervals.confidence)
            out.append((values, low, high))
        return out

    # -- what the base report knows ------------------------------------------------
    @property
    def profile(self) -> Profile:
        return self.base.profile

    @property
    def scored(self) -> list[ScoredResponse]:
        return self.base.scored

    @property
    def missing(self) -> list[MissingResponse]:
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
def _unknown_metric(metric_id: str, known: list[str]) -> str:
    """A KeyError message that helps: the closest ids, and what ids look like."""
    import difflib

    close = difflib.get_close_matches(metric_id, known, n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(repr(name) for name in close)}?" if close else ""
    return (f"no metric {metric_id!r} in this report{hint} (ids look like "
            f"'ifeval/prompt_strict', 'reliable/strict/10', 'drop/loose', "
            f"'by_kind/rephrasing/strict/4'; report.to_frame()['id'] lists them all)")



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
