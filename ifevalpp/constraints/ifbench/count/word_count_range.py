"""count:word_count_range — between min_words and max_words `\\w+` words, both included."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, Number, Params, register
from .._reading import count_words


class WordCountRangeParams(Params):
    min_words: Number
    max_words: Number


@register
class WordCountRange(IfbenchConstraint):
    id = "count:word_count_range"
    Params = WordCountRangeParams
    wording = (r"(?:contain|have|be) between (?P<min_words>\d+) and (?P<max_words>\d+) words")

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        return params.min_words <= count_words(response) <= params.max_words

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        low = int(-(-params.min_words // 1))
        if low > params.max_words:
            return None
        return " ".join(["word"] * max(low, 1)) if max(low, 1) <= params.max_words else None
