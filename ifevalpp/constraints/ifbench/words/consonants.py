"""words:consonants — every whitespace word (lower-cased) has two ASCII consonants side by side
('y' counts as a consonant; punctuation is kept, so "a," has none)."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register

CONSONANTS = frozenset("bcdfghjklmnpqrstvwxyz")


def has_cluster(word: str) -> bool:
    return any(first in CONSONANTS and second in CONSONANTS
               for first, second in zip(word, word[1:]))


@register
class Consonants(IfbenchConstraint):
    id = "words:consonants"
    wording = r"each word in your response has at least one consonant cluster"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        return all(has_cluster(word) for word in response.lower().strip().split())

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "Bright clusters. Bright clusters? Bright clusters!"
