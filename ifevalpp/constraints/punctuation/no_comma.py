"""punctuation:no_comma — not a single ASCII comma."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Optional

from ...profiles import Profile
from ..base import Constraint
from ..registry import register
from ..support.requirements import Exclusion

if TYPE_CHECKING:
    from ..support.case import CaseContext, Item, Problem
    from ..support.draft import Draft
    from ..support.requirements import Requirements
    from ..support.sketch import Sketch
    from ..support.statements import Statement

_COMMA = re.compile(r"\bcommas?\b", re.IGNORECASE)
_COMMA_NEGATION = re.compile(r"\b(?:no|not|without|avoid|refrain|never|cannot|can't|don't|free|"
                             r"exclude|forbid\w*)\b|n't\b|not allowed|are not", re.IGNORECASE)
_COMMA_LIMIT = re.compile(r"\bno\s+more\s+than\b|\bnot\s+more\s+than\b|\bfewer\b|\bless\b|"
                          r"\bat most\b|\bexcept\b|\bonly\b", re.IGNORECASE)
_HAS_COMMA = Exclusion(lambda sample: "," in sample, "contains a comma")


@register
class NoComma(Constraint):
    """No ',' (U+002C) anywhere; other comma-like characters (、，) are allowed, as officially."""

    id = "punctuation:no_comma"
    script_needs = frozenset({"ascii_comma"})
    competes_as_format = True
    distractor_effects = frozenset({"bans_commas"})
    holds_by_itself_in = frozenset({"entries"})

    def task_bites_from(self, params: Any) -> Optional[int]:
        # A slogan or a haiku seldom has a comma: the ban asks something of a piece that
        # can run to a few sentences.
        return 40

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return "," not in response

    def spent_by_copy(self, params: object, copied: str) -> Optional[str]:
        # The copy is part of the answer the ban reads (1627, 3718: a request to repeat with
        # a comma; an aside that a model may take for part of it, read AVA).
        return "the text to repeat holds a comma" if "," in copied else None

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.edits import spans_of
        from ..support.phrases import clause_at
        from ..support.statements import edit_statements, statement
        found = []
        for match in _COMMA.finditer(prompt):
            clause_start, clause_end = clause_at(prompt, match.start())
            negations = list(_COMMA_NEGATION.finditer(prompt, clause_start, match.start()))
            if negations:
                start = negations[-1].start()
            elif _COMMA_NEGATION.search(prompt, match.end(), clause_end):
                start = match.start()  # "commas are not allowed"
            else:
                continue
            found.append(statement(prompt, start, match.end(), ("comma",), "mention"))
        if edits:
            found += edit_statements(prompt, mentions=spans_of(r"\bcommas?\b", prompt))
        return found

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ..support.reflection import mention_needed
        return mention_needed(context, item, "a response without commas")

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.phrases import clause_at
        found: list[tuple[int, int]] = []
        if not _COMMA.search(prompt):
            return found
        for statement_ in self.statements(prompt, None):
            start, end = clause_at(prompt, statement_.phrase.start)
            if _COMMA_LIMIT.search(prompt, start, end):
                continue  # "no more than two commas", "no commas except in the address"
            found.append((statement_.phrase.start, statement_.phrase.end))
        return found

    def requires(self, params: Any) -> Requirements:
        from ..support.requirements import Requirements
        return Requirements(excludes=(_HAS_COMMA,))

    def satisfy(self, params: Any, draft: Draft) -> None:
        draft.no_comma = True

    def sketch(self, params: Any, sketch: Sketch) -> Optional[str]:
        if "," in " ".join(sketch.texts):
            return "text the response must contain has a comma"
        return None

    def fit_request(self, text: str) -> str:
        # The response must start with the request, so a comma-free answer needs a
        # comma-free request.
        return re.sub(r",\s*", " ", text)
