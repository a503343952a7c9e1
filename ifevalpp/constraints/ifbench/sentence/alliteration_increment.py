"""sentence:alliteration_increment — each NLTK sentence has a higher alliteration score than the
one before, the first more than -1 (so any first sentence passes).

A sentence's score, as IFBench counts it: its whitespace words lower-cased, leading punctuation
stripped (words left empty dropped); every pair of neighbours with the same first character
adds 2 when it starts a run and 1 when it continues one."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register
from .._reading import PUNCT_SPACE, sentences


def alliteration(sentence: str) -> int:
    words = [word.lstrip(PUNCT_SPACE) for word in sentence.lower().split()]
    words = [word for word in words if word]
    score = 0
    running = False
    for first, second in zip(words, words[1:]):
        if first[0] == second[0]:
            score += 1 if running else 2
            running = True
        else:
            running = False
    return score


@register
class AlliterationIncrement(IfbenchConstraint):
    id = "sentence:alliteration_increment"
    wording = (r"each sentence must have a longer sequence of consecutive alliterative words "
               r"than the previous one")

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        previous = -1
        for sentence in sentences(response):
            score = alliteration(sentence)
            if score <= previous:
                return False
            previous = score
        return True

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "Tea is warm. Big bears bounce."
