"""From per-instruction results to the report: the family table, every estimate with its
interval, the first-k sampling numbers."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from ..errors import InputError
from ..protocols import DEFAULT_PROTOCOL, Protocol, resolve_protocol
from .bootstrap import DEFAULT_BATCH, DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED, RatioSums
from .catalogue import MetricInfo, build_sums, largest_k
from .intervals import effective_n, proportion_intervals
from .first_k import ALL_PROMPTS, Outcome, first_k_columns, sampling_numbers
from .plain import ScoreReport, check_k
from .reliability import FamilyTable, family_table
from .report_model import BootstrapSettings, Estimate, IntervalSettings, ReliabilityReport


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
