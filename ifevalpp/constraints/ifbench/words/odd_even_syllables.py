"""words:odd_even_syllables — consecutive words (punctuation deleted, lower-cased) alternate odd
and even syllable counts, as syllapy 0.7.2 counts them (a word with a digit has 0: even)."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .. import _syllables
from .._base import IfbenchConstraint, register
from .._reading import per_text, without_punctuation


@per_text(maxsize=1 << 16)
def syllable_parity(word: str) -> int:
    return _syllables.count(word) % 2


@register
class OddEvenSyllables(IfbenchConstraint):
    id = "words:odd_even_syllables"
    wording = r"alternate between words with odd and even numbers of syllables"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        parities = [syllable_parity(word)
                    for word in without_punctuation(response).lower().split()]
        return all(first != second for first, second in zip(parities, parities[1:]))

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "Cat apple dog"
