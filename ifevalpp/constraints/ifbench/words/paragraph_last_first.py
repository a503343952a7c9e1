"""words:paragraph_last_first — each non-blank line (lower-cased, stripped of punctuation at its
ends) starts and ends with the same word."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register
from .._reading import PUNCT_SPACE


@register
class ParagraphLastFirst(IfbenchConstraint):
    id = "words:paragraph_last_first"
    wording = r"each paragraph (?:of your response )?must end with the same word it started with"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        for line in response.split("\n"):
            words = line.strip().lower().strip(PUNCT_SPACE).split()
            if words and words[0] != words[-1]:
                return False
        return True

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "Tea warms the heart like tea."
