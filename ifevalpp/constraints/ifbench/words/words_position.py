"""words:words_position — the second word and the second-to-last word are the keyword (ignoring
case), words being NLTK 3.9.2 tokens.

IFBench's tokens include punctuation: only one punctuation token at the very end is passed
over, so "Hi, tea time." has "," as its second word. `revised` leaves out every token without
a letter or digit, as IFBench's PR #34 does."""

from __future__ import annotations

import string
from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, Params, Text, register
from .._reading import word_tokens
from .keywords_specific_position import alphanumeric_tokens


class WordsPositionParams(Params):
    keyword: Text  # IFBench takes an empty keyword as given (it then never matches)


@register
class WordsPosition(IfbenchConstraint):
    id = "words:words_position"
    Params = WordsPositionParams
    verdict_groups = {"revised": "revised"}
    wording = (r"the second word in your response and the second to last word in your "
               r"response should be the word (?P<keyword>[^\s.]+)")
    readers = {"keyword": str}

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        keyword = params.keyword.strip().lower()
        if profile == "revised":
            words = alphanumeric_tokens(response)
            return len(words) >= 2 and words[1].lower() == words[-2].lower() == keyword
        words = word_tokens(response)
        if len(words) < 2:
            return False
        if words[-1] in string.punctuation:  # a substring test, as IFBench's
            return len(words) >= 3 and words[1].lower() == words[-3].lower() == keyword
        return words[1].lower() == words[-2].lower() == keyword

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        keyword = params.keyword.strip()
        return f"The {keyword} {keyword} day." if keyword.isalpha() else None
