"""detectable_format:title — a title in double angular brackets, <<like this>>."""

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

_TITLE = re.compile(r"<<[^\n]+>>")
# ifevalpp-paper: the inner text may not start with '<' and holds no '>' (a capture group).
_PAPER_TITLE = re.compile(r"<<([^<\n][^>\n]*)>>")
_TITLE_MARK = re.compile(r"<<[^<>\n]*>>|(?:double )?angular brackets?|angle brackets?",
                         re.IGNORECASE)
_TITLE_WORD = re.compile(r"\btitle[sd]?\b", re.IGNORECASE)
_TITLE_CUE = re.compile(r"<<[^<>\n]+>>|double angular brackets", re.IGNORECASE)
# The brackets hold the answer itself ("give your answer wrapped in double angular brackets,
# such as <<your answer>>"): it must stay on one line for the check.
_ANSWER_IN_BRACKETS = re.compile(r"<<\s*(?:your|the|my)\s+answer\s*>>", re.IGNORECASE)


@register
class Title(Constraint):
    """Some `<<title>>` on one line whose inner text is not blank (ifevalpp-paper: the inner
    text matches `[^<\\n][^>\\n]*`)."""

    id = "detectable_format:title"
    distractor_unfit_for = frozenset({"short", "markup", "emoji"})
    # The markup its statements show by example: a restatement keeps the original's.
    example_form = "title"
    verdict_groups = {"ifevalpp-paper": "ifevalpp-paper"}
    # A new task is a piece that has a title: not a letter to one's sister (read CJH, 1392).
    task_needs = frozenset({"title"})
    task_avoids = frozenset({"question"})
    competes_as_format = True
    distractor_effects = frozenset({"adds_first_line"})
    satisfied_by_presence = True
    format_phrase = True
    conflicts_with = frozenset({"detectable_format:json_format"})

    def refuses_effects_in(self, prompt: str) -> frozenset[str]:
        # Each sentence on a line of its own, or a list, would break a bracketed answer of
        # several sentences across lines, where the check finds no title (read CFR, 1802).
        if _ANSWER_IN_BRACKETS.search(prompt):
            return self.refuses_effects | {"adds_lines", "changes_shape"}
        return self.refuses_effects

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        if profile == "ifevalpp-paper":
            return any(inner.strip() for inner in _PAPER_TITLE.findall(response))
        return any(match.lstrip("<").rstrip(">").strip() for match in _TITLE.findall(response))

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.edits import spans_of
        from ..support.statements import edit_statements, statement
        found = [statement(prompt, match.start(), match.end(), ("title",), "format",
                           value=match.group()) for match in _TITLE_MARK.finditer(prompt)]
        if not found:
            found = [statement(prompt, match.start(), match.end(), ("title",), "mention")
                     for match in _TITLE_WORD.finditer(prompt)]
        if edits:
            found += edit_statements(prompt, mentions=spans_of(
                r"double\s+angular\s+brackets?|<<[^<>\n]{0,80}>>|\btitles?\b", prompt))
        return found

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ..support.case import Problem
        from ..support.phrases import quote
        found = context.statements(item)
        if any(statement.role == "format" for statement in found):
            return []
        message = ("title: the checker needs the title in <<double angular brackets>>, which the "
                   "prompt never shows or names")
        mentions = [statement for statement in found if statement.role == "mention"]
        if mentions:
            return [Problem("REFLECT_FORMAT_OMITTED",
                            f"{message}; the prompt says {quote(mentions[0].span.text, 70)}",
                            mentions[0].span)]
        return [Problem("REFLECT_NOT_FOUND",
                        f"{item.instruction_id}: no statement of this constraint was found in "
                        f"the prompt")]

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.cues import matches
        return matches(_TITLE_CUE, prompt)

    def satisfy(self, params: Any, draft: Draft) -> None:
        draft.title = True
