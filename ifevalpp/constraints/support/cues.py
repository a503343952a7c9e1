"""Pieces of the unstored-statement cues (`Constraint.unstored`): clear statements only.

A cue fires on a hard count with its unit ("300 words"), a literal marker or an
explicit phrase; `hard_counts` is the count cue every counting type uses.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Callable, Optional

from .phrases import clause_at, sentence_at
from .count_phrases import counts

if TYPE_CHECKING:
    from ..base import Constraint

Phrase = tuple[int, int]
"""Where a candidate statement's words are (start, end offsets)."""

# Count kinds that state a number plainly (not "a few", "about", or a count inferred elsewhere).
HARD_KINDS = frozenset({"ge", "gt", "lt", "le", "eq", "range", "bare"})

_NOT_A_BOUND = re.compile(r"\b(?:first|last|next|previous|following|above|below|"
                          r"single|not|no)\s+(?:\w+\s+)?$", re.IGNORECASE)
_ABOUT_REPEAT = re.compile(r"\brepeat|\brequest\b", re.IGNORECASE)


@functools.lru_cache(maxsize=64)
def _hard_units(prompt: str) -> frozenset[Optional[str]]:
    return frozenset(count.unit for count in counts(prompt) if count.kind in HARD_KINDS)


def hard_counts(constraint: "Constraint", prompt: str, unit: Optional[str] = None,
                stem: Optional[str] = None) -> list[Phrase]:
    """The type's count statements that state a plain number of `unit` (any unit when None),
    with the counted noun itself (`stem`, a regex) in the phrase: "300 words", not "300 parts"
    read as paragraphs through a divider mention."""
    found: list[Phrase] = []
    units = _hard_units(prompt)
    if not units or (unit is not None and unit not in units):
        return found  # cheap: no plain count of this unit at all
    for statement in constraint.statements(prompt, None):
        if statement.role != "count" or statement.kind not in HARD_KINDS:
            continue
        if stem is not None and not re.search(r"\b" + stem, statement.phrase.text, re.IGNORECASE):
            continue
        start = statement.phrase.start
        if _NOT_A_BOUND.search(prompt[max(0, start - 30):start]) or \
                re.match(r"(?:a\s+)?single\b", statement.phrase.text, re.IGNORECASE):
            continue  # "the first four sentences", "not a single word"
        if _ABOUT_REPEAT.search(prompt, *sentence_at(prompt, start)):
            continue  # "the request you need to repeat contains the first 4 sentences"
        found.append((statement.phrase.start, statement.phrase.end))
    return found


def matches(pattern: re.Pattern[str], prompt: str,
            accept: Optional[Callable[[str, re.Match[str]], bool]] = None) -> list[Phrase]:
    """Every match of `pattern` (that `accept` takes, when given)."""
    return [(match.start(), match.end())
            for match in pattern.finditer(prompt) if accept is None or accept(prompt, match)]


_NEGATION = re.compile(r"\b(?:no|not|never|without|avoid\w*|refrain|exclude)\b|n't\b",
                       re.IGNORECASE)


def not_negated(prompt: str, match: re.Match[str]) -> bool:
    """No negation just before the match in its clause ("do not include the keywords")."""
    start, _ = clause_at(prompt, match.start())
    return not _NEGATION.search(prompt, max(start, match.start() - 30), match.start())
