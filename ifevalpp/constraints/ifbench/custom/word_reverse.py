"""custom:word_reverse — the response read backwards word by word (lower-cased, stripped,
punctuation deleted) holds "bald eagle" and is one whole NLTK sentence."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import AnyKwargs, IfbenchConstraint, register
from .._reading import sentences, without_punctuation


@register
class WordReverse(IfbenchConstraint):
    id = "custom:word_reverse"
    Params = AnyKwargs
    wording = (r"make your sentence in reverse order of what it should be, per word")

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        backwards = " ".join(without_punctuation(response.lower().strip()).split()[::-1])
        return "bald eagle" in backwards and backwards in sentences(backwards)

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "eagle bald the is it"
