"""format:emoji — every NLTK sentence ends in an emoji, as IFBench decides it.

A sentence's ASCII punctuation is deleted and its ends stripped; it passes when its last or
second-to-last character is an emoji (emoji 2.15.0's `is_emoji`: a whole emoji that is one
code point), or, for any sentence but the last, when the next sentence (so treated) starts
with one. A sentence left empty fails."""

from __future__ import annotations

import functools
from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register
from .._reading import carried, sentences, without_punctuation


@functools.lru_cache(maxsize=1)
def single_code_point_emoji() -> frozenset[str]:
    """emoji 2.15.0's one-character emoji (carried as data: see data/README.md)."""
    return frozenset(carried("emoji_single_code_point.txt").split("\n")[:-1])


def is_emoji(char: str) -> bool:
    """emoji 2.15.0's `is_emoji` of one character."""
    return char in single_code_point_emoji()


@register
class Emoji(IfbenchConstraint):
    id = "format:emoji"
    wording = r"use an emoji at the end of every sentence"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        found = sentences(response)
        for position, sentence in enumerate(found):
            bare = without_punctuation(sentence).strip()
            if not bare:
                return False
            if is_emoji(bare[-1]) or is_emoji(bare[-2] if len(bare) > 1 else bare[-1]):
                continue
            if position == len(found) - 1:
                return False
            following = without_punctuation(found[position + 1]).strip()
            if not following or not is_emoji(following[0]):
                return False
        return True

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "Tea is warm \U0001F600"
