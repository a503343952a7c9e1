"""Coherence: constraints of one case that cannot all hold.

Every rule comes from the types (docs/validator.md prints them):

* the conflict table — `Constraint.conflicts_with` and `conflict_reasons`: pairs
  of instruction types that never hold together, whatever their parameters;
* parameter conflicts — `Constraint.parameter_conflict`: pairs that conflict
  only for some settings (all-lowercase with "at least N capital words", a
  response language other than English with change_case:english_*, ...),
  declared by the type on the left;
* required text — `Constraint.requires`: whatever a response must contain (the
  request to repeat, the end phrase, keywords, the section word, the postscript
  marker) checked against what the other instructions exclude (forbidden words,
  commas, letter case) and against their budgets (a letter or keyword cap);
* numbers — empty count ranges (`Constraint.count`), and word budgets too small
  for what the other instructions need (`word_cap` / `words_needed`).
"""

from __future__ import annotations

from typing import Iterator, Optional

from ..constraints.registry import get
from ..constraints.support.case import CaseContext, Item
from ..constraints.support.counts import intersect
from ..constraints.support.phrases import describe_interval, quote
from ..constraints.support.requirements import Required, Requirements
from .findings import Finding, make_finding


def conflicts(context: CaseContext) -> list[Finding]:
    findings: list[Finding] = []
    findings += _table_conflicts(context)
    findings += parameter_conflicts(context)
    findings += _required_text_conflicts(context)
    findings += _numeric_conflicts(context)
    findings += _unsatisfiable(context)
    return findings


def _finding(context: CaseContext, item: Optional[Item], code: str, message: str) -> Finding:
    return make_finding(context.key, item.instruction_id if item else None, code, message)


def _pairs(context: CaseContext) -> Iterator[tuple[Item, Item]]:
    for index, first in enumerate(context.items):
        for second in context.items[index + 1:]:
            yield first, second


# ----------------------------------------------------------------------------- the table


def table_reason(first_id: str, second_id: str) -> Optional[str]:
    """Why two instruction types never hold together (None when they can)."""
    first, second = get(first_id), get(second_id)
    if second_id not in first.conflicts_with and first_id not in second.conflicts_with:
        return None
    return first.conflict_reason(second_id) or second.conflict_reason(first_id) or \
        "see the conflict table"


def _table_conflicts(context: CaseContext) -> list[Finding]:
    findings = []
    seen: set[tuple[str, str]] = set()
    for first, second in _pairs(context):
        pair = tuple(sorted((first.instruction_id, second.instruction_id)))
        if pair in seen or first.instruction_id == second.instruction_id:
            continue
        reason = table_reason(first.instruction_id, second.instruction_id)
        if reason is not None:
            seen.add(pair)  # type: ignore[arg-type]  # a sorted pair: tuple(sorted(...)) has two items
            findings.append(_finding(
                context, first, "CONFLICT_PAIR",
                f"{first.instruction_id} and {second.instruction_id} cannot hold together: "
                f"{reason}"))
    return findings


# ----------------------------------------------------------------------------- parameters


def parameter_conflicts(context: CaseContext) -> list[Finding]:
    """Pairs that conflict only for some parameter settings (kept out of the class table)."""
    findings = []
    for first, second in _pairs(context):
        for left, right in ((first, second), (second, first)):
            reason = get(left.instruction_id).parameter_conflict(left.params, right)
            if reason:
                findings.append(_finding(context, left, "CONFLICT_PARAMS", reason))
    return findings


# ----------------------------------------------------------------------------- required text

Needed = tuple[Item, Required]
"""A required text and the instruction that requires it."""


def _requirements(context: CaseContext) -> list[tuple[Item, Requirements]]:
    return [(item, get(item.instruction_id).requires(item.params)) for item in context.items]


def required_texts(context: CaseContext) -> list[Needed]:
    """Every text a passing response contains, with the instruction that requires it."""
    return [(item, required) for item, requirements in _requirements(context)
            for required in requirements.texts]


def _required_text_conflicts(context: CaseContext) -> list[Finding]:
    findings: list[Finding] = []
    every = _requirements(context)
    required = [(item, needed) for item, requirements in every for needed in requirements.texts]
    if not required:
        return findings
    for item, requirements in every:
        findings += _against(context, item, requirements, required)
    return findings


def _against(context: CaseContext, item: Item, requirements: Requirements,
             required: list[Needed]) -> list[Finding]:
    findings = []
    for source, needed in required:
        if source is item:
            continue
        options = needed.options()
        for exclusion in requirements.excludes:
            if exclusion.case_sensitive_only and not needed.case_sensitive:
                continue
            if all(exclusion.matches(option) for option in options):
                findings.append(_finding(
                    context, item, "CONFLICT_REQUIRED_TEXT",
                    f"{source.instruction_id} makes every response contain {needed.what} "
                    f"{quote(needed.text, 60)}, which {exclusion.why}"))
                break
    if requirements.budget is not None:
        findings += _budget_conflicts(context, item, requirements, required)
    return findings


