"""words:alphabet — each word starts with the letter after the previous word's, Z looping to A.

Punctuation is deleted first; the first word must start with an ASCII letter, and each later
word's first character must be the next letter (a digit or a non-ASCII letter fails)."""

from __future__ import annotations

import string
from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register
from .._reading import PUNCT_SPACE, without_punctuation

LETTERS = string.ascii_lowercase


@register
class Alphabet(IfbenchConstraint):
    id = "words:alphabet"
    wording = (r"each word (?:in your response )?must start with the next letter of the "
               r"alphabet")

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        words = without_punctuation(response).strip(PUNCT_SPACE).split()
        if not words:
            return False
        letter = words[0][0].lower()
        if letter not in LETTERS:  # a substring test, as IFBench's: '' never occurs here
            return False
        position = LETTERS.index(letter)
        for word in words[1:]:
            word = word.strip(PUNCT_SPACE).lower()
            if not word:
                continue
            position = (position + 1) % 26
            if word[0] != LETTERS[position]:
                return False
        return True

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "A big cat dozes."
