"""format:sub-bullets — every piece of the text after a '*' holds a '-' (a text without '*'
passes; the '*' need not start a line)."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register


@register
class SubBullets(IfbenchConstraint):
    id = "format:sub-bullets"
    wording = (r"your response must include bullet points denoted by \* and at least one "
               r"sub-bullet point denoted by - for each bullet point")

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        return all("-" in piece for piece in response.split("*")[1:])

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "* Tea\n  - green"
