"""length_constraints:number_words — less than / at least N words."""

from __future__ import annotations

from typing import Optional

from ... import text
from ...profiles import Profile
from ..base import Constraint, Count, Params, Relation, compare, register


class WordsParams(Params):
    num_words: Count
    relation: Relation


@register
class NumberWords(Constraint):
    """`\\w+` tokens, less than / at least N."""

    id = "length_constraints:number_words"
    Params = WordsParams
    around_tolerance = 25

    def check(self, response: str, params: WordsParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return compare(text.count_words(response), params.relation, params.num_words,
                       tolerance=self.around_tolerance, profile=profile)
