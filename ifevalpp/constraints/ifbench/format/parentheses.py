"""format:parentheses — brackets ( [ { nested at least 5 deep, a group of that depth closed.

Scanned as IFBench scans: an opening bracket goes on the stack (the deepest stack so far is
remembered); a closing bracket that matches the top pops it, and the check passes as soon as a
pop leaves the stack below a deepest level of 5 or more; a closing bracket that does not match
(or closes nothing) empties the stack and forgets the depth."""

from __future__ import annotations

import re
from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register

PAIRS = {")": "(", "]": "[", "}": "{"}
# Only brackets move the scan.
_BRACKET = re.compile(r"[(\[{)\]}]")


@register
class Parentheses(IfbenchConstraint):
    id = "format:parentheses"
    wording = r"nest parentheses \(and \[brackets \{and braces\}\]\) at least 5 levels deep"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        stack: list[str] = []
        deepest = 0
        for char in _BRACKET.findall(response):
            if char in "([{":
                stack.append(char)
                deepest = max(deepest, len(stack))
            else:
                if stack and stack[-1] == PAIRS[char]:
                    stack.pop()
                    if deepest >= 5 and len(stack) < deepest:
                        return True
                else:
                    stack = []
                    deepest = 0
        return False

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "(a [b {c (d [e])}])"
