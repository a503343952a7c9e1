"""`Statement`: one place where a prompt states (part of) a constraint, and how finders make one.

Every type's `statements(prompt, params, *, edits=False)` returns these. The
validator compares them with the stored parameters; the generators use their
spans to decide what to drop, cut or edit. Roles:

  count       a number with its relation ("at least 300 words"): `low`, `high`,
              `numerals`, `kind` (ge gt lt le eq range bare soft approx neg implied)
  value       a literal parameter as the prompt writes it (`value`)
  format      a literal format marker the checker needs (`***`, `<<title>>`, `[name]`)
  mention     words that only talk about the constraint ("bullet points")
  nth, first_word, english, other_case, other_language, other_value
              type-specific readings (see the type's finder)
  edit_value, edit_mention
              only with `edits=True`: the tight spans an edit in place may change
              (the parameter's own words, "300+ word") and the words that merely
              mention the constraint; `span` and `phrase` are the same stretch

Finders are deterministic: the same prompt and parameters give the same
statements in the same order.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Optional

from .phrases import INF, Span, clause_at, constraint_span, make_span, sentence_at
from .count_phrases import Count

EDIT_ROLES = frozenset({"edit_value", "edit_mention"})


@dataclass(frozen=True)
class Statement:
    """One place where the prompt states (part of) a constraint."""

    span: Span
    """The clause or sentence a rewrite would replace."""
    phrase: Span
    """The exact words matched (what a message quotes)."""
    role: str
    """What it states: 'count', 'value', 'format', 'mention', 'nth', 'first_word', ..."""
    low: float = 0
    high: float = INF
    numerals: tuple[int, ...] = ()
    kind: str = ""
    """For counts: ge gt lt le eq range bare soft approx neg implied."""
    value: Optional[str] = None
    extra: tuple[str, ...] = field(default=())


def statement(prompt: str, start: int, end: int, own: tuple[str, ...], role: str,
              **values: Any) -> Statement:
    """A statement of the phrase prompt[start:end], its span grown to the clause or sentence
    that states it (`own` names the anchor words that belong to this constraint)."""
    return Statement(span=constraint_span(prompt, start, end, own),
                     phrase=make_span(prompt, start, end), role=role, **values)


def count_statement(prompt: str, count: Count, own: tuple[str, ...], *,
                    kind: Optional[str] = None, low: Optional[float] = None,
                    high: Optional[float] = None) -> Statement:
    """A 'count' statement of one count phrase (its kind and bounds may be overridden)."""
    return statement(prompt, count.start, count.end, own, "count",
                     low=count.low if low is None else low,
                     high=count.high if high is None else high,
                     numerals=count.numerals, kind=kind or count.kind)


def in_clause(prompt: str, position: int, pattern: re.Pattern[str]) -> bool:
    start, end = clause_at(prompt, position)
    return bool(pattern.search(prompt, start, end))


def in_sentence(prompt: str, position: int, pattern: re.Pattern[str]) -> bool:
    start, end = sentence_at(prompt, position)
    return bool(pattern.search(prompt, start, end))


# ----------------------------------------------------------------------------- edit spans

Spans = list[tuple[int, int]]


def edit_statements(prompt: str, *, values: Iterable[tuple[int, int]] = (),
                    mentions: Iterable[tuple[int, int]] = ()) -> list[Statement]:
    """The statements a finder adds with `edits=True`: `edit_value` spans hold the parameter itself,
    `edit_mention` spans only talk about the constraint."""
    found = [Statement(span=make_span(prompt, start, end), phrase=make_span(prompt, start, end),
                       role="edit_mention") for start, end in mentions]
    found += [Statement(span=make_span(prompt, start, end), phrase=make_span(prompt, start, end),
                        role="edit_value") for start, end in values]
    return found


def edit_spans(found: Iterable[Statement]) -> tuple[Spans, Spans]:
    """(values, mentions): the distinct edit spans of some statements, each list sorted."""
    values: set[tuple[int, int]] = set()
    mentions: set[tuple[int, int]] = set()
    for item in found:
        if item.role == "edit_value":
            values.add((item.span.start, item.span.end))
        elif item.role == "edit_mention":
            mentions.add((item.span.start, item.span.end))
    return sorted(values), sorted(mentions)


def located_spans(found: Iterable[Statement]) -> list[Span]:
    """The distinct spans (sorted) of the statements that are not edit spans."""
    seen: dict[tuple[int, int], Span] = {}
    for item in found:
        if item.role not in EDIT_ROLES:
            seen.setdefault((item.span.start, item.span.end), item.span)
    return [seen[key] for key in sorted(seen)]
