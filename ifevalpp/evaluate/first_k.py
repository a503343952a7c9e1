"""The `first-k` estimator: reliable@k exactly as IFEval++'s `calculate_reliable_at_k` counts it.

The release walks its outputs in file order and groups them by case id (the
part of the key before the first ':'), originals first:

* all       — a family passes when exactly 10 of its prompts pass (with the
              release's 10-prompt families: every prompt; a family with fewer
              than 10 prompts never passes, one with more passes when exactly
              10 of them do);
* original  — the family's original passes;
* <kind>@2  — the original and the first cousin of that kind (in file order)
              both pass; a family without such a cousin fails;
* <kind>@4  — the original and the first three cousins of that kind pass; a
              family with fewer than three fails;
* drop      — 1 − all / original.

Denominators count every family in the list: `all` every family with any
prompt, `original` every family with an original, `<kind>@k` every family
with an original or a cousin of that kind.

Multi-sample variant (`calculate_reliability_metrics_for_sampling`): with n
samples per prompt, for each budget s = 1…n a prompt counts as passing when
any of its first s samples passes, and the same numbers are computed.

Nothing here calls a checker: the input is verdict records in file order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence, Union

import numpy as np

from ..schema import COUSIN_KINDS, ScoredResponse, parse_family_key

CaseId = Union[int, str]
# The release's fixed family size for "all", and the kind depths it reports.
ALL_PROMPTS = 10
KIND_DEPTHS: tuple[int, ...] = (2, 4)


@dataclass(frozen=True)
class Outcome:
    """One prompt's verdict as the release sees it: its case, kind and whether it passed."""

    case: str
    kind: str
    passed: bool


def release_numbers(outcomes: Sequence[Outcome]) -> dict[str, float]:
    """The release's nine numbers for outcomes in file order (one sample per prompt).

    Keys: `all`, `original`, `<kind>@2`, `<kind>@4` for each cousin kind, and
    `drop`. A number with an empty denominator is NaN (the release would divide
    by zero).
    """
    families = _families(outcomes)
    numbers: dict[str, float] = {}
    numbers["all"] = _share([_passes_all(rows) for rows in families.values()])
    numbers["original"] = _share([_passes_original(rows) for rows in families.values()
                                  if _has_original(rows)])
    for kind in COUSIN_KINDS:
        counted = [rows for rows in families.values() if _counts_for(rows, kind)]
        for depth in KIND_DEPTHS:
            numbers[f"{kind}@{depth}"] = _share([_passes_kind(rows, kind, depth)
                                                 for rows in counted])
    numbers["drop"] = (1.0 - numbers["all"] / numbers["original"]
                       if numbers["original"] else float("nan"))
    return numbers


def sampling_numbers(outcomes_by_sample: Sequence[Sequence[Outcome]]) -> list[dict[str, float]]:
    """The multi-sample variant: for budget s = 1…n, a prompt passes if any of its first s
    samples passes. `outcomes_by_sample[i]` lists sample i's outcomes in the same prompt order."""
    if not outcomes_by_sample:
        return []
    passed = np.array([[outcome.passed for outcome in sample] for sample in outcomes_by_sample],
                      dtype=bool)
    if len({len(sample) for sample in outcomes_by_sample}) != 1:
        raise ValueError("every sample must list the same prompts")
    template = outcomes_by_sample[0]
    budgets = np.logical_or.accumulate(passed, axis=0)
    return [release_numbers([Outcome(row.case, row.kind, bool(value))
                             for row, value in zip(template, budget)]) for budget in budgets]


# -- per family, for the bootstrap ---------------------------------------------------------


@dataclass
class FirstKColumns:
    """Per family and sample index: 0/1 pass (`num`) and counted (`den`) of each release number.

    `names` are `original`, `all` and `<kind>@<depth>`; arrays are (F, S, 2 modes).
    """

    names: list[str]
    num: dict[str, np.ndarray]
    den: dict[str, np.ndarray]


