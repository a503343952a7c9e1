"""startend:* — end with an exact phrase, or wrap the whole response in double quotes."""

from __future__ import annotations

from typing import Optional

from ..profiles import Profile
from .base import Constraint, NonEmptyText, Params, register


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


@register
class Quotation(Constraint):
    """The stripped response is longer than one character and starts and ends with `"`."""

    id = "startend:quotation"
    conflicts_with = frozenset({"detectable_format:json_format"})

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        value = response.strip()
        return len(value) > 1 and value[0] == '"' and value[-1] == '"'
