"""language:response_language — the whole response is in one given language."""

from __future__ import annotations

from typing import Literal, Optional

from .. import text
from ..profiles import Profile
from .base import LANGUAGE_CODES, Constraint, Params, register

LanguageCode = Literal[LANGUAGE_CODES]  # type: ignore[valid-type]


def detection_verdict(detected: Optional[str], expected: str, *, undetected_passes: bool) -> bool:
    """The detected language is the expected one; `undetected_passes` decides text with no
    features to judge (digits, emoji, '******')."""
    if detected is None:
        return undetected_passes
    return detected == expected


class LanguageParams(Params):
    language: LanguageCode


@register
class ResponseLanguage(Constraint):
    """langdetect (seed 0) names the expected language for the whole response.

    Official: undetectable text passes; revised and ifevalpp-paper: it fails.
    """

    id = "language:response_language"
    Params = LanguageParams
    # IFEval++ lists 'zh', which langdetect never returns (it says zh-cn / zh-tw): False there.
    paper_unknown_fails = ("language",)
    verdict_groups = {"revised": "undetected-fails", "ifevalpp-paper": "undetected-fails"}

    def check(self, response: str, params: LanguageParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        # Undetectable text passes only under 'official'; revised and ifevalpp-paper fail it.
        return detection_verdict(text.language(response), params.language,
                                 undetected_passes=profile == "official")
