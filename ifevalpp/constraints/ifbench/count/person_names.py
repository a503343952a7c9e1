"""count:person_names — at least N different names of IFBench's list of 50, each matched
case-sensitively between word boundaries."""

from __future__ import annotations

import re
from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, Number, Params, register

NAMES = (
    "Emma", "Liam", "Sophia", "Jackson", "Olivia", "Noah", "Ava", "Lucas", "Isabella", "Mason",
    "Mia", "Ethan", "Charlotte", "Alexander", "Amelia", "Benjamin", "Harper", "Leo", "Zoe",
    "Daniel", "Chloe", "Samuel", "Lily", "Matthew", "Grace", "Owen", "Abigail", "Gabriel",
    "Ella", "Jacob", "Scarlett", "Nathan", "Victoria", "Elijah", "Layla", "Nicholas", "Audrey",
    "David", "Hannah", "Christopher", "Penelope", "Thomas", "Nora", "Andrew", "Aria", "Joseph",
    "Claire", "Ryan", "Stella", "Jonathan")
_PATTERNS = tuple(re.compile(r"\b" + re.escape(name) + r"\b") for name in NAMES)


class PersonNamesParams(Params):
    N: Number


@register
class PersonNames(IfbenchConstraint):
    id = "count:person_names"
    Params = PersonNamesParams
    wording = r"mention at least (?P<N>\d+) different person names"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        needed = params.N
        if needed <= 0:
            return True
        found = 0
        for pattern in _PATTERNS:
            if pattern.search(response):
                found += 1
                if found >= needed:
                    return True
        return False

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        if params.N > len(NAMES):
            return None
        return ", ".join(NAMES[:int(-(-params.N // 1))]) + "."
