"""keywords:frequency — one keyword occurs less than / at least N times."""

from __future__ import annotations

from typing import Optional

from ...profiles import Profile
from ..base import Constraint, Count, Params, Relation, StrippedText, compare, register
from ._patterns import keyword_pattern


class FrequencyParams(Params):
    keyword: StrippedText
    frequency: Count
    relation: Relation


@register
class KeywordFrequency(Constraint):
    """A keyword occurs less than / at least N times (non-overlapping, case-insensitive)."""

    id = "keywords:frequency"
    Params = FrequencyParams
    official_regex_fields = ("keyword",)
    around_tolerance = 5

    def check(self, response: str, params: FrequencyParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        occurrences = len(keyword_pattern(params.keyword, profile).findall(response))
        return compare(occurrences, params.relation, params.frequency,
                       tolerance=self.around_tolerance, profile=profile)
