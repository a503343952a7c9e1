"""change_case:capital_word_frequency — less than / at least N words in all capitals."""

from __future__ import annotations

from typing import Optional

from ... import text
from ...profiles import Profile
from ..base import Constraint, Count, Params, Relation, compare, register


class CapitalFrequencyParams(Params):
    capital_frequency: Count
    capital_relation: Relation


@register
class CapitalWordFrequency(Constraint):
    """Fully upper-case tokens of nltk.word_tokenize occur less than / at least N times."""

    id = "change_case:capital_word_frequency"
    Params = CapitalFrequencyParams
    around_tolerance = 5

    def check(self, response: str, params: CapitalFrequencyParams, *,
              prompt: Optional[str] = None, profile: Profile = "official") -> bool:
        return compare(text.count_capital_words(response), params.capital_relation,
                       params.capital_frequency, tolerance=self.around_tolerance, profile=profile)
