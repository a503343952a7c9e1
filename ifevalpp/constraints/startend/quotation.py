"""startend:quotation — the whole response wrapped in double quotation marks."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Optional

from ...profiles import Profile
from ..base import Constraint
from ..registry import register

if TYPE_CHECKING:
    from ..support.case import CaseContext, Item, Problem
    from ..support.draft import Draft
    from ..support.statements import Statement

_QUOTATION = re.compile(r"double quot\w*|quotation marks?|\bin quotes\b|\bquotes\b|"
                        r"\bquotation\b", re.IGNORECASE)
_WRAP = re.compile(r"\b(?:wrap|enclose|surround|put)\w*\s+(?:your\s+|the\s+)?(?:entire\s+|"
                   r"whole\s+|full\s+)?(?:response|answer|output|reply)\b[^.\n]{0,40}?"
                   r"(?:double quot\w*(?: marks?)?|quotation marks?)|"
                   r"\b(?:wrap|enclose|surround)\w*\s+(?:it|everything)\b[^.\n]{0,20}?"
                   r"double quot\w*(?: marks?)?", re.IGNORECASE)


@register
class Quotation(Constraint):
    """The stripped response is longer than one character and starts and ends with `"`."""

    id = "startend:quotation"
    distractor_unfit_for = frozenset({"markup", "bare"})
    competes_as_format = True
    distractor_effects = frozenset({"sets_start", "sets_end"})
    refuses_effects = frozenset({"adds_first_line", "adds_last_line", "sets_start", "sets_end"})
    format_phrase = True
    conflicts_with = frozenset({"detectable_format:json_format"})

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        value = response.strip()
        return len(value) > 1 and value[0] == '"' and value[-1] == '"'

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.edits import spans_of
        from ..support.statements import edit_statements, statement
        found = [statement(prompt, match.start(), match.end(), ("quotation",), "mention")
                 for match in _QUOTATION.finditer(prompt)]
        if edits:
            found += edit_statements(prompt, mentions=spans_of(
                r"double[- ]quot\w*(?:\s+marks?)?|quotation\s+marks?|double\s+quotes|"
                r"\bin\s+quotes\b|quotes\s+around", prompt))
        return found

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ..support.reflection import mention_needed
        return mention_needed(context, item, "double quotation marks around the response")

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.cues import matches
        return matches(_WRAP, prompt)

    def parameter_conflict(self, params: Any, other: Item) -> Optional[str]:
        from ..support.phrases import quote
        if other.instruction_id == "combination:repeat_prompt":
            repeated = other.params.prompt_to_repeat.strip()
            if not repeated.startswith('"'):
                return (f"the response must start with the repeated request "
                        f"{quote(repeated, 50)}, so it cannot start with a double quote")
        return None

    def satisfy(self, params: Any, draft: Draft) -> None:
        draft.quotation = True
