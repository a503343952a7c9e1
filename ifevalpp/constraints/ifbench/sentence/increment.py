"""sentence:increment — each NLTK sentence has exactly small_n more whitespace words
(punctuation deleted) than the one before."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, Number, Params, register
from .._reading import sentences, without_punctuation


class IncrementParams(Params):
    small_n: Number


@register
class Increment(IfbenchConstraint):
    id = "sentence:increment"
    Params = IncrementParams
    wording = r"must contain exactly (?P<small_n>\d+) more words? than the previous one"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        found = sentences(response)
        if not found:  # IFBench indexes the first sentence and would crash
            return False
        previous = len(without_punctuation(found[0]).split())
        for sentence in found[1:]:
            count = len(without_punctuation(sentence).split())
            if count != previous + params.small_n:
                return False
            previous = count
        return True

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        if params.small_n != int(params.small_n):
            return None
        step = int(params.small_n)
        return "Tea. " + " ".join(["tea"] * (1 + step)) + "."
