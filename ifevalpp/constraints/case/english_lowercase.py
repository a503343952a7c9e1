"""change_case:english_lowercase — the whole response in English lowercase letters."""

from __future__ import annotations

from typing import Optional

from ... import text
from ...profiles import Profile
from ..base import Constraint, register
from ..language.response_language import detection_verdict


@register
class EnglishLowercase(Constraint):
    """The response is lower case (str.islower) and detected as English."""

    id = "change_case:english_lowercase"
    conflicts_with = frozenset({"change_case:english_capital",
                                "detectable_format:constrained_response"})

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return response.islower() and detection_verdict(text.language(response), "en", profile)
