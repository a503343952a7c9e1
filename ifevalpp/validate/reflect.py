"""Reflection: does the prompt state each stored parameter, and nothing that contradicts it?

Counts are compared here for every type that declares a `count` (the number
and relation the prompt states against the interval the checker accepts); all
else a type knows about its own statements comes from its `contradictions`.

Severity follows one rule: when the checker would reject a response that
follows the prompt (a different number, the opposite relation, a value the
prompt never asks for, a marker the prompt never shows) the finding is an
error; when the checker is only more lenient than the prompt, or the prompt
states the same thing in other terms, it is a warning.
"""

from __future__ import annotations

from typing import Optional

from ..constraints.registry import get
from ..constraints.support.case import CaseContext, Item, Problem
from ..constraints.support.counts import intersect
from ..constraints.support.phrases import INF, Span, describe_interval, quote
from ..constraints.support.statements import Statement
from .findings import Finding, make_finding


def reflect(context: CaseContext) -> list[Finding]:
    findings: list[Finding] = []
    findings += _count_findings(context)
    for item in sorted(context.items, key=lambda item: get(item.instruction_id).reflection_order):
        for problem in get(item.instruction_id).contradictions(context, item):
            findings.append(as_finding(context, problem.about or item, problem))
    return findings


def as_finding(context: CaseContext, item: Optional[Item], problem: Problem) -> Finding:
    """The case's finding for what a type reported."""
    return make_finding(context.key, item.instruction_id if item else None, problem.code,
                        problem.message, problem.span)


def _finding(context: CaseContext, item: Optional[Item], code: str, message: str,
             span: Optional[Span] = None) -> Finding:
    return make_finding(context.key, item.instruction_id if item else None, code, message, span)


# ----------------------------------------------------------------------------- counts


def _count_findings(context: CaseContext) -> list[Finding]:
    findings: list[Finding] = []
    groups: dict[tuple[str, str], list[Item]] = {}
    for item in context.items:
        constraint = get(item.instruction_id)
        if constraint.count is not None:
            groups.setdefault((item.instruction_id, constraint.subject(item.params)),
                              []).append(item)
    for (instruction_id, what), items in groups.items():
        findings += _compare_counts(context, instruction_id, what, items)
    return findings