def first_k_columns(scored: Iterable[ScoredResponse], cases: Sequence[CaseId],
                    samples: Sequence[int], *, excluded: np.ndarray | None = None
                    ) -> FirstKColumns:
    """The release's per-family outcomes for each (family, sample), strict and loose.

    `scored` must be in file order (as `join` produces it). `cases` and
    `samples` fix the axes (a `FamilyTable`'s). `excluded` (F, S) bool marks
    families left out of every number in that sample (a missing response under
    `--missing exclude`).
    """
    family_at = {str(case): position for position, case in enumerate(cases)}
    sample_at = {sample: position for position, sample in enumerate(samples)}
    rows: dict[tuple[int, int], list[tuple[str, bool, bool]]] = {}
    for record in scored:
        case, kind = _case_and_kind(record)
        key = (family_at[case], sample_at[record.sample])
        rows.setdefault(key, []).append((kind, record.follow_all_strict, record.follow_all_loose))
    names = ["original", "all"] + [f"{kind}@{depth}" for kind in COUSIN_KINDS
                                   for depth in KIND_DEPTHS]
    shape = (len(cases), len(samples), 2)
    num = {name: np.zeros(shape) for name in names}
    den = {name: np.zeros(shape) for name in names}
    for (f, s), family in rows.items():
        if excluded is not None and excluded[f, s]:
            continue
        for m in (0, 1):
            outcomes = [Outcome("", kind, verdicts[m]) for kind, *verdicts in family]
            ordered = _originals_first(outcomes)
            den["all"][f, s, m] = 1
            num["all"][f, s, m] = _passes_all(ordered)
            if _has_original(ordered):
                den["original"][f, s, m] = 1
                num["original"][f, s, m] = _passes_original(ordered)
            for kind in COUSIN_KINDS:
                if _counts_for(ordered, kind):
                    for depth in KIND_DEPTHS:
                        den[f"{kind}@{depth}"][f, s, m] = 1
                        num[f"{kind}@{depth}"][f, s, m] = _passes_kind(ordered, kind, depth)
    return FirstKColumns(names=names, num=num, den=den)


# -- the release's rules -------------------------------------------------------------------


def _case_and_kind(record: ScoredResponse) -> tuple[str, str]:
    if record.case is not None and record.kind is not None:
        return str(record.case), record.kind
    case, kind, _ = parse_family_key(record.key)
    return case, kind


def _families(outcomes: Sequence[Outcome]) -> dict[str, list[Outcome]]:
    """Outcomes grouped by case, originals first (in file order), then cousins in file order."""
    families: dict[str, list[Outcome]] = {}
    for outcome in outcomes:
        if outcome.kind == "original":
            families.setdefault(outcome.case, []).append(outcome)
    for outcome in outcomes:
        if outcome.kind != "original":
            families.setdefault(outcome.case, []).append(outcome)
    return families


def _originals_first(rows: Sequence[Outcome]) -> list[Outcome]:
    return ([row for row in rows if row.kind == "original"]
            + [row for row in rows if row.kind != "original"])


def _has_original(rows: Sequence[Outcome]) -> bool:
    return any(row.kind == "original" for row in rows)


def _passes_all(rows: Sequence[Outcome]) -> bool:
    return sum(row.passed for row in rows) == ALL_PROMPTS


def _passes_original(rows: Sequence[Outcome]) -> bool:
    return sum(row.passed for row in rows if row.kind == "original") == 1


def _counts_for(rows: Sequence[Outcome], kind: str) -> bool:
    return any(row.kind in ("original", kind) for row in rows)


def _passes_kind(rows: Sequence[Outcome], kind: str, depth: int) -> bool:
    chain = [row for row in rows if row.kind in ("original", kind)]
    return sum(row.passed for row in chain[:depth]) == depth


def _share(flags: Sequence[bool]) -> float:
    return sum(flags) / len(flags) if flags else float("nan")


__all__ = ["ALL_PROMPTS", "FirstKColumns", "KIND_DEPTHS", "Outcome", "first_k_columns",
           "release_numbers", "sampling_numbers"]
