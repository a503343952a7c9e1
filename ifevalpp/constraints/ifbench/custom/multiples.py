"""custom:multiples — the digit runs of the response (commas read as ", ") are exactly 14, 21,
28, 35, 42, 49 in order."""

from __future__ import annotations

import re
from typing import Any, Optional

from ....profiles import Profile
from .._base import AnyKwargs, IfbenchConstraint, register

_DIGITS = re.compile(r"\d+")
MULTIPLES = ["14", "21", "28", "35", "42", "49"]


@register
class Multiples(IfbenchConstraint):
    id = "custom:multiples"
    Params = AnyKwargs
    wording = r"count from 10 to 50 but only print multiples of 7"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        return _DIGITS.findall(response.replace(",", ", ")) == MULTIPLES

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return ", ".join(MULTIPLES)
