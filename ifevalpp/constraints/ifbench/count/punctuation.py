"""count:punctuation — an interrobang ("?!", "!?" or "‽") and each of . , ! ? ; : besides it.

The first "?!" is taken out before the six marks are looked for (else the first "!?"), so the
interrobang's own marks do not count; a "‽" alone takes nothing out."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register

MARKS = frozenset(".,!?;:")


@register
class Punctuation(IfbenchConstraint):
    id = "count:punctuation"
    wording = r"use every standard punctuation mark at least once"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        if "!?" not in response and "?!" not in response and "\u203d" not in response:
            return False
        rest = response.replace("?!", "", 1)
        if len(rest) == len(response):
            rest = response.replace("!?", "", 1)
        return MARKS <= set(rest)

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "Yes, tea; coffee: water. Really? Wow! Truly?!"
