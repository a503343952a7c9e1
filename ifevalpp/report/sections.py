"""The tables of a score report as plain data, shared by the terminal, Markdown and HTML views.

Formatting only: every number comes from the report's estimates.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from ..evaluate.family_report import ReliabilityReport
from ..schema import KINDS, display_key, key_order
from ..wording import plural
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
    settings: bool = False  # a name/value list whose long values wrap (paths, prompts)
    lead: bool = False      # what the run was: shown before the charts


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
    return Section(f"IFEval metrics on originals ({plural(prompts, 'prompt')}, "
                   f"{plural(instructions, 'instruction')}{sample_note}, protocol "
                   f"{report.protocol.label})",
                   ["metric", "value %", ci_label(report)], rows)


NOT_SENT = "not sent (server default)"


def _setting(value: Any) -> str:
    if value is None or value == [] or value == {}:
        return NOT_SENT
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def run_section(report: ReliabilityReport) -> Optional[Section]:
    """The `respond` run behind the responses: model, endpoints, every sampling setting."""
    run = report.base.run
    if run is None:
        return None
    sampling = run.sampling
    reasoning = run.reasoning
    if reasoning.get("keep_reasoning"):
        handled = "kept in the graded response"
    else:
        tags = reasoning.get("think_tags") or ["<think>", "</think>"]
        fields = ", ".join(reasoning.get("fields") or [])
        handled = (f"removed before grading (fields {fields}; {tags[0]}…{tags[1]} blocks)")
    seed = _setting(sampling.get("seed"))
    if sampling.get("seed") is not None:
        seed += " (sample i is asked with seed + i)"
    rows = [["model", run.model], ["endpoints", ", ".join(run.endpoints)],
            ["temperature", _setting(sampling.get("temperature"))],
            ["top_p", _setting(sampling.get("top_p"))],
            ["max_tokens", _setting(sampling.get("max_tokens"))], ["seed", seed],
            ["stop", _setting(sampling.get("stop"))],
            ["extra_body", _setting(sampling.get("extra_body"))],
            # quoted, so line breaks and edge spaces show
            ["system prompt", json.dumps(run.system_prompt, ensure_ascii=False)
             if run.system_prompt is not None else "none"],
             ["reasoning", handled], ["samples per prompt", run.samples]]
    if run.limit is not None:
        rows.append(["limit", f"first {plural(run.limit, 'prompt')} only"])
    rows += [["responses sha256", report.responses_sha256 or "n/a"],
             ["prompt files asked", ", ".join(f"{item['path']} (sha256 {item['sha256']})"
                                              for item in run.inputs)],
             ["manifest", f"{run.manifest} ({plural(run.sessions, 'session')}; "
                          + ("finished" if run.finished_at else "not finished: pairs missing")
                          + ")"],
             ["collected with", f"ifevalpp {run.ifevalpp_version}"]]
    return Section("Run (from the respond manifest beside the responses)", ["setting", "value"],
                   rows, settings=True, lead=True)


def truncation_section(report: ReliabilityReport) -> Optional[Section]:
    """Answers cut off at the token limit, per kind: they fail length and end checks silently."""
    rows = [[row.kind, row.answers, row.truncated, percent(row.fraction)]
            for row in report.base.truncation()]
    if not rows:
        return None
    return Section("Answers cut off at the token limit (finish_reason \"length\"; they fail "
                   "length and end checks silently)",
                   ["kind", "answers", "cut off", "cut off %"], rows, lead=True)


def all_prompts_sections(report: ReliabilityReport, *, modes: Sequence[str] = MODES
                         ) -> list[Section]:
    """The four IFEval metrics on every prompt of the family file, by kind, CIs over families."""
    if not report.select("prompts"):
        return []
    label = ci_label(report)
    out = []
    for mode in modes:
        rows = []
        for kind in ("all", *KINDS):
            if not report.select("prompts", kind=kind):
                continue
            prompt = report.estimate(f"prompts/{kind}/prompt_{mode}")
            instruction = report.estimate(f"prompts/{kind}/instruction_{mode}")
            rows.append([kind, prompt.count, percent(prompt.value),
                         interval(prompt.ci_low, prompt.ci_high), instruction.count,
                         percent(instruction.value),
                         interval(instruction.ci_low, instruction.ci_high)])
        out.append(Section(f"All prompts, {mode}: the IFEval metrics on every prompt of the family "
                           f"file, by kind (CIs resample families)",
                           ["kind", "prompts", "prompt-level %", label, "instructions",
                            "instruction-level %", label], rows))
    return out


def reliability_section(report: ReliabilityReport) -> Section:
    """reliable@k for every k, with n: the families that enter it (complete at that k)."""
    rows = []
    for k in report.reliable_ks:
        strict = report.estimate(f"reliable/strict/{k}")
        loose = report.estimate(f"reliable/loose/{k}")
        rows.append([f"reliable@{k}", strict.count, percent(strict.value),
                     interval(strict.ci_low, strict.ci_high), percent(loose.value),
                     interval(loose.ci_low, loose.ci_high)])
    if report.select("drop"):
        strict, loose = report.estimate("drop/strict"), report.estimate("drop/loose")
        rows.append([f"relative drop @1→@{strict.k}", strict.count, percent(strict.value),
                     interval(strict.ci_low, strict.ci_high), percent(loose.value),
                     interval(loose.ci_low, loose.ci_high)])
    several = len(report.samples) > 1
    sample_note = f", {len(report.samples)} samples averaged" if several else ""
    counted = "usable (family, sample) pairs" if several else "families"
    top_k = report.reliable_ks[-1]
    top = report.estimate(f"reliable/strict/{top_k}").count
    total = len(report.table.cases) * len(report.samples)
    title = (f"reliable@k, estimator {report.estimator} ({plural(report.n_families, 'family')} "
             f"of up to {report.table.family_size} prompts{sample_note})")
    if report.estimator == "first-k":
        notes = [f"n = {counted} counted. first-k: reliable@1 = the original passes, "
                 f"reliable@{top_k} = exactly {top_k} prompts of the family pass (IFEval++'s "
                 f"counting; every family counts)."]
    else:
        notes = [f"n = {counted} counted at that k. reliable@{top_k} counts only those whose "
                 f"{top_k} prompts all have a usable response: {top:,} of {total:,}."]
    if report.base.missing_policy == "fail" and report.base.missing:
        notes.append(f"{plural(len(report.base.missing), 'missing response')} scored as "
                     f"failing (--missing fail).")
    elif report.n_excluded:
        notes.append(f"{plural(report.n_excluded, 'family')} excluded (in at least one sample) "
                     f"for a missing or failed response.")
    label = ci_label(report)
    return Section(title, ["metric", "n", "strict %", label, "loose %", label], rows, notes)


def kind_section(report: ReliabilityReport) -> Section:
    rows = []
    for kind in KINDS[1:]:
        for est in report.select("by_kind", kind=kind, mode="strict"):
            loose = report.estimate(f"by_kind/{kind}/loose/{est.k}")
            rows.append([kind, est.k, est.count, percent(est.value),
                         interval(est.ci_low, est.ci_high), percent(loose.value),
                         interval(loose.ci_low, loose.ci_high)])
    label = ci_label(report)
    return Section("reliable@k by perturbation kind (the original plus that kind's cousins; "
                   "n = families counted at that k)",
                   ["kind", "k", "n", "strict %", label, "loose %", label], rows)


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


DISTRACTOR_LABELS = {"followed": "followed the extra requirement",
                     "constraints": "passed the scored constraints",
                     "both": "did both (followed it and passed the constraints)"}
DISTRACTOR_TITLE = ("Distractor requirement (side figure, not scored): distractor cousins whose "
                    "extra requirement is checkable")


def distractor_sections(report: ReliabilityReport) -> list[Section]:
    """The distractor side figure overall and per requirement type, or why there is none
    (nothing for a file without distractor cousins)."""
    counts = report.distractor
    if not counts.prompts:
        return []
    note = counts.note()
    if not report.has_distractor_figure:
        return [Section(DISTRACTOR_TITLE, ["measure", "n", "strict %", "loose %"], [],
                        [f"Not reported: {note}."] if note else [])]
    label = ci_label(report)
    rows = []
    for measure, text in DISTRACTOR_LABELS.items():
        strict = report.estimate(f"distractor_{measure}/strict")
        loose = report.estimate(f"distractor_{measure}/loose")
        rows.append([text, strict.count, percent(strict.value),
                     interval(strict.ci_low, strict.ci_high), percent(loose.value),
                     interval(loose.ci_low, loose.ci_high)])
    notes = ["n = distractor-cousin responses whose extra requirement was checked (by the "
             "checkers, profile and loose rule that score the prompt); reliable@k and every "
             "other table count the scored constraints only."]
    if note:
        notes.append(note[0].upper() + note[1:] + ".")
    overall = Section(DISTRACTOR_TITLE, ["measure", "n", "strict %", label, "loose %", label],
                      rows, notes)
    by_type = []
    for est in report.select("distractor_followed", mode="strict"):
        if est.name is None:
            continue
        tail = f"/{est.name}"
        loose = report.estimate(f"distractor_followed/loose{tail}")
        both = report.estimate(f"distractor_both/strict{tail}")
        both_loose = report.estimate(f"distractor_both/loose{tail}")
        by_type.append([est.name, est.count, percent(est.value),
                        interval(est.ci_low, est.ci_high), percent(loose.value),
                        percent(both.value), percent(both_loose.value)])
    per_type = Section("Distractor requirement by type (side figure): followed, and followed "
                       "with the scored constraints passing (both)",
                       ["requirement type", "n", "followed strict %", label, "followed loose %",
                        "both strict %", "both loose %"], by_type)
    return [overall, per_type]


def missing_line(report: ReliabilityReport, *, limit: int = 20) -> str:
    """The prompts without a usable response, in key order, as people read keys."""
    missing = sorted(report.base.missing, key=lambda item: (key_order(item.key), item.sample or 0))
    several = len(report.samples) > 1
    listed = ", ".join(display_key(item.key) + (f" sample {item.sample}" if several else "")
                       + (f" ({item.reason})" if item.reason != "no response" else "")
                       for item in missing[:limit])
    more = f" … and {len(missing) - limit:,} more" if len(missing) > limit else ""
    if report.base.missing_policy == "fail":
        return (f"Missing: {plural(len(missing), 'prompt')} without a usable response, scored "
                f"as failing every instruction (--missing fail): {listed}{more}")
    families = (f" (and {plural(report.n_excluded, 'family')} from reliable@k)"
                if report.has_cousins else "")
    return (f"Missing: {plural(len(missing), 'prompt')} without a usable response, excluded "
            f"from every metric{families}: {listed}{more}")


def notes_lines(report: ReliabilityReport) -> list[str]:
    lines = list(report.notes)
    base = report.base
    if base.missing:
        lines.append(missing_line(report))
    if base.unmatched:
        one = len(base.unmatched) == 1
        lines.append(f"Unmatched: {plural(len(base.unmatched), 'response')} "
                     f"{'matches' if one else 'match'} no case and {'was' if one else 'were'} "
                     f"ignored (first at line {base.unmatched[0]['line']}).")
    cut = next((row for row in base.truncation() if row.kind == "all"), None)
    if cut is not None and cut.answers and cut.truncated / cut.answers >= 0.05:
        lines.append(f"Cut off: {percent(cut.fraction)}% of the answers "
                     f"({cut.truncated:,} of {cut.answers:,}) stopped at the token limit, where "
                     f"length and end checks fail; a larger --max-tokens would show whether the "
                     f"model follows them.")
    empty = base.empty_responses
    if empty and not base.warnings:
        lines.append(f"Empty: {plural(empty, 'scored response')} "
                     f"{'is' if empty == 1 else 'are'} empty or whitespace (every instruction "
                     f"fails on them).")
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
    out = [section for section in (run_section(report), truncation_section(report))
           if section is not None]
    out.append(ifeval_section(report))
    out.extend(all_prompts_sections(report, modes=modes))
    if report.has_cousins:
        out.append(reliability_section(report))
        if report.select("by_kind"):
            out.append(kind_section(report))
        if report.sampling:
            out.append(sampling_section(report))
    out.extend(distractor_sections(report))
    out.extend(type_sections(report, group=True, modes=modes))
    out.extend(type_sections(report, group=False, modes=modes))
    return out
