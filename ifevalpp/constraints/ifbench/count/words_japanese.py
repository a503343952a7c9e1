"""count:words_japanese — every Nth whitespace word (stripped of ASCII punctuation at its ends)
holds a hiragana, katakana or CJK character, unless it is empty or all digits."""

from __future__ import annotations

import re
from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, Params, PositiveNumber, register
from .._reading import PUNCT_SPACE

_JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")


class WordsJapaneseParams(Params):
    N: PositiveNumber


@register
class WordsJapanese(IfbenchConstraint):
    id = "count:words_japanese"
    Params = WordsJapaneseParams
    wording = r"every (?P<N>\d+)(?:st|nd|rd|th) (?:word )?of your response must be in japanese"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        every = params.N
        for position, word in enumerate(response.split(), start=1):
            if position % every != 0:
                continue
            word = word.strip(PUNCT_SPACE)
            if word and not word.isdigit() and not _JAPANESE.search(word):
                return False
        return True

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "\u65e5\u672c " * 3
