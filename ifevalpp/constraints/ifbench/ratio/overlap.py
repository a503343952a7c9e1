"""ratio:overlap — the share of the response's distinct trigrams that occur in reference_text
lies within percentage ± 2 (a response without a trigram fails).

IFBench's trigrams are of characters (it hands the raw string to `nltk.ngrams`); `revised`
takes trigrams of NLTK 3.9.2 word tokens, as IFBench's PR #34 does."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, Number, Params, Text, register
from .._reading import per_text, word_tokens


class OverlapParams(Params):
    reference_text: Text
    percentage: Number


@per_text()
def character_trigrams(value: str) -> frozenset[tuple[str, ...]]:
    return frozenset(zip(value, value[1:], value[2:]))


@per_text()
def word_trigrams(value: str) -> frozenset[tuple[str, ...]]:
    tokens = word_tokens(value)
    return frozenset(tuple(tokens[start:start + 3]) for start in range(len(tokens) - 2))


@register
class Overlap(IfbenchConstraint):
    id = "ratio:overlap"
    Params = OverlapParams
    verdict_groups = {"revised": "revised"}
    wording = r"maintain a trigram overlap of (?P<percentage>\d+(?:\.\d+)?)\s*%"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        trigrams = word_trigrams if profile == "revised" else character_trigrams
        own = trigrams(response)
        if not own:
            return False
        overlap = len(own & trigrams(params.reference_text)) / len(own)
        return params.percentage - 2 <= overlap * 100 <= params.percentage + 2

    def literals(self, params: Any) -> list[str]:
        return []

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        # The reference's opening (every trigram shared) padded with CJK characters (none
        # shared), the padding grown until the checker's own verdict is a pass.
        opening = params.reference_text[:200]
        for padding in range(0, 400):
            text = opening + "".join(chr(0x4E00 + step) for step in range(padding))
            if self.check(text, params, profile="ifbench"):
                return text
        return None