def _compare_counts(context: CaseContext, instruction_id: str, what: str,
                    items: list[Item]) -> list[Finding]:
    constraint = get(instruction_id)
    spec = constraint.count
    assert spec is not None
    first = items[0]
    shape = spec.shape
    floor = constraint.count_floor(context, what)
    stored = intersect([constraint.interval(item.params) for item in items])
    stored = (max(stored[0], floor), stored[1])
    stored_text = " and ".join(constraint.count_wording(item.params) for item in items)
    field = spec.field
    label = f"{field}" + (f" of {what!r}" if what else "")
    all_statements = [statement for statement in context.statements(first)
                      if statement.role == "count"]
    findings: list[Finding] = []
    approx = [statement for statement in all_statements if statement.kind == "approx"]
    if approx:
        findings.append(_finding(
            context, first, "AMBIGUOUS_RELATION",
            f"{label}: the prompt says {quote(approx[0].phrase.text)}, an approximate count the "
            f"checker cannot express; it checks {stored_text}", approx[0].span))
    usable = [_as_interval(statement, shape) for statement in all_statements
              if statement.kind != "approx"]
    hard = [entry for entry in usable if entry[0].kind not in ("soft", "implied")]
    soft = [entry for entry in usable if entry[0].kind == "soft"]
    implied = [entry for entry in usable if entry[0].kind == "implied"]
    mentions = [statement for statement in context.statements(first)
                if statement.role == "mention"]
    if not hard:
        candidates = implied + soft
        if implied:
            reading = _clip(intersect([entry[1] for entry in candidates]), floor)
            if reading == stored:
                return findings
        if (soft or mentions) and not implied and stored[1] == INF and stored[0] <= max(1, floor):
            return findings  # "some highlighted sections" for at least 1
        where = (implied or soft)[0][0].span if (implied or soft) else None
        said = f"only {quote((implied or soft)[0][0].phrase.text)}" if (implied or soft) else \
            "no number for it"
        findings.append(_finding(
            context, first, "REFLECT_NOT_FOUND",
            f"{label}: the prompt states {said}; the checker expects {stored_text} "
            f"({describe_interval(*stored)})", where))
        return findings
    softs = [entry[1] for entry in soft]
    reading = _clip(intersect([entry[1] for entry in hard] + softs), floor)
    chosen = hard[0]
    if reading[0] > reading[1]:
        # The statements contradict each other: say so, and judge each on its own.
        pair = [entry[0] for entry in hard + soft][:2]
        findings.append(_finding(
            context, first, "AMBIGUOUS_SELF_CONTRADICTION",
            f"{label}: the prompt says both {quote(pair[0].phrase.text)} and "
            f"{quote(pair[-1].phrase.text)}, which no count satisfies; the checker uses "
            f"{stored_text}", pair[-1].span))
        for entry in hard:
            alone = _clip(intersect([entry[1]]), floor)
            if alone == stored:
                return findings
        chosen = hard[0]
        reading = _clip(intersect([chosen[1]] + softs), floor)
        if reading[0] > reading[1]:
            reading = _clip(chosen[1], floor)
    stored_numbers = {getattr(item.params, field) for item in items}
    statement = chosen[0]
    said = quote(statement.phrase.text)
    if reading == stored:
        direct = any(entry[0].numerals and set(entry[0].numerals) <= stored_numbers
                     for entry in hard)
        prompt_numbers = {number for entry in hard for number in entry[0].numerals}
        if prompt_numbers and not direct:
            findings.append(_finding(
                context, first, "REFLECT_BOUND_EQUIVALENT",
                f"{label}: the prompt says {said} ({describe_interval(*reading)}); stored as "
                f"{stored_text}, the same whole-number bound in other terms", statement.span))
        return findings
    inside = stored[0] <= reading[0] and reading[1] <= stored[1]
    if inside:
        # The prompt is stricter than the checker. Lenient (a warning) when each side where they
        # differ is a side the checker leaves open, or one only a vague word ("a few") narrows.
        hard_low = max((entry[1][0] for entry in hard), default=0)
        low_ok = reading[0] == stored[0] or stored[0] <= floor or hard_low < reading[0]
        high_ok = reading[1] == stored[1] or stored[1] == INF
        exact_in_open = reading[0] == reading[1] and (
            reading[0] == stored[0] or reading[1] == stored[1])
        if (low_ok and high_ok) or exact_in_open:
            findings.append(_finding(
                context, first, "REFLECT_BOUND_LENIENT",
                f"{label}: the prompt says {said} ({describe_interval(*reading)}) but the checker "
                f"accepts {describe_interval(*stored)} ({stored_text})", statement.span))
            return findings
    opposite = reading[1] < stored[0] or reading[0] > stored[1]
    same_numbers = bool(set(statement.numerals) & stored_numbers)
    next_numbers = any(number + 1 in stored_numbers or number - 1 in stored_numbers
                       for number in statement.numerals)
    code = "REFLECT_RELATION_MISMATCH" if same_numbers or (opposite and next_numbers) \
        else "REFLECT_NUMBER_MISMATCH"
    findings.append(_finding(
        context, first, code,
        f"{label}: the prompt says {said} ({describe_interval(*reading)}) but the stored "
        f"parameters check {stored_text} ({describe_interval(*stored)})", statement.span))
    return findings


def _as_interval(statement: Statement, shape: str) -> tuple[Statement, tuple[float, float]]:
    low, high = statement.low, statement.high
    if shape == "at_least" and statement.kind in ("bare", "implied") and low == high:
        high = INF  # "4 sections" for an at-least checker is the ordinary reading
    return statement, (low, high)


def _clip(interval: tuple[float, float], floor: int) -> tuple[float, float]:
    return (max(interval[0], floor), interval[1])
