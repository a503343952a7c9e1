"""ratio:stop_words — NLTK English stop words make at most `percentage` % of the `\\w+` words
(a response without a word fails)."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, Number, Params, register
from .._reading import count_stopwords, count_words


class StopWordsParams(Params):
    percentage: Number


@register
class StopWords(IfbenchConstraint):
    id = "ratio:stop_words"
    Params = StopWordsParams
    wording = r"stop words constitute no more than (?P<percentage>\d+(?:\.\d+)?)\s*%"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        words = count_words(response)
        if words == 0:
            return False
        return (count_stopwords(response) / words) * 100 <= params.percentage

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "Bright green gardens grow quickly."
