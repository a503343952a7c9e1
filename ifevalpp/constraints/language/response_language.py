"""language:response_language — the whole response is in one given language."""

from __future__ import annotations

from typing import Literal, Optional

from ... import text
from ...profiles import Profile
from ..base import LANGUAGE_CODES, Constraint, Params, register

LanguageCode = Literal[LANGUAGE_CODES]  # type: ignore[valid-type]


def detection_verdict(detected: Optional[str], expected: str, profile: Profile) -> bool:
    """Official: undetectable text (no letters) passes; revised: it fails."""
    if detected is None:
        return profile == "official"
    return detected == expected


class LanguageParams(Params):
    language: LanguageCode


@register
class ResponseLanguage(Constraint):
    """langdetect (seed 0) names the expected language for the whole response."""

    id = "language:response_language"
    Params = LanguageParams

    def check(self, response: str, params: LanguageParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return detection_verdict(text.language(response), params.language, profile)
