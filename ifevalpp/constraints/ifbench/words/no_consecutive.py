"""words:no_consecutive — no two consecutive words (lower-cased, punctuation deleted) start with
the same character."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register
from .._reading import bare_words


@register
class NoConsecutive(IfbenchConstraint):
    id = "words:no_consecutive"
    wording = r"no two consecutive words can share the same first letter"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        words = bare_words(response)
        return all(first[0] != second[0] for first, second in zip(words, words[1:]))

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "Green trees sway."
