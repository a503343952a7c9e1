"""punctuation:no_comma — not a single ASCII comma."""

from __future__ import annotations

from typing import Optional

from ...profiles import Profile
from ..base import Constraint, register


@register
class NoComma(Constraint):
    """No ',' (U+002C) anywhere; other comma-like characters (、，) are allowed, as officially."""

    id = "punctuation:no_comma"

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return "," not in response
