"""count:numbers — exactly N runs of digits once ASCII punctuation is deleted ("3.14" and
"1,000" are one number each; any Unicode digit counts)."""

from __future__ import annotations

import re
from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, Number, Params, register
from .._reading import without_punctuation

_DIGITS = re.compile(r"\d+")


class NumbersParams(Params):
    N: Number


@register
class Numbers(IfbenchConstraint):
    id = "count:numbers"
    Params = NumbersParams
    wording = r"include exactly (?P<N>\d+) numbers"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        return len(_DIGITS.findall(without_punctuation(response))) == params.N

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        if params.N != int(params.N):
            return None
        return "Numbers: " + " ".join(str(number) for number in range(1, int(params.N) + 1))
