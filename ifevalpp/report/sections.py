"""The tables of a score report as plain data, shared by the terminal, Markdown and HTML views.

Formatting only: every number comes from the report's estimates.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from ..evaluate.report_model import SAMPLING_NAMES, ReliabilityReport
from ..schema import KINDS
from ..wording import plural
from .lines import family_set_line
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
    intro: list[str] = field(default_factory=list)  # said once, above the table


def interval(low: float, high: float) -> str:
    if low != low or high != high:
        return "n/a"
    return f"[{percent(low)}, {percent(high)}]"


def ci_n(est: Any) -> str:
    """The n an estimate's interval is computed at, when it is not the item count beside it:
    items clustered in families (a prompt's instructions, a family's prompts) are worth fewer
    independent ones (Korn and Graubard's effective n, docs/metrics.md). '' when they agree."""
    effective = getattr(est, "effective_n", None)
    if effective is None or effective != effective or abs(effective - est.count) < 0.05:
        return ""
    return f"{effective:,.1f}"


def ci_label(report: ReliabilityReport) -> str:
    return f"{100 * report.intervals.confidence:g}% CI"


def intervals_line(report: ReliabilityReport) -> str:
    """How every interval of the report was made."""
    return (f"{ci_label(report)}: Clopper-Pearson (exact binomial); where a family holds several "
            f"items (instructions, prompts), at the Korn-Graubard effective n over families "
            f"(docs/metrics.md).")


def headline_section(report: ReliabilityReport) -> Section:
    """What a reader wants first: answered N of M, the four IFEval metrics, reliable@K and
    the drop, each with its interval and n."""
    counts = report.answered
    label = ci_label(report)
    rows: list[list[Any]] = [["prompts answered", f"{counts.answered:,} of {counts.total:,}",
                              "", ""]]
    benchmark = metrics_heading(report).split()[0]  # IFEval, or IFBench
    for name in ("prompt_strict", "instruction_strict", "prompt_loose", "instruction_loose"):
        est = report.estimate(f"ifeval/{name}")
        unit = "prompts" if name.startswith("prompt") else "instructions"
        at = ci_n(est)
        rows.append([f"{benchmark} {LEVEL_NAMES[name]}", percent(est.value),
                     interval(est.ci_low, est.ci_high),
                     f"{est.count:,} {unit}" + (f" (CI n {at})" if at else "")])
    if report.has_cousins:
        top = report.reliable_ks[-1]
        for mode in MODES:
            est = report.estimate(f"reliable/{mode}/{top}")
            rows.append([f"reliable@{top} {mode}", percent(est.value),
                         interval(est.ci_low, est.ci_high), f"{est.count:,} families"])
        for mode in MODES:
            if report.select("drop", mode=mode):
                est = report.estimate(f"drop/{mode}")
                rows.append([f"relative drop @1→@{est.k} {mode}", percent(est.value),
                             interval(est.ci_low, est.ci_high), f"{est.count:,} families"])
    return Section(f"Headline (protocol {report.protocol.label})",
                   ["", "value %", label, "n"], rows)


def metrics_heading(report: ReliabilityReport) -> str:
    """"IFEval metrics on originals", or "IFBench metrics" when most instruction types scored
    are IFBench's: its prompts are not IFEval's and have no originals or cousins."""
    from ..constraints import suite_ids

    names = {est.name for est in report.select("type", kind="original", mode="strict")}
    ifbench = names & set(suite_ids("ifbench"))
    return "IFBench metrics" if names and 2 * len(ifbench) > len(names) else \
        "IFEval metrics on originals"


def ifeval_section(report: ReliabilityReport) -> Section:
    prompts = report.estimate("ifeval/prompt_strict").count
    instructions = report.estimate("ifeval/instruction_strict").count
    samples = len(report.samples)
    sample_note = f", {samples} samples per prompt averaged" if samples > 1 else ""
    rows = []
    estimates = [report.estimate(f"ifeval/{name}") for name in
                 ("prompt_strict", "instruction_strict", "prompt_loose", "instruction_loose")]
    clustered = any(ci_n(est) for est in estimates)
    for name, est in zip(("prompt_strict", "instruction_strict", "prompt_loose",
                          "instruction_loose"), estimates):
        rows.append([LEVEL_NAMES[name], est.count, percent(est.value),
                     interval(est.ci_low, est.ci_high)]
                    + ([ci_n(est) or f"{est.count:,}"] if clustered else []))
    return Section(f"{metrics_heading(report)} ({plural(prompts, 'prompt')}, "
                   f"{plural(instructions, 'instruction')}{sample_note}, protocol "
                   f"{report.protocol.label})",
                   ["metric", "n", "value %", ci_label(report)]
                   + (["CI n"] if clustered else []), rows,
                   notes=(["CI n: the n each interval is computed at (instructions are "
                           "clustered in prompts: docs/metrics.md)."] if clustered else []))


NOT_SENT = "not sent (server default)"


def _setting(value: Any) -> str:
    if value is None or value == [] or value == {}:
        return NOT_SENT
    if value == "server-default":
        return "server default (asked for with 'server-default': not sent)"
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
        handled = (f"removed by respond before the answer was stored (fields {fields}; "
                   f"{tags[0]}…{tags[1]} blocks)")
    seed = _setting(sampling.get("seed"))
    if sampling.get("seed") is not None:
        seed += " (sample i is asked with seed + i)"
    rows = [["model", run.model],
            ["model the server reported", run.served_model or "not reported"],
            ["endpoints", ", ".join(run.endpoints)],
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
            rows.append([kind, prompt.count, prompt.families, percent(prompt.value),
                         interval(prompt.ci_low, prompt.ci_high),
                         ci_n(prompt) or f"{prompt.count:,}", instruction.count,
                         percent(instruction.value),
                         interval(instruction.ci_low, instruction.ci_high),
                         ci_n(instruction) or f"{instruction.count:,}"])
        out.append(Section(f"All prompts, {mode}: the IFEval metrics on every prompt of the family "
                           f"file, by kind (CIs over families)",
                           ["kind", "prompts", "families", "prompt-level %", label, "CI n",
                            "instructions", "instruction-level %", label, "CI n"], rows,
                           notes=["CI n: the n each interval is computed at: a family's "
                                  "prompts (and their instructions) are correlated, so they "
                                  "count for fewer independent items (Korn and Graubard's "
                                  "effective n, docs/metrics.md)."]))
    return out


def reliability_section(report: ReliabilityReport) -> Section:
    """reliable@k for every k on one set of families (stated above the table), with n."""
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
    counted = "(family, sample) pairs" if several else "families"
    top_k = report.reliable_ks[-1]
    title = (f"reliable@k, estimator {report.estimator} (families of up to "
             f"{report.table.family_size} prompts{sample_note})")
    if report.estimator == "first-k":
        intro = [f"n = {counted} counted. first-k: reliable@1 = the original passes, "
                 f"reliable@{top_k} = exactly {top_k} prompts of the family pass (IFEval++'s "
                 f"counting; every family counts)."]
    else:
        intro = [family_set_line(report) + f" n = {counted}."]
    notes = []
    if report.base.missing_policy == "fail" and report.base.missing:
        notes.append(f"{plural(len(report.base.missing), 'missing response')} scored as "
                     f"failing (--missing fail).")
    label = ci_label(report)
    return Section(title, ["metric", "n", "strict %", label, "loose %", label], rows, notes,
                   intro=intro)


def kind_section(report: ReliabilityReport) -> Section:
    rows = []
    for kind in KINDS[1:]:
        for est in report.select("by_kind", kind=kind, mode="strict"):
            loose = report.estimate(f"by_kind/{kind}/loose/{est.k}")
            rows.append([kind, est.k, est.count, percent(est.value),
                         interval(est.ci_low, est.ci_high), percent(loose.value),
                         interval(loose.ci_low, loose.ci_high)])
    label = ci_label(report)
    intro = ([] if report.estimator == "first-k"
             else [family_set_line(report, by_kind=True)])
    return Section("reliable@k by perturbation kind (the original plus that kind's cousins)",
                   ["kind", "k", "n", "strict %", label, "loose %", label], rows, intro=intro)


def type_sections(report: ReliabilityReport, *, group: bool, modes: Sequence[str] = MODES
                  ) -> list[Section]:
    """Originals only: name, n, strict, CI, loose, CI. With cousins: each kind's pass rate on
    the same cases (those that have the type in every kind, every prompt answered)."""
    section = "group" if group else "type"
    what = "instruction group" if group else "instruction type"
    label = ci_label(report)
    if not report.select(f"{section}_paired"):
        rows = []
        for est in report.select(section, kind="original", mode="strict"):
            loose = report.estimate(est.id.replace("/strict/", "/loose/", 1))
            rows.append([est.name, est.count, percent(est.value),
                         interval(est.ci_low, est.ci_high), percent(loose.value),
                         interval(loose.ci_low, loose.ci_high)])
        return [Section(f"By {what} (originals)", [what, "n", "strict %", label, "loose %", label],
                        rows)]
    kinds = [kind for kind in KINDS if report.select(f"{section}_paired", kind=kind)]
    out = []
    for mode in modes:
        cells: dict[str, dict[str, str]] = {}
        cases: dict[str, int] = {}
        for est in report.select(f"{section}_paired", mode=mode):
            name = est.name or ""
            at = ci_n(est)
            cells.setdefault(name, {})[est.kind] = (f"{percent(est.value)} "
                                                    f"{interval(est.ci_low, est.ci_high)} "
                                                    f"n={est.count}"
                                                    + (f" (CI n {at})" if at else ""))
            cases[name] = max(cases.get(name, 0), est.families)
        rows = [[name, cases[name]] + [cells[name].get(kind, "") for kind in kinds]
                for name in sorted(cells)]
        out.append(Section(
            f"By {what}: {mode} pass rate % on each kind of prompt, paired on the same cases",
            [what, "cases"] + [f"{kind} % [{label}] n" for kind in kinds], rows,
            intro=[f"Each row counts the cases that have the {what.split()[1]} in every kind "
                   f"of prompt, with every such prompt answered, so the kinds are compared on "
                   f"the same cases (n = instructions). The unpaired rates over every answered "
                   f"prompt of a kind are in metrics.json (type_by_kind) and type_by_kind.csv."]))
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
        cells = [est.name, est.count]
        for metric in ("followed/strict", "followed/loose", "both/strict", "both/loose"):
            measure, mode = metric.split("/")
            one = report.estimate(f"distractor_{measure}/{mode}{tail}")
            cells.append(f"{percent(one.value)} {interval(one.ci_low, one.ci_high)}")
        by_type.append(cells)
    per_type = Section("Distractor requirement by type (side figure): followed, and followed "
                       "with the scored constraints passing (both)",
                       ["requirement type", "n", f"followed strict % [{label}]",
                        f"followed loose % [{label}]", f"both strict % [{label}]",
                        f"both loose % [{label}]"], by_type)
    return [overall, per_type]


def sampling_section(report: ReliabilityReport) -> Section:
    """first-k with several samples: the release's numbers when any of the first s samples
    of a prompt may pass (strict), each over the same families, with its interval."""
    names = SAMPLING_NAMES
    n = report.sampling_families
    rows = []
    for budget, (values, low, high) in enumerate(report.sampling_intervals(), start=1):
        rows.append([budget, n] + [f"{percent(value)} {interval(lo, hi)}"
                                   for value, lo, hi in zip(values, low, high)])
    return Section("first-k with a budget of s samples per prompt (a prompt passes if any of its "
                   "first s samples passes; strict; the release's sampling variant)",
                   ["s", "n"] + [f"{name} % [{ci_label(report)}]" for name in names], rows,
                   intro=[f"n = the {plural(n, 'family')} complete in every sample; each "
                          f"family counts once in every number (Clopper-Pearson)."])


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
