"""detectable_format:constrained_response — one of three fixed answer sentences."""

from __future__ import annotations

from typing import Optional

from ...profiles import Profile
from ..base import Constraint, register

ANSWER_OPTIONS: tuple[str, ...] = ("My answer is yes.", "My answer is no.", "My answer is maybe.")


@register
class ConstrainedResponse(Constraint):
    """One of the three fixed answer sentences appears anywhere (case-sensitive)."""

    id = "detectable_format:constrained_response"
    # The answer phrases are mixed case and matched case-sensitively.
    conflicts_with = frozenset({"change_case:english_capital", "change_case:english_lowercase"})

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        stripped = response.strip()
        return any(option in stripped for option in ANSWER_OPTIONS)
