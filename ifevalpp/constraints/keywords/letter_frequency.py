"""keywords:letter_frequency — one letter occurs less than / at least N times."""

from __future__ import annotations

from typing import Optional

from pydantic import field_validator

from ...profiles import Profile
from ..base import Constraint, Count, NonEmptyText, Params, Relation, compare, register


class LetterFrequencyParams(Params):
    letter: NonEmptyText
    let_frequency: Count
    let_relation: Relation

    @field_validator("letter")
    @classmethod
    def _one_character(cls, value: str) -> str:
        letter = value.strip().lower()
        if len(letter) != 1:
            raise ValueError(f"letter must be a single character, got {value!r}")
        return letter


@register
class LetterFrequency(Constraint):
    """The lower-cased letter occurs less than / at least N times in the lower-cased response.

    The official evaluator replaces a letter outside a-z with a random one; both
    our profiles count the requested character literally, so runs reproduce.
    """

    id = "keywords:letter_frequency"
    Params = LetterFrequencyParams
    around_tolerance = 5

    def check(self, response: str, params: LetterFrequencyParams, *,
              prompt: Optional[str] = None, profile: Profile = "official") -> bool:
        occurrences = response.lower().count(params.letter)
        return compare(occurrences, params.let_relation, params.let_frequency,
                       tolerance=self.around_tolerance, profile=profile)
