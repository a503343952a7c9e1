"""The tables of a score report as plain data, shared by the terminal, Markdown and HTML views.

Formatting only: every number comes from the report's estimates.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from ..evaluate.family_report import ReliabilityReport
from ..schema import KINDS
from .table import percent

MODES = ("strict", "loose")
LEVEL_NAMES = {"prompt_strict": "prompt-level strict", "instruction_strict": "instruction-level strict",
               "prompt_loose": "prompt-level loose", "instruction_loose": "instruction-level loose"}


@dataclass
class Section:
    title: str
    headers: list[str]
    rows: list[list[Any]]
    notes: list[str] = field(default_factory=list)


def interval(low: float, high: float) -> str:
    if low != low or high != high:
        return "n/a"
    return f"[{percent(low)}, {percent(high)}]"


def ci_label(report: ReliabilityReport) -> str:
    settings = report.bootstrap
    if settings.resamples == 0:
        return "CI"
    return f"{100 * settings.confidence:g}% CI"


def bootstrap_line(report: ReliabilityReport) -> str:
    settings = report.bootstrap
    if settings.resamples == 0:
        return "No confidence intervals (--bootstrap 0)."
    fallback = sum(1 for row in report.estimates if row.ci_method == "percentile")
    extra = (f"; percentile interval for {fallback} number(s) where BCa is undefined"
             if fallback else "")
    return (f"{ci_label(report)}: BCa bootstrap over families, {settings.resamples:,} resamples, "
            f"seed {settings.seed}{extra}.")


def protocol_line(report: ReliabilityReport) -> str:
    """The protocol and each of its parts, in one line every view prints."""
    protocol = report.protocol
    return (f"Protocol {protocol.label}: profile {protocol.profile}, estimator "
            f"{protocol.estimator}, missing responses {protocol.missing}, reasoning "
            f"{protocol.reasoning}.")


def definition_line(report: ReliabilityReport) -> str:
    """What reliable@k means under the report's estimator."""
    if report.estimator == "first-k":
        return ("reliable@k as IFEval++'s calculate_reliable_at_k counts it: originals first, "
                "cousins in file order; reliable@10 = exactly 10 prompts of the family pass; per "
                "kind @2/@4 = the original and the first 1/3 cousins of that kind pass; every "
                "family counts. See docs/metrics.md.")
    return ("reliable@k = pass(o) · C(c, k−1) / C(|C|, k−1): the probability that the original "
            "and k−1 cousins drawn at random all pass, averaged over families; several samples "
            "per prompt are scored per sample index, then averaged. See docs/metrics.md.")


def ifeval_section(report: ReliabilityReport) -> Section:
    prompts = report.estimate("ifeval/prompt_strict").count
    instructions = report.estimate("ifeval/instruction_strict").count
    samples = len(report.samples)
    sample_note = f", {samples} samples per prompt averaged" if samples > 1 else ""
    rows = []
    for name in ("prompt_strict", "instruction_strict", "prompt_loose", "instruction_loose"):
        est = report.estimate(f"ifeval/{name}")
        rows.append([LEVEL_NAMES[name], percent(est.value), interval(est.ci_low, est.ci_high)])
    return Section(f"IFEval metrics on originals ({prompts} prompts, {instructions} instructions"
                   f"{sample_note}, protocol {report.protocol.label})",
                   ["metric", "value %", ci_label(report)], rows)


def reliability_section(report: ReliabilityReport) -> Section:
    rows = []
    for k in report.reliable_ks:
        strict = report.estimate(f"reliable/strict/{k}")
        loose = report.estimate(f"reliable/loose/{k}")
        rows.append([f"reliable@{k}", percent(strict.value), interval(strict.ci_low, strict.ci_high),
                     percent(loose.value), interval(loose.ci_low, loose.ci_high)])
    if report.select("drop"):
        strict, loose = report.estimate("drop/strict"), report.estimate("drop/loose")
        rows.append([f"relative drop @1→@{strict.k}", percent(strict.value),
                     interval(strict.ci_low, strict.ci_high), percent(loose.value),
                     interval(loose.ci_low, loose.ci_high)])
    excluded = report.n_excluded
    sample_note = (f", {len(report.samples)} samples averaged" if len(report.samples) > 1 else "")
    if report.base.missing_policy == "fail":
        missing_note = f"{len(report.base.missing)} missing response(s) scored as failing"
    else:
        missing_note = f"{excluded} excluded for a missing or failed response"
    title = (f"reliable@k, estimator {report.estimator} ({report.n_families} families of up "
             f"to {report.table.family_size} prompts{sample_note}; {missing_note})")
    label = ci_label(report)
    return Section(title, ["metric", "strict %", label, "loose %", label], rows)