def _budget_conflicts(context: CaseContext, item: Item, requirements: Requirements,
                      required: list[Needed]) -> list[Finding]:
    """A "less than N" count (letter, keyword, words, sentences, capital words) that the
    required text already uses up."""
    budget = requirements.budget
    assert budget is not None
    limit = budget.limit
    kind = item.instruction_id
    findings = []
    for source, needed in required:
        if source is item:
            continue
        if budget.case_sensitive_only and not needed.case_sensitive:
            continue
        least = min(budget.used(option) for option in needed.options()) * needed.times
        if least > limit:
            findings.append(_finding(
                context, item, "CONFLICT_REQUIRED_TEXT",
                f"{source.instruction_id} makes every response contain {needed.what} "
                f"{quote(needed.text, 60)}, which alone has {least} of what {kind} allows at most "
                f"{limit} of ({describe_interval(*budget.interval)})"))
    # Texts pinned at opposite ends (the request to repeat, the end phrase): their uses add up.
    start = [(source, needed) for source, needed in required if needed.at == "start"]
    end = [(source, needed) for source, needed in required if needed.at == "end"]
    if start and end and not findings and item not in (start[0][0], end[0][0]):
        first, last = start[0][1], end[0][1]
        if not first.text.lower().endswith(last.text.lower()):
            total = budget.used(first.text) + budget.used(last.text)
            if total > limit and budget.adds_up:
                findings.append(_finding(
                    context, item, "CONFLICT_REQUIRED_TEXT",
                    f"{first.what} and {last.what} together have {total} of what {kind} allows "
                    f"at most {limit} of"))
    return findings


# ----------------------------------------------------------------------------- numbers


def _numeric_conflicts(context: CaseContext) -> list[Finding]:
    findings: list[Finding] = []
    groups: dict[tuple[str, str], list[Item]] = {}
    for item in context.items:
        constraint = get(item.instruction_id)
        if constraint.count is not None and constraint.count.numeric_conflicts:
            groups.setdefault((item.instruction_id, constraint.subject(item.params)),
                              []).append(item)
    for (instruction_id, _), items in groups.items():
        if len(items) > 1:
            constraint = get(instruction_id)
            bounds = [constraint.interval(item.params) for item in items]
            low, high = intersect(bounds)
            if low > high:
                findings.append(_finding(
                    context, items[0], "CONFLICT_NUMERIC",
                    f"{instruction_id}: " + " and ".join(
                        describe_interval(*interval) for interval in bounds) +
                    " leave no count that satisfies both"))
    findings += _word_budget(context)
    return findings


def _word_budget(context: CaseContext) -> list[Finding]:
    """"Less than N words" against what the other constraints need at least one word for each."""
    caps = [(cap, item) for item in context.items
            for cap in (get(item.instruction_id).word_cap(item.params, context),)
            if cap is not None]
    if not caps:
        return []
    caps = [entry for entry in caps if not entry[0].implied] + \
        [entry for entry in caps if entry[0].implied]
    needs: list[tuple[int, str]] = []
    additive = 0
    additive_parts = []
    for item in context.items:
        need = get(item.instruction_id).words_needed(item.params, context)
        if need is None:
            continue
        if need.adds_up:
            additive += need.words
            additive_parts.append(need.wording)
        else:
            needs.append((need.words, need.wording))
    if additive:
        needs.append((additive, " + ".join(additive_parts)))
    findings = []
    for cap, item in caps:
        worst = max(needs, default=(0, ""))
        if worst[0] > cap.words:
            findings.append(_finding(
                context, item, "CONFLICT_NUMERIC",
                f"{cap.wording} leaves room for at most {cap.words} words, but {worst[1]} needs at "
                f"least {worst[0]}"))
    return findings


def _unsatisfiable(context: CaseContext) -> list[Finding]:
    findings = []
    for item in context.items:
        constraint = get(item.instruction_id)
        kind = item.instruction_id
        if constraint.count is not None:
            low, high = constraint.interval(item.params)
            if high < 0 or low > high:
                findings.append(_finding(
                    context, item, "CONFLICT_UNSATISFIABLE",
                    f"{kind}: {describe_interval(low, high)} — no count is below zero"
                    if high < 0 else f"{kind}: an empty range"))
        for message in constraint.unsatisfiable(item.params):
            findings.append(_finding(context, item, "CONFLICT_UNSATISFIABLE", message))
    return findings
