"""detectable_format:constrained_response — one of three fixed answer sentences."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Optional

from ...profiles import Profile
from ..base import Constraint
from ..registry import register

if TYPE_CHECKING:
    from ..support.case import CaseContext, Item, Problem
    from ..support.draft import Draft
    from ..support.requirements import Requirements
    from ..support.statements import Statement

ANSWER_OPTIONS: tuple[str, ...] = ("My answer is yes.", "My answer is no.", "My answer is maybe.")

_ANSWER_OPTION = re.compile(r"my answer is (?P<option>yes|no|maybe)\.?", re.IGNORECASE)
_ANSWER_CUE = re.compile(r"My answer is (?:yes|no|maybe)\b", re.IGNORECASE)


@register
class ConstrainedResponse(Constraint):
    """One of the three fixed answer sentences appears anywhere (case-sensitive)."""

    id = "detectable_format:constrained_response"
    short_answer = True
    task_needs = frozenset({"question"})
    # Markup inside the answer phrase ("My answer is *yes*.") breaks the exact phrase the
    # checker looks for: no highlight, bold or italics beside it either.
    refuses_effects = frozenset({"changes_shape", "adds_lines", "numbered_list", "uses_table", "adds_bullets", "adds_first_line", "adds_last_line", "sets_start", "sets_end", "limits_paragraph_length",
                                 "uses_bold", "uses_italic", "uses_asterisks", "uses_markdown"})
    # "Answer with exactly one of the following phrases": the answer is that sentence, so
    # nothing that adds words of its own (an example in brackets, a rhetorical question,
    # capital words) can be asked beside it — unless the prompt asks for more first ("Think
    # out loud, then answer with one of …"). Marks around it can (quoted, it still holds it).
    _ANSWER_ONLY = frozenset({"adds_sentence", "adds_words", "needs_parentheses",
                              "needs_semicolon", "counts_capital_words", "needs_digits"})
    _MORE_FIRST = re.compile(r"\b(?:think|reason|explain|elaborate|justify|discuss|describe|"
                             r"write|tell)\b[^.?!]*\b(?:then|before|and)\b|\bthen (?:answer|"
                             r"reply|respond|choose|pick)\b", re.IGNORECASE)

    def refuses_effects_in(self, prompt: str) -> frozenset[str]:
        if self._MORE_FIRST.search(prompt):
            return self.refuses_effects
        return (self.refuses_effects - {"sets_start", "sets_end"}) | self._ANSWER_ONLY
    satisfied_by_presence = True
    format_phrase = True
    # The answer phrases are mixed case and matched case-sensitively.
    conflicts_with = frozenset({"change_case:english_capital", "change_case:english_lowercase"})

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        stripped = response.strip()
        return any(option in stripped for option in ANSWER_OPTIONS)

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.edits import spans_of
        from ..support.statements import edit_statements
        found = self._options(prompt)
        if edits:
            found += edit_statements(
                prompt, values=spans_of(r"[\"”“']?My answer is (?:yes|no|maybe)\.?[\"”“']?",
                                        prompt, 0),
                mentions=spans_of(r"(?:exactly\s+)?one\s+of\s+the\s+following(?:\s+exact)?\s+"
                                  r"phrases|choose\s+from\s+the\s+following|following\s+options",
                                  prompt))
        return found

    @staticmethod
    def _options(prompt: str) -> list[Statement]:
        from ..support.phrases import make_span, sentence_at, sentences
        from ..support.statements import Statement
        options = list(_ANSWER_OPTION.finditer(prompt))
        if not options:
            return []
        first_sentence = sentence_at(prompt, options[0].start())
        start = first_sentence[0]
        # The instruction often ends a sentence just before the list ("... phrases:\n").
        previous = prompt.rfind("\n", 0, start)
        for bound_start, bound_end in sentences(prompt):
            if bound_end <= start and re.search(r"answer|choose|phrase|option|say|respond",
                                                prompt[bound_start:bound_end], re.IGNORECASE) \
                    and bound_end >= previous - 1 and prompt[bound_end - 1:bound_end] == ":":
                start = bound_start
        end = sentence_at(prompt, options[-1].start())[1]
        end = max(end, options[-1].end())
        while end < len(prompt) and prompt[end] in "\"”'’)":
            end += 1
        span = make_span(prompt, start, end)
        return [Statement(span=span, phrase=make_span(prompt, match.start(), match.end()),
                          role="format", value=match.group("option").lower())
                for match in options]

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ..support.case import Problem
        if context.statements(item):
            return []
        return [Problem("REFLECT_FORMAT_OMITTED",
                        "the checker looks for 'My answer is yes.', 'My answer is no.' or 'My "
                        "answer is maybe.', none of which the prompt shows")]

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.cues import matches
        return matches(_ANSWER_CUE, prompt)

    def requires(self, params: Any) -> Requirements:
        from ..support.requirements import Required, Requirements
        return Requirements(texts=(Required(ANSWER_OPTIONS[0], "an answer phrase",
                                            case_sensitive=True, alternatives=ANSWER_OPTIONS),))

    def satisfy(self, params: Any, draft: Draft) -> None:
        draft.answer_options = ANSWER_OPTIONS

    def sketch_texts(self, params: Any) -> list[str]:
        return ["My answer is no."]

    def literals(self, params: Any) -> list[str]:
        return list(ANSWER_OPTIONS)
