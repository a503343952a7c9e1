"""startend:end_checker — the response ends with an exact phrase."""

from __future__ import annotations

from typing import Optional

from ...profiles import Profile
from ..base import Constraint, NonEmptyText, Params, register


class EndPhraseParams(Params):
    end_phrase: NonEmptyText


@register
class EndChecker(Constraint):
    """The response, stripped of whitespace and then of `"` at both ends, ends with the phrase.

    Case-insensitive; the phrase is stripped too.
    """

    id = "startend:end_checker"
    Params = EndPhraseParams
    # Not startend:quotation: the checker strips the wrapping quotes before comparing.
    conflicts_with = frozenset({"detectable_format:json_format"})

    def check(self, response: str, params: EndPhraseParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        ending = response.strip().strip('"').lower()
        return ending.endswith(params.end_phrase.strip().lower())
