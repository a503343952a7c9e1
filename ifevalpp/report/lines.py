"""The one-line texts every view shares (terminal, report.md, report.html, metrics.json): how
many prompts were answered, the run, the protocol, the families counted, what is missing."""

from __future__ import annotations

from typing import Optional

from ..evaluate.report_model import ReliabilityReport
from ..schema import display_key, key_order
from ..wording import plural
from .table import percent


def answered_line(report: ReliabilityReport) -> str:
    """The first line of every view: how many prompts of the case file were answered."""
    counts = report.answered
    if counts.samples > 1:
        head = (f"{counts.answered:,} of {counts.total:,} prompt answers ({counts.prompts:,} "
                f"prompts × {counts.samples} samples)")
    else:
        head = f"{counts.answered:,} of {counts.total:,} prompts answered"
    if counts.missing:
        one = counts.missing == 1
        what = (f"the {'one' if one else f'{counts.missing:,}'} without a usable response "
                f"{'is' if one else 'are'} ")
        head += ("; " + what + ("scored as failing every instruction" if counts.policy == "fail"
                                else "left out of every number")
                 + f" (missing = {counts.policy})")
    if counts.unmatched:
        one = counts.unmatched == 1
        head += (f"; {plural(counts.unmatched, 'response')} {'matches' if one else 'match'} no "
                 f"prompt of the case file and {'was' if one else 'were'} left out "
                 + ("(missing = fail: a prompt it may answer counts as failing)"
                    if counts.policy == "fail" else "(--allow-unmatched)"))
    return head + "."


def reasoning_text(report: ReliabilityReport) -> str:
    """How reasoning was handled, from the respond run (what reached the answer) and the
    profile (what the checkers read of it)."""
    run = report.base.run
    graded = report.protocol.reasoning
    if run is None:
        return graded
    if run.reasoning.get("keep_reasoning"):
        return f"kept in the answer by respond (--keep-reasoning), then {graded}"
    return f"removed by respond before the answer was stored; the stored answer is {graded}"


def model_line(report: ReliabilityReport) -> Optional[str]:
    """Which model answered, when a respond manifest says so: the name asked for and, when the
    server named another in its answers, that one too (a one-model server answers any name)."""
    run = report.base.run
    if run is None:
        return None
    if run.served_model and run.served_model != run.model:
        return (f"Model: asked for {run.model!r}; the server answered as {run.served_model!r} "
                f"(the model id in its answers).")
    return f"Model: {run.model!r}" + (" (as the server named it in its answers)."
                                      if run.served_model else ".")


def protocol_line(report: ReliabilityReport) -> str:
    """The protocol and each of its parts, in one line every view prints."""
    protocol = report.protocol
    return (f"Protocol {protocol.label}: profile {protocol.profile}, estimator "
            f"{protocol.estimator}, missing responses {protocol.missing}, reasoning "
            f"{reasoning_text(report)}.")


def family_set_line(report: ReliabilityReport, *, by_kind: bool = False) -> str:
    """The one set of families a reliable@k table counts at every k, and who is left out."""
    found = report.family_set(by_kind=by_kind)
    every = "every k and kind" if by_kind else "every k"
    samples = " in every sample" if len(report.samples) > 1 else ""
    if by_kind and found.cousins_per_kind:
        needs = set(found.cousins_per_kind.values())
        cousins = (f"{needs.pop()} cousins of each kind" if len(needs) == 1 else
                   ", ".join(f"{n} {kind}" for kind, n in found.cousins_per_kind.items()))
        rule = f"the original and {cousins}, every prompt answered{samples}"
    elif found.exact_size:
        rule = f"all {found.k} prompts answered{samples}"
    else:
        rule = f"every prompt answered{samples} and at least {found.k} prompts"
    line = f"{found.counted:,} of {plural(found.total, 'family')} at {every}: those with {rule}"
    left = []
    if found.fewer_prompts:
        left.append(f"{found.fewer_prompts:,} with fewer than {found.k} prompts"
                    if not by_kind else f"{found.fewer_prompts:,} with fewer cousins")
    if found.unanswered:
        left.append(f"{found.unanswered:,} with a prompt unanswered")
    return line + ("; left out: " + ", ".join(left) if left else "") + "."


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
