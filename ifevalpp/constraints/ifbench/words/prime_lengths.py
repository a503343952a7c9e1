"""words:prime_lengths — every whitespace word, punctuation deleted, has a prime length below
100 (a response of punctuation alone has no word and passes)."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register
from .._reading import without_punctuation

PRIMES = frozenset({2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71,
                    73, 79, 83, 89, 97})


@register
class PrimeLengths(IfbenchConstraint):
    id = "words:prime_lengths"
    wording = r"use only words with lengths that are prime numbers"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        return all(len(word) in PRIMES for word in without_punctuation(response).split())

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "We are happy."
