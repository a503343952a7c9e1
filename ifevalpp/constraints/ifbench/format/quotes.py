"""format:quotes — quotes nested at least 3 deep.

Scanned as IFBench scans: a character equal to the innermost open quote closes it (and the
check passes once the deepest level reached is 3 or more above the level left open); any
other ' or " opens a new level. Nothing checks that the kinds alternate, and an apostrophe
counts as a quote."""

from __future__ import annotations

import re
from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register

# Only quote marks move the scan (the stack holds nothing else).
_QUOTE = re.compile("[\"']")


@register
class Quotes(IfbenchConstraint):
    id = "format:quotes"
    wording = (r"include quotes within quotes within quotes, at least 3 levels deep, "
               r"alternating between double quotes and single quotes")

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        stack: list[str] = []
        deepest = 0
        for char in _QUOTE.findall(response):
            if stack and char == stack[-1]:
                stack.pop()
                if deepest - len(stack) >= 3:
                    return True
            else:
                stack.append(char)
                deepest = max(deepest, len(stack))
        return False

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return """He said "she wrote 'they sang "go" today' there" then."""
