"""change_case:* — all capitals, all lower case (both in English), or a count of capitalised words."""

from __future__ import annotations

from typing import Optional

from .. import nltk392, text
from ..profiles import Profile
from .base import Constraint, Count, Params, Relation, compare, register
from .language import detection_verdict


@register
class EnglishCapital(Constraint):
    """The response is upper case (str.isupper) and detected as English.

    Undetectable text passes under 'official' and 'ifevalpp-paper', fails under 'revised'.
    """

    id = "change_case:english_capital"
    verdict_groups = {"revised": "undetected-fails"}
    conflicts_with = frozenset({"change_case:english_lowercase",
                                "detectable_format:constrained_response"})

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return response.isupper() and detection_verdict(text.language(response), "en",
                                                         undetected_passes=profile != "revised")


@register
class EnglishLowercase(Constraint):
    """The response is lower case (str.islower) and detected as English (undetectable text as
    for english_capital)."""

    id = "change_case:english_lowercase"
    verdict_groups = {"revised": "undetected-fails"}
    conflicts_with = frozenset({"change_case:english_capital",
                                "detectable_format:constrained_response"})

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return response.islower() and detection_verdict(text.language(response), "en",
                                                         undetected_passes=profile != "revised")


class CapitalFrequencyParams(Params):
    capital_frequency: Count
    capital_relation: Relation


@register
class CapitalWordFrequency(Constraint):
    """Fully upper-case tokens of nltk.word_tokenize occur less than / at least N times.

    ifevalpp-paper tokenizes as NLTK 3.9.2 does (`nltk392`); the others as the pinned 3.8.1.
    """

    id = "change_case:capital_word_frequency"
    verdict_groups = {"ifevalpp-paper": "nltk-3.9.2"}
    Params = CapitalFrequencyParams
    around_tolerance = 5

    def check(self, response: str, params: CapitalFrequencyParams, *,
              prompt: Optional[str] = None, profile: Profile = "official") -> bool:
        count = (nltk392.count_capital_words(response) if profile == "ifevalpp-paper"
                 else text.count_capital_words(response))
        return compare(count, params.capital_relation,
                       params.capital_frequency, tolerance=self.around_tolerance, profile=profile)
