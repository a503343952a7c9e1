"""format:quote_unquote — no two '"' side by side once all whitespace is removed, and the text
(digits and punctuation other than '"' stripped from its ends) does not end in '"'.

Only the ASCII double quote counts (IFBench's replacements of '"' by '"' change nothing), and
the three characters '"' in single quotes are dropped first."""

from __future__ import annotations

import string
from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register

_ENDS = string.digits + string.punctuation.replace('"', "")


@register
class QuoteUnquote(IfbenchConstraint):
    id = "format:quote_unquote"
    wording = r"every quoted phrase must be followed by an unquoted explanation"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        packed = "".join(response.replace("'\"'", "").split())
        if '""' in packed:
            return False
        stripped = packed.strip(_ENDS)
        return not (stripped and stripped[-1] == '"')

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return '"Carpe diem" means seize the day.'
