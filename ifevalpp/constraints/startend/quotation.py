"""startend:quotation — the whole response wrapped in double quotation marks."""

from __future__ import annotations

from typing import Optional

from ...profiles import Profile
from ..base import Constraint, register


@register
class Quotation(Constraint):
    """The stripped response is longer than one character and starts and ends with `"`."""

    id = "startend:quotation"
    conflicts_with = frozenset({"detectable_format:json_format"})

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        value = response.strip()
        return len(value) > 1 and value[0] == '"' and value[-1] == '"'
