"""change_case:english_capital — the whole response in English capital letters."""

from __future__ import annotations

from typing import Optional

from ... import text
from ...profiles import Profile
from ..base import Constraint, register
from ..language.response_language import detection_verdict


@register
class EnglishCapital(Constraint):
    """The response is upper case (str.isupper) and detected as English."""

    id = "change_case:english_capital"
    conflicts_with = frozenset({"change_case:english_lowercase",
                                "detectable_format:constrained_response"})

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return response.isupper() and detection_verdict(text.language(response), "en", profile)
