"""length_constraints:number_sentences — less than / at least N sentences."""

from __future__ import annotations

from typing import Optional

from ... import text
from ...profiles import Profile
from ..base import Constraint, Count, Params, Relation, compare, register


class SentencesParams(Params):
    num_sentences: Count
    relation: Relation


@register
class NumberSentences(Constraint):
    """Sentences as NLTK's English Punkt model splits them, less than / at least N."""

    id = "length_constraints:number_sentences"
    Params = SentencesParams
    around_tolerance = 2

    def check(self, response: str, params: SentencesParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return compare(text.count_sentences(response), params.relation, params.num_sentences,
                       tolerance=self.around_tolerance, profile=profile)
