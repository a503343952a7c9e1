"""Which metrics are reported, and each one as a ratio of per-family sums.

One place names every number (`MetricInfo`: an id such as `reliable/strict/10`
plus its section, mode, kind, k and name) and says how it is computed from a
`FamilyTable`. `score` puts an interval on each (`intervals`); `compare` bootstraps the
difference of two runs' sums, matched by id.

Sections (per sample index, then averaged over sample indices):

* ifeval/<prompt|instruction>_<mode>: the IFEval metrics on originals with a
  usable response — passing originals / answered originals, passing
  instructions / instructions;
* reliable/<mode>/<k>: Σ per-family reliable@k / families counted, one set of families at
  every k (`FamilyTable.reliable_families`: every prompt answered, at least K prompts);
* drop/<mode>: 1 − reliable@K / reliable@1 (K the largest k reported);
* by_kind/<kind>/<mode>/<k>: reliable@k on the original plus that kind's cousins, one set
  of families for every kind and k (those with every kind's cousins, all answered);
* with the `first-k` estimator (IFEval++'s counting, `first_k.py`) the reliable,
  drop and by_kind sections hold the release's numbers instead: reliable/<mode>/1
  (original), reliable/<mode>/10 (all: exactly 10 prompts pass), drop/<mode>
  (1 − all / original) and by_kind/<kind>/<mode>/<2|4>;
* type/<kind>/<mode>/<type> and group/<kind>/<mode>/<group>: pass rate of one
  instruction type (or group) on every answered prompt of one kind: passing / total
  instructions of that type (ratio of sums over families). Unpaired: each kind has its
  own cases, so a difference between kinds may be a difference between cases;
* type_paired/<kind>/<mode>/<type> and group_paired/…: the same on the cases that have the
  type in every kind it occurs in, all those prompts answered (`paired_families`): what
  the report compares between kinds;
* distractor_<measure>/<mode> and distractor_<measure>/<mode>/<type>: the distractor side
  figure on answered distractor cousins whose extra requirement was checked (overall and per
  requirement type): the share that followed the requirement (`followed`), passed the
  scored constraints (`constraints`), and did both (`both`). Never part of the sections
  above, which count the scored constraints only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

from ..schema import KINDS
from .bootstrap import RatioSums, SumsBuilder
from .first_k import ALL_PROMPTS, KIND_DEPTHS, FirstKColumns
from .reliability import DISTRACTOR_MEASURES, MODES, FamilyTable

IFEVAL_METRICS: tuple[str, ...] = ("prompt_strict", "instruction_strict", "prompt_loose",
                                   "instruction_loose")


@dataclass(frozen=True)
class MetricInfo:
    """What one reported number is."""

    id: str
    section: str                 # ifeval | prompts | reliable | drop | by_kind | type | group |
    #                              distractor_followed | distractor_constraints | distractor_both
    mode: str                    # strict | loose
    kind: str                    # all | original | rephrasing | distractor | reconfiguration
    k: Optional[int] = None
    name: Optional[str] = None   # IFEval metric, instruction type or group


def metric_id(section: str, *parts: object) -> str:
    return "/".join([section, *(str(part) for part in parts)])


def largest_k(table: FamilyTable, requested: Optional[int] = None) -> int:
    """The largest k reported: `requested` capped at the family size; 0 when there are no cousins."""
    size = table.family_size
    if size <= 1:
        return 0
    return size if requested is None else max(1, min(requested, size))


def kind_k(table: FamilyTable, kind: str, k_max: int) -> int:
    """The largest k for one cousin kind: 1 + its largest cousin count, capped at k_max."""
    cousins = int(table.sizes[:, KINDS.index(kind)].max(initial=0))
    return min(k_max, 1 + cousins) if cousins else 0


def build_sums(table: FamilyTable, k_max: int, *, first_k: Optional[FirstKColumns] = None
               ) -> tuple[RatioSums, list[MetricInfo]]:
    """Every reported metric as per-family sums (for `intervals`, `bootstrap`), with what each
    one is.

    With `first_k` (the first-k estimator's per-family outcomes) the family-level
    sections hold the release's numbers; otherwise the unordered reliable@k.
    """
    n_f, n_s = len(table.cases), len(table.samples)
    builder = SumsBuilder(n_f, n_s)
    infos: list[MetricInfo] = []

    def add(info: MetricInfo, num: np.ndarray, den: np.ndarray, den_key: str) -> None:
        builder.add(info.id, num, den, den_key=den_key)
        infos.append(info)

    answered = table.answered[:, :, 0]
    instructions = table.type_counts[:, :, 0, :].sum(axis=2)
    for name in IFEVAL_METRICS:
        level, mode = name.split("_")
        m_index = MODES.index(mode)
        if level == "prompt":
            num, den = table.passing[:, :, 0, m_index], answered
        else:
            num, den = table.type_passing[:, :, 0, :, m_index].sum(axis=2), instructions
        add(MetricInfo(metric_id("ifeval", name), "ifeval", mode, "original", name=name),
            num, den, f"ifeval/{level}")

    if table.sizes[:, 1:].any():
        for kind in ("all", *KINDS):
            for name, num, den, level in _prompt_level_sums(table, kind):
                add(MetricInfo(metric_id("prompts", kind, name), "prompts", name.split("_")[1],
                               kind, name=name), num, den, f"prompts/{kind}/{level}")

    if first_k is not None:
        if k_max >= 1:
            _add_first_k(builder, infos, first_k)
    elif k_max >= 1:
        # One set of families at every k (see FamilyTable.reliable_families).
        counted = np.broadcast_to(table.reliable_families(k_max)[:, None], (n_f, n_s))
        for mode in MODES:
            values, _ = table.reliability(k_max, mode=mode)
            for k in range(1, k_max + 1):
                add(MetricInfo(metric_id("reliable", mode, k), "reliable", mode, "all", k=k),
                    np.where(counted, values[:, :, k - 1], 0.0), counted, "reliable")
        if k_max >= 2:
            _add_drops(builder, infos, k_max)
        kinds = [kind for kind in KINDS[1:] if kind_k(table, kind, k_max)]
        by_kind = np.broadcast_to(table.reliable_families(k_max, kinds)[:, None], (n_f, n_s))
        for kind in kinds:
            top = kind_k(table, kind, k_max)
            for mode in MODES:
                values, _ = table.reliability(top, mode=mode, kind=kind)
                for k in range(1, top + 1):
                    add(MetricInfo(metric_id("by_kind", kind, mode, k), "by_kind", mode, kind,
                                   k=k),
                        np.where(by_kind, values[:, :, k - 1], 0.0), by_kind, "by_kind")

    groups = sorted({name.split(":", 1)[0] for name in table.types})
    group_of = np.array([groups.index(name.split(":", 1)[0]) for name in table.types],
                        dtype=np.int64)
    for kind_position, kind in enumerate(KINDS):
        counts = table.type_counts[:, :, kind_position, :]
        if not counts.any():
            continue
        group_counts = _sum_by(counts, group_of, len(groups))
        for m_index, mode in enumerate(MODES):
            passing = table.type_passing[:, :, kind_position, :, m_index]
            for t, name in enumerate(table.types):
                if counts[:, :, t].any():
                    add(MetricInfo(metric_id("type", kind, mode, name), "type", mode, kind,
                                   name=name),
                        passing[:, :, t], counts[:, :, t], f"type/{kind}/{name}")
            group_passing = _sum_by(passing, group_of, len(groups))
            for g, name in enumerate(groups):
                if group_counts[:, :, g].any():
                    add(MetricInfo(metric_id("group", kind, mode, name), "group", mode, kind,
                                   name=name),
                        group_passing[:, :, g], group_counts[:, :, g], f"group/{kind}/{name}")
    _add_paired_types(table, add, groups, group_of)
    _add_distractor(table, add)
    sums = builder.build()
    ordered = {info.id: info for info in infos}
    return sums, [ordered[name] for name in sums.all_ids]


def paired_kinds(table: FamilyTable, t: int) -> list[str]:
    """The kinds of prompt in which instruction type `t` occurs (original first)."""
    return [kind for position, kind in enumerate(KINDS)
            if table.type_counts[:, :, position, t].any()]


def paired_families(table: FamilyTable, types: np.ndarray) -> np.ndarray:
    """(F,) bool: families in which every kind the instruction type(s) occur in has them,
    with every prompt of those kinds answered in every sample — the same cases for every
    kind, so that a difference between kinds is not a difference between cases."""
    counts = table.type_counts[:, :, :, types].sum(axis=3)            # (F, S, 4)
    present = counts.any(axis=(0, 1))
    if present.sum() < 2:
        return np.zeros(len(table.cases), dtype=bool)
    answered = table.answered == table.sizes[:, None, :]
    return ((counts > 0) & answered)[:, :, present].all(axis=(1, 2))


def _add_paired_types(table: FamilyTable, add, groups: list[str],
                      group_of: np.ndarray) -> None:
    """Pass rate of each instruction type (and group) on each kind of prompt, over the cases
    that have it in every kind (`paired_families`): type_paired/<kind>/<mode>/<type>."""
    if not table.sizes[:, 1:].any():
        return
    selections = ([("type_paired", name, np.array([t])) for t, name in enumerate(table.types)]
                  + [("group_paired", name, np.flatnonzero(group_of == g))
                     for g, name in enumerate(groups)])
    for section, name, types in selections:
        chosen = paired_families(table, types)
        if not chosen.any():
            continue
        mask = chosen[:, None]
        for position, kind in enumerate(KINDS):
            counts = table.type_counts[:, :, position][:, :, types].sum(axis=2)
            if not counts[chosen].any():
                continue
            for m_index, mode in enumerate(MODES):
                passing = table.type_passing[:, :, position][:, :, types, m_index].sum(axis=2)
                add(MetricInfo(metric_id(section, kind, mode, name), section, mode, kind,
                               name=name),
                    np.where(mask, passing, 0), np.where(mask, counts, 0),
                    f"{section}/{kind}/{name}")


def _add_distractor(table: FamilyTable, add) -> None:
    """The distractor side figure, overall and per requirement type (absent when no
    distractor requirement was checked)."""
    counts = table.distractor_checked
    if not counts.size or not counts.any():
        return
    overall = counts.sum(axis=2)
    for m_index, mode in enumerate(MODES):
        for position, measure in enumerate(DISTRACTOR_MEASURES):
            section = f"distractor_{measure}"
            passing = table.distractor_passing[:, :, :, position, m_index]
            add(MetricInfo(metric_id(section, mode), section, mode, "distractor"),
                passing.sum(axis=2), overall, "distractor/checked")
            for d, name in enumerate(table.distractor_types):
                add(MetricInfo(metric_id(section, mode, name), section, mode, "distractor",
                               name=name),
                    passing[:, :, d], counts[:, :, d], f"distractor/checked/{name}")


def _add_drops(builder: SumsBuilder, infos: list[MetricInfo], k: int) -> None:
    """drop/<mode> = 1 − reliable@k / reliable@1."""
    for mode in MODES:
        info = MetricInfo(metric_id("drop", mode), "drop", mode, "all", k=k)
        builder.add_relative_drop(info.id, metric_id("reliable", mode, k),
                                  metric_id("reliable", mode, 1))
        infos.append(info)


def _add_first_k(builder: SumsBuilder, infos: list[MetricInfo], columns: FirstKColumns) -> None:
    """reliable@1 (original), reliable@10 (all), the drop between them, per kind @2 and @4."""
    def add(info: MetricInfo, name: str, m_index: int) -> None:
        builder.add(info.id, columns.num[name][:, :, m_index], columns.den[name][:, :, m_index],
                    den_key=f"first-k/{name}")
        infos.append(info)

    for m_index, mode in enumerate(MODES):
        add(MetricInfo(metric_id("reliable", mode, 1), "reliable", mode, "all", k=1),
            "original", m_index)
        add(MetricInfo(metric_id("reliable", mode, ALL_PROMPTS), "reliable", mode, "all",
                       k=ALL_PROMPTS), "all", m_index)
    _add_drops(builder, infos, ALL_PROMPTS)
    for kind in KINDS[1:]:
        for m_index, mode in enumerate(MODES):
            for depth in KIND_DEPTHS:
                add(MetricInfo(metric_id("by_kind", kind, mode, depth), "by_kind", mode, kind,
                               k=depth), f"{kind}@{depth}", m_index)


def _prompt_level_sums(table: FamilyTable, kind: str
                       ) -> list[tuple[str, np.ndarray, np.ndarray, str]]:
    """(metric name, numerator, denominator, level) of the four IFEval metrics on the answered
    prompts of one kind (or `all` kinds), per family and sample."""
    positions = slice(None) if kind == "all" else KINDS.index(kind)

    def over_kinds(values: np.ndarray) -> np.ndarray:
        return values.sum(axis=2) if kind == "all" else values

    answered = over_kinds(table.answered[:, :, positions])
    instructions = over_kinds(table.type_counts[:, :, positions, :].sum(axis=-1))
    rows = []
    for name in IFEVAL_METRICS:
        level, mode = name.split("_")
        m_index = MODES.index(mode)
        if level == "prompt":
            rows.append((name, over_kinds(table.passing[:, :, positions, m_index]), answered,
                         level))
        else:
            passing = over_kinds(table.type_passing[:, :, positions, :, m_index].sum(axis=-1))
            rows.append((name, passing, instructions, level))
    return rows


def _sum_by(values: np.ndarray, labels: np.ndarray, n_labels: int) -> np.ndarray:
    """Sum the last axis of `values` into `n_labels` buckets given per-column labels."""
    out = np.zeros(values.shape[:-1] + (n_labels,), dtype=values.dtype)
    for label in range(n_labels):
        out[..., label] = values[..., labels == label].sum(axis=-1)
    return out
