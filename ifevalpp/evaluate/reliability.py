"""reliable@k and the per-family table every family-level number is computed from.

A family is one case: its original and its cousins (normally three of each kind:
rephrasing, distractor, reconfiguration). A prompt *passes* when every one of
its instructions passes. For a family with original o and cousins C, c of
which pass,

    reliable@1 = pass(o)
    reliable@k = pass(o) · C(c, k−1) / C(|C|, k−1)      for 2 ≤ k ≤ |C| + 1

the probability that the original plus k−1 cousins drawn at random (without
replacement) all pass; it does not depend on cousin order, is non-increasing
in k, and reliable@(|C|+1) is 1 exactly when every prompt of the family passes.
Per perturbation kind, C is that kind's cousins only.

Per sample index s (several responses per prompt), a family is *usable* when
every one of its prompts has a usable response in sample s; other (family,
sample) pairs are excluded from reliable@k and counted, never scored as
failures. reliable@k is undefined (excluded) for a family with fewer than k
prompts.

Nothing here calls a checker: the input is verdict records.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Sequence, Union, cast

import numpy as np

from ..schema import KINDS, MissingResponse, ScoredResponse, key_order, parse_family_key

MODES: tuple[str, ...] = ("strict", "loose")
# What the distractor side figure counts on distractor cousins with a checked requirement:
# the requirement followed, the scored constraints passed, both at once.
DISTRACTOR_MEASURES: tuple[str, ...] = ("followed", "constraints", "both")
CaseId = Union[int, str]


@lru_cache(maxsize=None)
def _comb_table(n_max: int) -> np.ndarray:
    """table[n, r] = C(n, r) as float (0 where r > n), for 0 ≤ n, r ≤ n_max."""
    table = np.zeros((n_max + 1, n_max + 1))
    for n in range(n_max + 1):
        for r in range(n + 1):
            table[n, r] = math.comb(n, r)
    table.setflags(write=False)
    return table


def reliable_at_k(original_passes: np.ndarray | bool | int, passing_cousins: np.ndarray | int,
                  cousins: np.ndarray | int, k: int) -> np.ndarray:
    """pass(o) · C(c, k−1) / C(m, k−1), elementwise; NaN where k−1 > m (undefined).

    `original_passes` is 0/1 (or bool), `passing_cousins` = c ≤ `cousins` = m.
    C(c, k−1) = 0 when fewer than k−1 cousins pass, which gives 0.
    """
    if k < 1:
        raise ValueError(f"k must be at least 1, got {k}")
    original = np.asarray(original_passes, dtype=float)
    c = np.asarray(passing_cousins, dtype=np.int64)
    m = np.asarray(cousins, dtype=np.int64)
    if np.any(c > m) or np.any(c < 0):
        raise ValueError("passing cousins must be between 0 and the number of cousins")
    n_max = int(max(int(np.max(m, initial=0)), k - 1))
    table = _comb_table(n_max)
    ratio = np.divide(table[c, k - 1], table[m, k - 1],
                      out=np.full(np.broadcast(c, m).shape, np.nan),
                      where=table[m, k - 1] > 0)
    return original * ratio


@dataclass
class FamilyTable:
    """Per family and sample index: what every family-level metric needs, as counts.

    Axes: f = family (in first-seen order), s = sample index, kind = KINDS order
    (original, rephrasing, distractor, reconfiguration), t = instruction type,
    mode = (strict, loose).
    """

    cases: list[CaseId]
    samples: list[int]
    types: list[str]
    sizes: np.ndarray            # (F, 4) int: prompts of each kind in the family
    answered: np.ndarray         # (F, S, 4) int: prompts of each kind with a usable response
    passing: np.ndarray          # (F, S, 4, 2) int: prompts of each kind that pass, per mode
    type_counts: np.ndarray      # (F, S, 4, T) int: instructions of type t in answered prompts
    type_passing: np.ndarray     # (F, S, 4, T, 2) int: of those, how many pass, per mode
    missing_reasons: dict[int, list[str]] = field(default_factory=dict)  # family -> reasons
    # The distractor side figure (never part of the counts above), per distractor type d:
    distractor_types: list[str] = field(default_factory=list)
    # (F, S, D) int: answered distractor cousins whose extra requirement of type d was checked
    distractor_checked: np.ndarray = field(default_factory=lambda: np.zeros((0, 0, 0), np.int64))
    # (F, S, D, 3, 2) int: of those, per mode, how many followed the requirement, passed the
    # scored constraints, and did both (DISTRACTOR_MEASURES order)
    distractor_passing: np.ndarray = field(
        default_factory=lambda: np.zeros((0, 0, 0, 3, 2), np.int64))

    @property
    def usable(self) -> np.ndarray:
        """(F, S) bool: has an original and every prompt has a usable response in that sample."""
        return (self.sizes[:, None, 0] > 0) & (self.answered == self.sizes[:, None, :]).all(axis=2)

    @property
    def original_answered(self) -> np.ndarray:
        """(F, S) bool: the original has a usable response (what the IFEval metrics count)."""
        return self.answered[:, :, 0] > 0

    @property
    def family_size(self) -> int:
        """The largest family (prompts, original included)."""
        return int(self.sizes.sum(axis=1).max(initial=0))

    def excluded(self) -> np.ndarray:
        """(F,) bool: families excluded from reliable@k in at least one sample."""
        return cast(np.ndarray, ~self.usable.all(axis=1))

    def big_enough(self, k_max: int, kinds: Sequence[str] = ()) -> np.ndarray:
        """(F,) bool: has an original, at least `k_max` prompts and (`kinds`) as many cousins
        of each of those kinds as the largest family, capped at k_max − 1."""
        chosen = (self.sizes[:, 0] > 0) & (self.sizes.sum(axis=1) >= k_max)
        for kind in kinds:
            position = KINDS.index(kind)
            needed = min(int(self.sizes[:, position].max(initial=0)), max(k_max - 1, 0))
            chosen &= self.sizes[:, position] >= needed
        return chosen

    def reliable_families(self, k_max: int, kinds: Sequence[str] = ()) -> np.ndarray:
        """(F,) bool: the one set of families a reliable@k table counts at every k: big
        enough (`big_enough`) and every prompt answered in every sample index. Counting
        other families at small k only would let the curve rise with k (the missing
        cousins tend to belong to failing families)."""
        return self.big_enough(k_max, kinds) & self.usable.all(axis=1)

    def reliability(self, k_max: int, *, mode: str, kind: str = "all") -> tuple[np.ndarray, np.ndarray]:
        """Per-family reliable@k for k = 1…k_max: values (F, S, K) and defined (F, S, K) bool.

        `kind` "all" uses every cousin; a cousin kind uses the original plus that kind's cousins.
        Values are 0 where undefined (excluded); use `defined` as the denominator.
        """
        m_index = MODES.index(mode)
        if kind == "all":
            cousins = self.sizes[:, 1:].sum(axis=1)
            passing = self.passing[:, :, 1:, m_index].sum(axis=2)
        else:
            position = KINDS.index(kind)
            cousins = self.sizes[:, position]
            passing = self.passing[:, :, position, m_index]
        original = self.passing[:, :, 0, m_index] > 0
        usable = self.usable
        values = np.zeros((len(self.cases), len(self.samples), k_max))
        defined = np.zeros(values.shape, dtype=bool)
        for k in range(1, k_max + 1):
            ok = usable & (cousins[:, None] >= k - 1)
            value = reliable_at_k(original, np.minimum(passing, cousins[:, None]),
                                  np.broadcast_to(cousins[:, None], passing.shape), k)
            values[:, :, k - 1] = np.where(ok, np.nan_to_num(value), 0.0)
            defined[:, :, k - 1] = ok
        return values, defined


def _case_id(text: str) -> CaseId:
    return int(text) if text.isdigit() else text


def family_table(scored: Iterable[ScoredResponse], missing: Iterable[MissingResponse] = (),
                 *, cases: Sequence[CaseId] | None = None,
                 samples: Sequence[int] | None = None) -> FamilyTable:
    """Count, per family and sample, answered and passing prompts and instructions.

    The family layout (which prompts a family has) is the union of the keys of
    `scored` and `missing`: `join` reports every prompt × sample without a
    usable response as missing, so together they list every prompt. `cases`
    fixes the family order (others are appended in first-seen order), so two
    runs can be aligned family by family.
    """
    scored = list(scored)
    missing = list(missing)
    order: dict[str, int] = {}
    display: list[CaseId] = []

    def family_index(case: CaseId) -> int:
        name = str(case)
        position = order.get(name)
        if position is None:
            position = order[name] = len(display)
            display.append(_case_id(name) if isinstance(case, str) else case)
        return position

    for case in cases or ():
        family_index(case)
    if cases is None:  # families in case order, numerically (999 before 1000)
        seen = {str(record.case) if record.case is not None else parse_family_key(record.key)[0]
                for record in scored} | {parse_family_key(record.key)[0] for record in missing}
        for name in sorted(seen, key=key_order):
            family_index(name)
    prompts: set[tuple[int, int, int]] = set()  # (family, kind, index)
    scored_rows = []
    for record in scored:
        if record.case is None or record.kind is None:
            case, kind, index = parse_family_key(record.key)
            case_id, kind_position, index = _case_id(case), KINDS.index(kind), index
        else:
            case_id, kind_position, index = record.case, KINDS.index(record.kind), \
                record.index or 0
        f = family_index(case_id)
        prompts.add((f, kind_position, index))
        scored_rows.append((f, kind_position, record))
    missing_rows: list[tuple[int, int, int, int, str]] = []
    for absent in missing:
        case, kind, index = parse_family_key(absent.key)
        f = family_index(_case_id(case))
        prompts.add((f, KINDS.index(kind), index))
        missing_rows.append((f, KINDS.index(kind), index, absent.sample or 0, absent.reason))
    sample_ids = sorted(set(samples or ()) | {record.sample for _, _, record in scored_rows}
                        | {row[3] for row in missing_rows}) or [0]
    sample_at = {sample: position for position, sample in enumerate(sample_ids)}
    types = sorted({instruction_id for _, _, record in scored_rows
                    for instruction_id in record.instruction_id_list})
    type_at = {name: position for position, name in enumerate(types)}
    n_f, n_s, n_t = len(display), len(sample_ids), len(types)
    sizes = np.zeros((n_f, len(KINDS)), dtype=np.int64)
    for f, kind_position, _ in prompts:
        sizes[f, kind_position] += 1
    answered = np.zeros((n_f, n_s, len(KINDS)), dtype=np.int64)
    passing = np.zeros((n_f, n_s, len(KINDS), 2), dtype=np.int64)
    type_counts = np.zeros((n_f, n_s, len(KINDS), n_t), dtype=np.int64)
    type_passing = np.zeros((n_f, n_s, len(KINDS), n_t, 2), dtype=np.int64)
    for f, kind_position, record in scored_rows:
        s = sample_at[record.sample]
        answered[f, s, kind_position] += 1
        passing[f, s, kind_position, 0] += record.follow_all_strict
        passing[f, s, kind_position, 1] += record.follow_all_loose
        for instruction_id, strict, loose in zip(record.instruction_id_list, record.strict,
                                                 record.loose):
            t = type_at[instruction_id]
            type_counts[f, s, kind_position, t] += 1
            type_passing[f, s, kind_position, t, 0] += strict
            type_passing[f, s, kind_position, t, 1] += loose
    distractor_types, distractor_checked, distractor_passing = _distractor_counts(
        scored_rows, n_f, sample_at)
    reasons: dict[int, list[str]] = {}
    for f, kind_position, index, sample, reason in missing_rows:
        reasons.setdefault(f, []).append(
            f"{display[f]}:{KINDS[kind_position]}:{index} sample {sample}: {reason}")
    for f in range(n_f):
        if sizes[f, 0] == 0:
            reasons.setdefault(f, []).append(f"{display[f]}: the family has no original")
    return FamilyTable(cases=display, samples=sample_ids, types=types, sizes=sizes,
                       answered=answered, passing=passing, type_counts=type_counts,
                       type_passing=type_passing, missing_reasons=reasons,
                       distractor_types=distractor_types, distractor_checked=distractor_checked,
                       distractor_passing=distractor_passing)


def _distractor_counts(rows: list[tuple[int, int, ScoredResponse]], n_f: int,
                       sample_at: dict[int, int]) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Per family, sample and distractor type: checked requirements, and how many of them
    were followed, had the scored constraints pass, and both, per mode."""
    checked = [(f, record, record.distractor) for f, _, record in rows
               if record.distractor is not None and record.distractor.checked]
    types = sorted({str(verdict.instruction_id) for _, _, verdict in checked})
    type_at = {name: position for position, name in enumerate(types)}
    counts = np.zeros((n_f, len(sample_at), len(types)), dtype=np.int64)
    passing = np.zeros((n_f, len(sample_at), len(types), len(DISTRACTOR_MEASURES), 2),
                       dtype=np.int64)
    for f, record, verdict in checked:
        s, d = sample_at[record.sample], type_at[str(verdict.instruction_id)]
        counts[f, s, d] += 1
        for m_index, (followed, constraints) in enumerate(
                ((verdict.strict, record.follow_all_strict),
                 (verdict.loose, record.follow_all_loose))):
            passing[f, s, d, 0, m_index] += bool(followed)
            passing[f, s, d, 1, m_index] += bool(constraints)
            passing[f, s, d, 2, m_index] += bool(followed) and bool(constraints)
    return types, counts, passing


__all__ = ["DISTRACTOR_MEASURES", "FamilyTable", "MODES", "family_table", "reliable_at_k"]
