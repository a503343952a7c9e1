"""words:vowel — one line (after stripping the ends) using at most three of the vowels a e i o u
(case-insensitive)."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register

VOWELS = frozenset("aeiou")


@register
class Vowel(IfbenchConstraint):
    id = "words:vowel"
    wording = r"write a paragraph using words that contain only three types? of vowels"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        lines = response.strip().split("\n")
        if len(lines) != 1:
            return False
        return len(VOWELS & set(lines[0].lower())) <= 3

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "A cat sat on a mat."
