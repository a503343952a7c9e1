"""format:newline — with ASCII punctuation deleted, the text has as many non-empty lines as
whitespace words (a line holding only spaces counts as a line)."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register
from .._reading import without_punctuation


@register
class Newline(IfbenchConstraint):
    id = "format:newline"
    wording = r"write each word on a new line"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        bare = without_punctuation(response).strip()
        lines = sum(1 for line in bare.split("\n") if line != "")
        return lines == len(bare.split())

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "Tea\nis\nwarm"
