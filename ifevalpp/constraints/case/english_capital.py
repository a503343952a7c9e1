"""change_case:english_capital — the whole response in English capital letters."""

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

_CAPITAL_MENTION = (r"\b(?:all\s+)?capital(?:s|ized|ised)?(?:\s+letters?)?\b|\bupper\s?case\b|"
                    r"\ball[- ]caps\b|\bcapitali[sz]e\w*|\bno\s+lower\s?case\b|"
                    r"\blower\s?case\s+letters?\s+(?:are\s+)?not\s+allowed")
_NOT_UPPER = Exclusion(lambda sample: sample != sample.upper(),
                       "has lowercase letters the checker matches case-sensitively, while "
                       "change_case:english_capital forbids them", case_sensitive_only=True)


@register
class EnglishCapital(Constraint):
    """The response is upper case (str.isupper) and detected as English."""

    id = "change_case:english_capital"
    letter_case = "upper"
    # A count of capitalised words says nothing beside a reply that is all capitals.
    # A placeholder request shows "[place]": copied as written, it breaks the all-capitals reply.
    refuses_effects = frozenset({"counts_capital_words", "shows_lowercase_example"})
    verdict_groups = {"revised": "undetected-fails"}
    format_phrase = True
    conflicts_with = frozenset({"change_case:english_lowercase",
                                "detectable_format:constrained_response"})
    conflict_reasons = {
        "change_case:english_lowercase": "a response cannot be all capitals and all lowercase",
        "detectable_format:constrained_response":
            "the answer phrases ('My answer is yes.') are mixed case and matched case-sensitively",
    }
    # "At least 5 words ... in all caps" is about some words, not the whole response.
    unstored_covered_by = frozenset({"change_case:capital_word_frequency"})

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        # Undetectable text passes under official and ifevalpp-paper, fails under revised.
        return response.isupper() and detection_verdict(text.language(response), "en",
                                                         undetected_passes=profile != "revised")

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.edits import spans_of
        from ..support.statements import edit_statements
        from ._reading import case_statements, english_spans
        found = case_statements(prompt, "upper")
        if edits:
            mentions = spans_of(_CAPITAL_MENTION, prompt) + spans_of(r"\bCAPITAL\b|\bCAPS\b",
                                                                     prompt, 0)
            found += edit_statements(prompt, mentions=mentions + english_spans(prompt))
        return found

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ._reading import case_problems
        return case_problems(context, item, "capital")

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ._reading import whole_response_case
        return whole_response_case(prompt, "upper")

    def parameter_conflict(self, params: Any, other: Item) -> Optional[str]:
        from ..support.phrases import describe_interval
        from ._reading import other_language_conflict
        if other.instruction_id == "change_case:capital_word_frequency":
            low, high = get(other.instruction_id).interval(other.params)
            if high < 1:
                return ("an all-capitals response has at least one capital word, but "
                        f"change_case:capital_word_frequency allows "
                        f"{describe_interval(low, high)}")
            return None
        return other_language_conflict(self.id, other)

    def requires(self, params: Any) -> Requirements:
        from ..support.requirements import Requirements
        return Requirements(excludes=(_NOT_UPPER,))

    def satisfy(self, params: Any, draft: Draft) -> None:
        draft.case = "upper"
