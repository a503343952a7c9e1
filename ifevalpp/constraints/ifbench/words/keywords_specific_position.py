"""words:keywords_specific_position — the m-th word of the n-th NLTK sentence is the keyword
(ignoring case); words are NLTK 3.9.2 tokens with a letter or digit, so punctuation does not
count."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, NonEmptyText, Params, Position, register
from .._reading import sentences, word_tokens


class KeywordPositionParams(Params):
    keyword: NonEmptyText
    n: Position
    m: Position


def alphanumeric_tokens(value: str) -> list[str]:
    return [token for token in word_tokens(value) if any(char.isalnum() for char in token)]


@register
class KeywordsSpecificPosition(IfbenchConstraint):
    id = "words:keywords_specific_position"
    Params = KeywordPositionParams
    wording = (r"include keyword (?P<keyword>\S+) in the (?P<n>\d+)-?(?:st|nd|rd|th) "
               r"sentence, as the (?P<m>\d+)-?(?:st|nd|rd|th) word")
    readers = {"keyword": str, "n": int, "m": int}

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        found = sentences(response)
        if len(found) < params.n:
            return False
        words = alphanumeric_tokens(found[params.n - 1])
        if len(words) < params.m:
            return False
        return words[params.m - 1].lower() == params.keyword.strip().lower()

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        keyword = params.keyword.strip()
        if not keyword.isalpha():
            return None
        filler = ["Tea is warm."] * (params.n - 1)
        return " ".join(filler + [" ".join(["tea"] * (params.m - 1) + [keyword]) + "."])
