"""combination:* — two different responses, or repeating the request before answering."""

from __future__ import annotations

import re
import string
from typing import Optional

from ..profiles import Profile
from .base import Constraint, NonEmptyText, Params, register

RESPONSE_SEPARATOR = "******"
# ifevalpp-paper: only a run of exactly six asterisks separates.
_EXACT_SEPARATOR = re.compile(r"(?<!\*)\*{6}(?!\*)")
_ASCII_PUNCTUATION = re.compile("[" + re.escape(string.punctuation) + "]")


@register
class TwoResponses(Constraint):
    """Exactly two non-empty pieces around `******` that differ once stripped.

    Empty first or last pieces (a leading or trailing separator) are ignored;
    an empty piece in the middle fails. ifevalpp-paper splits only where exactly six
    asterisks stand (not inside a longer run).
    """

    id = "combination:two_responses"
    verdict_groups = {"ifevalpp-paper": "ifevalpp-paper"}
    # '******' is two '***' dividers with an empty paragraph between them.
    conflicts_with = frozenset({"detectable_format:json_format",
                                "length_constraints:number_paragraphs"})

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        pieces = (_EXACT_SEPARATOR.split(response) if profile == "ifevalpp-paper"
                  else response.split(RESPONSE_SEPARATOR))
        last = len(pieces) - 1
        kept = []
        for position, piece in enumerate(pieces):
            if piece.strip():
                kept.append(piece)
            elif 0 < position < last:
                return False
        return len(kept) == 2 and kept[0].strip() != kept[1].strip()


class RepeatPromptParams(Params):
    prompt_to_repeat: NonEmptyText


@register
class RepeatPrompt(Constraint):
    """The response starts with the text to repeat (both stripped and lower-cased).

    ifevalpp-paper also removes ASCII punctuation from both (after stripping) first.
    """

    id = "combination:repeat_prompt"
    Params = RepeatPromptParams
    verdict_groups = {"ifevalpp-paper": "ifevalpp-paper"}
    conflicts_with = frozenset({"detectable_format:json_format"})

    def check(self, response: str, params: RepeatPromptParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        if profile == "ifevalpp-paper":
            return _without_punctuation(response).startswith(
                _without_punctuation(params.prompt_to_repeat))
        return response.strip().lower().startswith(params.prompt_to_repeat.strip().lower())


def _without_punctuation(value: str) -> str:
    return _ASCII_PUNCTUATION.sub("", value.strip().lower())
