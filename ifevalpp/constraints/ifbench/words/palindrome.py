"""words:palindrome — at least 10 words (punctuation deleted, then lower-cased) of 5 or more
characters that read the same backwards; repeats count."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register
from .._reading import without_punctuation


@register
class Palindrome(IfbenchConstraint):
    id = "words:palindrome"
    wording = r"include at least 10 single-word palindromes"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        found = sum(1 for word in without_punctuation(response).lower().split()
                    if len(word) >= 5 and word == word[::-1])
        return found >= 10

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return " ".join(["level", "radar", "civic", "kayak", "refer"] * 2)