def kind_section(report: ReliabilityReport) -> Section:
    rows = []
    for kind in KINDS[1:]:
        for est in report.select("by_kind", kind=kind, mode="strict"):
            loose = report.estimate(f"by_kind/{kind}/loose/{est.k}")
            rows.append([kind, est.k, percent(est.value), interval(est.ci_low, est.ci_high),
                         percent(loose.value), interval(loose.ci_low, loose.ci_high)])
    label = ci_label(report)
    return Section("reliable@k by perturbation kind (the original plus that kind's cousins)",
                   ["kind", "k", "strict %", label, "loose %", label], rows)


def type_sections(report: ReliabilityReport, *, group: bool, modes: Sequence[str] = MODES
                  ) -> list[Section]:
    """Originals only: name, n, strict, CI, loose, CI. With cousins: one column per kind."""
    section = "group" if group else "type"
    what = "instruction group" if group else "instruction type"
    kinds = [kind for kind in KINDS if report.select(section, kind=kind)]
    if kinds == ["original"] or not report.has_cousins:
        rows = []
        for est in report.select(section, kind="original", mode="strict"):
            loose = report.estimate(est.id.replace("/strict/", "/loose/", 1))
            rows.append([est.name, est.count, percent(est.value),
                         interval(est.ci_low, est.ci_high), percent(loose.value),
                         interval(loose.ci_low, loose.ci_high)])
        label = ci_label(report)
        return [Section(f"By {what} (originals)", [what, "n", "strict %", label, "loose %", label],
                        rows)]
    out = []
    for mode in modes:
        values: dict[str, dict[str, str]] = {}
        counts: dict[str, int] = {}
        for est in report.select(section, mode=mode):
            values.setdefault(est.name or "", {})[est.kind] = percent(est.value)
            if est.kind == "original":
                counts[est.name or ""] = est.count
        rows = [[name, counts.get(name, 0)] + [cells.get(kind, "") for kind in kinds]
                for name, cells in sorted(values.items())]
        out.append(Section(f"By {what}: {mode} pass rate % on each kind of prompt "
                           f"(n = instructions on originals)",
                           [what, "n"] + list(kinds), rows))
    return out


def notes_lines(report: ReliabilityReport) -> list[str]:
    lines = list(report.notes)
    base = report.base
    if base.missing:
        several = len(report.samples) > 1
        listed = ", ".join(f"{item.key}" + (f" sample {item.sample}" if several else "")
                           + (f" ({item.reason})" if item.reason != "no response" else "")
                           for item in base.missing[:20])
        more = f" … and {len(base.missing) - 20} more" if len(base.missing) > 20 else ""
        if base.missing_policy == "fail":
            lines.append(f"Missing: {len(base.missing)} prompt(s) without a usable response, "
                         f"scored as failing every instruction (--missing fail): "
                         f"{listed}{more}")
        else:
            families = (f" (and {report.n_excluded} family(ies) from reliable@k)"
                        if report.has_cousins else "")
            lines.append(f"Missing: {len(base.missing)} prompt(s) without a usable response, "
                         f"excluded from every metric{families}: {listed}{more}")
    if base.unmatched:
        lines.append(f"Unmatched: {len(base.unmatched)} response(s) match no case and were "
                     f"ignored (first at line {base.unmatched[0]['line']}).")
    return lines


def sampling_section(report: ReliabilityReport) -> Section:
    """first-k with several samples: the release's numbers when any of the first s samples
    of a prompt may pass (strict, point values)."""
    names = ["original", "all"] + [f"{kind}@{depth}" for kind in KINDS[1:] for depth in (2, 4)]
    rows = [[budget] + [percent(numbers.get(name, float("nan"))) for name in names]
            for budget, numbers in enumerate(report.sampling, start=1)]
    return Section("first-k with a budget of s samples per prompt (a prompt passes if any of its "
                   "first s samples passes; strict; the release's sampling variant)",
                   ["s"] + names, rows)


def sections(report: ReliabilityReport, *, modes: Sequence[str] = MODES) -> list[Section]:
    out = [ifeval_section(report)]
    if report.has_cousins:
        out.append(reliability_section(report))
        if report.select("by_kind"):
            out.append(kind_section(report))
        if report.sampling:
            out.append(sampling_section(report))
    out.extend(type_sections(report, group=True, modes=modes))
    out.extend(type_sections(report, group=False, modes=modes))
    return out
