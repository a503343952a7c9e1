"""keywords:forbidden_words — none of the words occurs."""

from __future__ import annotations

import functools
import re
from typing import Annotated, Optional

from pydantic import Field

from ...profiles import Profile
from ..base import Constraint, NonEmptyText, Params, register


@functools.lru_cache(maxsize=4096)
def _forbidden_pattern(word: str) -> re.Pattern[str]:
    # Both profiles: \b on both sides, word used as a regex (as the official checker does).
    return re.compile(r"\b" + word + r"\b", re.IGNORECASE)


class ForbiddenParams(Params):
    forbidden_words: Annotated[list[NonEmptyText], Field(min_length=1)]


@register
class ForbiddenWords(Constraint):
    """None of the words occurs with word boundaries on both sides (case-insensitive).

    So 'cats' or 'bobcat' do not violate 'cat', but "cat's" and "cat-like" do.
    """

    id = "keywords:forbidden_words"
    Params = ForbiddenParams
    regex_fields = ("forbidden_words",)

    def check(self, response: str, params: ForbiddenParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return not any(_forbidden_pattern(word).search(response) for word in params.forbidden_words)
