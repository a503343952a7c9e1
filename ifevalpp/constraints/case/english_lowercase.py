"""change_case:english_lowercase — the whole response in English lowercase letters."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ... import text
from ...profiles import Profile
from ..base import Constraint
from ..registry import get, register
from ..language.response_language import detection_verdict
from ..support.requirements import Exclusion

if TYPE_CHECKING:
    from ..support.case import CaseContext, Item, Problem
    from ..support.draft import Draft
    from ..support.requirements import Requirements
    from ..support.statements import Statement

_LOWERCASE_MENTION = (r"\blower\s?-?case(?:\s+letters?)?\b|\bno\s+capital(?:\s+letters?)?\b|"
                      r"\bcapital\s+letters?\b|\bcapitali[sz]ation\b|\bcapitals\b")
_NOT_LOWER = Exclusion(lambda sample: sample != sample.lower(),
                       "has capital letters the checker matches case-sensitively, while "
                       "change_case:english_lowercase forbids capitals", case_sensitive_only=True)


@register
class EnglishLowercase(Constraint):
    """The response is lower case (str.islower) and detected as English."""

    id = "change_case:english_lowercase"
    letter_case = "lower"
    verdict_groups = {"revised": "undetected-fails"}
    refuses_effects = frozenset({"needs_capitals", "counts_capital_words"})
    format_phrase = True
    conflicts_with = frozenset({"change_case:english_capital",
                                "detectable_format:constrained_response"})
    conflict_reasons = {
        "detectable_format:constrained_response":
            "the answer phrases start with a capital 'M' and are matched case-sensitively",
    }
    # "At least 5 words ... in all caps" is about some words, not the whole response.
    unstored_covered_by = frozenset({"change_case:capital_word_frequency"})

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        # Undetectable text passes under official and ifevalpp-paper, fails under revised.
        return response.islower() and detection_verdict(text.language(response), "en",
                                                         undetected_passes=profile != "revised")

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.edits import spans_of
        from ..support.statements import edit_statements
        from ._reading import case_statements, english_spans
        found = case_statements(prompt, "lower")
        if edits:
            found += edit_statements(prompt, mentions=spans_of(_LOWERCASE_MENTION, prompt) +
                                     english_spans(prompt))
        return found

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ._reading import case_problems
        return case_problems(context, item, "lowercase")

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ._reading import whole_response_case
        return whole_response_case(prompt, "lower")

    def parameter_conflict(self, params: Any, other: Item) -> Optional[str]:
        from ..support.phrases import describe_interval
        from ._reading import other_language_conflict
        if other.instruction_id == "change_case:capital_word_frequency":
            bounds = get(other.instruction_id).interval(other.params)
            if bounds[0] >= 1:
                return (f"all-lowercase text has no capital words, but "
                        f"change_case:capital_word_frequency wants {describe_interval(*bounds)}")
            return None
        return other_language_conflict(self.id, other)

    def requires(self, params: Any) -> Requirements:
        from ..support.requirements import Requirements
        return Requirements(excludes=(_NOT_LOWER,))

    def satisfy(self, params: Any, draft: Draft) -> None:
        draft.case = "lower"
