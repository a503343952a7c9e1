"""count:unique_word_count — at least N distinct lower-cased whitespace words, each stripped of
ASCII punctuation at its ends (a word of punctuation alone counts once, as the empty word)."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, Number, Params, register
from .._reading import PUNCT_SPACE


class UniqueWordCountParams(Params):
    N: Number


@register
class UniqueWordCount(IfbenchConstraint):
    id = "count:unique_word_count"
    Params = UniqueWordCountParams
    wording = r"use at least (?P<N>\d+) unique words"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        return len({word.strip(PUNCT_SPACE) for word in response.lower().split()}) >= params.N

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return " ".join(f"w{number}" for number in range(int(params.N) + 1))
