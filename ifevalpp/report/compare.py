"""Terminal and Markdown rendering of a comparison of two runs (A − B, in percentage points)."""

from __future__ import annotations

from typing import Any

from ..evaluate.compare import Comparison
from ..schema import KINDS
from .sections import DISTRACTOR_LABELS, LEVEL_NAMES, interval
from .table import format_table, percent


def points(value: float) -> str:
    return "n/a" if value != value else f"{100 * value:+.2f}"


def significant(row: dict[str, Any]) -> bool:
    """The CI excludes 0 on the side of a non-zero difference (a zero difference never is)."""
    delta, low, high = row["delta"], row["ci_low"], row["ci_high"]
    if delta != delta or low != low or high != high or abs(delta) < 1e-12:
        return False
    return (delta > 0 and low > 0) or (delta < 0 and high < 0)


def signed_interval(low: float, high: float) -> str:
    if low != low or high != high:
        return "n/a"
    return f"[{points(low)}, {points(high)}]"


def _side(row: dict[str, Any], side: str) -> str:
    """One run's number with its own interval and n: "77.22 [73.45, 80.70] n=540"."""
    text = percent(row[side])
    if f"{side}_ci_low" in row:
        text += f" {interval(row[f'{side}_ci_low'], row[f'{side}_ci_high'])} n={row[f'{side}_n']}"
    return text


def _row(label: str, row: dict[str, Any]) -> list[str]:
    return [label, _side(row, "a"), _side(row, "b"), points(row["delta"]),
            signed_interval(row["ci_low"], row["ci_high"])]


def headline_rows(comparison: Comparison) -> list[list[str]]:
    rows = []
    for name in ("prompt_strict", "instruction_strict", "prompt_loose", "instruction_loose"):
        rows.append(_row(LEVEL_NAMES[name], comparison.delta(f"ifeval/{name}")))
    if comparison.k >= 1:
        for mode in ("strict", "loose"):
            for k in sorted({1, comparison.k}):
                rows.append(_row(f"reliable@{k} {mode}", comparison.delta(f"reliable/{mode}/{k}")))
            if any(row["id"] == f"drop/{mode}" for row in comparison.deltas):
                rows.append(_row(f"relative drop @1→@{comparison.k} {mode}",
                                 comparison.delta(f"drop/{mode}")))
    return rows


def _protocol_text(parts: dict[str, Any]) -> str:
    return (f"{parts.get('label')}: profile {parts.get('profile')}, estimator "
            f"{parts.get('estimator')}, missing {parts.get('missing')}")


def format_comparison(comparison: Comparison, *, by_type: bool = True) -> str:
    settings = comparison.bootstrap
    ci = f"{100 * settings['confidence']:g}% CI"
    protocol_a, protocol_b = (_protocol_text(parts) for parts in comparison.protocols)
    parts = [
        f"A = {comparison.run_a} (protocol {protocol_a})\n"
        f"B = {comparison.run_b} (protocol {protocol_b})\n"
        f"{comparison.families} families in both; A and B with their own {ci} (Clopper-Pearson, "
        f"over families) and n; Δ = A − B in percentage points, its {ci} a paired BCa bootstrap "
        f"over families ({settings['resamples']:,} resamples, seed {settings['seed']}), the same "
        f"resampled families for A and B.",
        format_table(["metric", f"A % [{ci}] n", f"B % [{ci}] n", "Δ pts", f"Δ {ci}"],
                     headline_rows(comparison), title="Headline numbers")]
    if comparison.mcnemar:
        parts.append(format_table(
            ["mode", "pairs", "both pass", "A only", "B only", "neither", "p-value"],
            [[test.mode, test.pairs, test.both_pass, test.a_only, test.b_only, test.neither,
              f"{test.p_value:.4g}"] for test in comparison.mcnemar],
            title=f"Exact McNemar test on per-family reliable@{comparison.mcnemar[0].k} "
                  f"(every prompt of the family passes; sample {comparison.mcnemar[0].sample})"))
    kind_rows = []
    for kind in KINDS[1:]:
        rows = [row for row in comparison.deltas if row["section"] == "by_kind"
                and row["kind"] == kind and row["mode"] == "strict"]
        if rows:
            top = max(rows, key=lambda row: row["k"])
            for mode in ("strict", "loose"):
                kind_rows.append(_row(f"{kind} reliable@{top['k']} {mode}",
                                      comparison.delta(f"by_kind/{kind}/{mode}/{top['k']}")))
    if kind_rows:
        parts.append(format_table(["metric", f"A % [{ci}] n", f"B % [{ci}] n", "Δ pts",
                                   f"Δ {ci}"], kind_rows,
                                  title="By perturbation kind (original + that kind's cousins)"))
    distractor_rows = [_row(f"{DISTRACTOR_LABELS[measure]} {mode}",
                            comparison.delta(f"distractor_{measure}/{mode}"))
                       for measure in DISTRACTOR_LABELS for mode in ("strict", "loose")
                       if any(row["id"] == f"distractor_{measure}/{mode}"
                              for row in comparison.deltas)]
    if distractor_rows:
        parts.append(format_table(
            ["metric", f"A % [{ci}] n", f"B % [{ci}] n", "Δ pts", f"Δ {ci}"], distractor_rows,
            title="Distractor requirement (side figure, not scored): distractor cousins whose "
                  "extra requirement is checkable"))
    if by_type:
        kinds = [kind for kind in KINDS if any(row["section"] == "type" and row["kind"] == kind
                                               for row in comparison.deltas)]
        cells: dict[str, dict[str, str]] = {}
        for row in comparison.deltas:
            if row["section"] == "type" and row["mode"] == "strict":
                mark = "*" if significant(row) else ""
                cells.setdefault(row["name"], {})[row["kind"]] = points(row["delta"]) + mark
        if cells:
            parts.append(format_table(
                ["instruction type"] + kinds,
                [[name] + [values.get(kind, "") for kind in kinds]
                 for name, values in sorted(cells.items())],
                title="By instruction type: strict pass-rate Δ pts on each kind of prompt "
                      f"(* = the {ci} excludes 0)"))
    parts.extend(f"Note: {note}" for note in comparison.notes)
    return "\n\n".join(parts)

