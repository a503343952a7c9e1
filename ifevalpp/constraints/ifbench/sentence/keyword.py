"""sentence:keyword — the N-th NLTK sentence contains `word` between \\b boundaries, ignoring
case (N may be a float, as IFBench's data writes it: 8.0 is the eighth sentence)."""

from __future__ import annotations

import re
from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, NonEmptyText, Number, Params, register
from .._reading import sentences


class KeywordParams(Params):
    word: NonEmptyText
    N: Number  # 0 reads the last sentence, as IFBench's index N - 1 does


@register
class Keyword(IfbenchConstraint):
    id = "sentence:keyword"
    Params = KeywordParams
    wording = (r"(?:include|contain) keyword (?P<word>\S+?)\s+in the (?P<N>\d+)-?"
               r"(?:st|nd|rd|th) sentence")
    readers = {"word": str}

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        found = sentences(response)
        if len(found) < params.N:
            return False
        try:
            sentence = found[int(params.N - 1)]
        except IndexError:  # no sentence at all: IFBench would crash
            return False
        pattern = r"\b" + re.escape(params.word) + r"\b"
        return bool(re.search(pattern, sentence, re.IGNORECASE))

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        if params.N < 1 or params.N != int(params.N) or not params.word.isalpha():
            return None
        return " ".join(["Tea is warm."] * (int(params.N) - 1) + [f"I like {params.word}."])
