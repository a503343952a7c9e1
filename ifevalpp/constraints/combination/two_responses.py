"""combination:two_responses — two different responses separated by six asterisks."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Optional

from ...profiles import Profile
from ..base import Constraint
from ..registry import register

if TYPE_CHECKING:
    from ..support.case import CaseContext, Item, Problem
    from ..support.draft import Draft
    from ..support.requirements import WordNeed
    from ..support.statements import Statement

RESPONSE_SEPARATOR = "******"

_SEPARATOR_RUN = re.compile(r"\*{4,}")
_SIX_ASTERISKS = re.compile(r"\b(?:6|six)\s+asterisks?", re.IGNORECASE)
_SIX_CUE = re.compile(r"(?<!\*)\*{6}(?!\*)|\bsix asterisks\b", re.IGNORECASE)
# ifevalpp-paper: only a run of exactly six asterisks separates.
_EXACT_SEPARATOR = re.compile(r"(?<!\*)\*{6}(?!\*)")


@register
class TwoResponses(Constraint):
    """Exactly two non-empty pieces around `******` that differ once stripped.

    Empty first or last pieces (a leading or trailing separator) are ignored;
    an empty piece in the middle fails. ifevalpp-paper splits only where exactly six
    asterisks stand (not inside a longer run).
    """

    id = "combination:two_responses"
    verdict_groups = {"ifevalpp-paper": "ifevalpp-paper"}
    task_needs = frozenset({"alternatives"})
    names_parts = True
    divides_answer = True
    gives_versions = True
    refuses_effects = frozenset({"adds_first_line", "adds_last_line", "sets_start", "sets_end"})
    # '******' is two '***' dividers with an empty paragraph between them.
    conflicts_with = frozenset({"detectable_format:json_format",
                                "length_constraints:number_paragraphs"})

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        pieces = (_EXACT_SEPARATOR.split(response) if profile == "ifevalpp-paper"
                  else response.split(RESPONSE_SEPARATOR))
        last = len(pieces) - 1
        kept = []
        for position, piece in enumerate(pieces):
            if piece.strip():
                kept.append(piece)
            elif 0 < position < last:
                return False
        return len(kept) == 2 and kept[0].strip() != kept[1].strip()

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.edits import spans_of
        from ..support.statements import edit_statements, statement
        own = ("separator",)
        found = [statement(prompt, match.start(), match.end(), own, "format",
                           value=match.group()) for match in _SEPARATOR_RUN.finditer(prompt)]
        found += [statement(prompt, match.start(), match.end(), own, "mention")
                  for match in _SIX_ASTERISKS.finditer(prompt)]
        if edits:
            found += edit_statements(prompt, mentions=spans_of(
                r"\*{6,}|(?:six|6)\s+asterisks?(?:\s+symbols?)?|two\s+(?:different|distinct|"
                r"separate)\s+(?:responses|answers|versions)|two\s+(?:responses|answers)", prompt))
        return found

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ..support.case import Problem
        from ..support.phrases import quote
        found = context.statements(item)
        runs = [statement for statement in found if statement.role == "format"]
        if any(statement.value == RESPONSE_SEPARATOR for statement in runs):
            return []
        if runs:
            return [Problem("REFLECT_SEPARATOR_VARIANT",
                            f"separator: the prompt shows {quote(runs[0].phrase.text)} "
                            f"({len(runs[0].value or '')} asterisks); the checker splits on "
                            f"exactly six, '******'", runs[0].span)]
        if any(statement.role == "mention" for statement in found):
            return []
        return [Problem("REFLECT_FORMAT_OMITTED",
                        "separator: the checker splits the two responses on '******', which the "
                        "prompt never shows or names")]

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.cues import matches
        return matches(_SIX_CUE, prompt)

    def words_needed(self, params: Any, context: CaseContext) -> Optional[WordNeed]:
        from ..support.requirements import WordNeed
        return WordNeed(2, "two responses")

    def satisfy(self, params: Any, draft: Draft) -> None:
        draft.two_responses = True

    def sketch_texts(self, params: Any) -> list[str]:
        return [RESPONSE_SEPARATOR]
