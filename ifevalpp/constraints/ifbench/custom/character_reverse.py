"""custom:character_reverse — the lower-cased response holds "elgae dlab"."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import AnyKwargs, IfbenchConstraint, register


@register
class CharacterReverse(IfbenchConstraint):
    id = "custom:character_reverse"
    Params = AnyKwargs
    wording = (r"make your sentence in reverse order of what it should be, per letter")

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        return "elgae dlab" in response.lower()

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "elgae dlab a"
