"""custom:sentence_alphabet — exactly 26 NLTK sentences, the n-th starting with the n-th letter.

IFBench takes the first character of the first whitespace word, so a sentence opening with a
quote mark fails; `revised` skips leading punctuation and whitespace, as IFBench's PR #34
does."""

from __future__ import annotations

import string
from typing import Any, Optional

from ....profiles import Profile
from .._base import AnyKwargs, IfbenchConstraint, register
from .._reading import sentences

_LEADING = string.punctuation + string.whitespace


@register
class SentenceAlphabet(IfbenchConstraint):
    id = "custom:sentence_alphabet"
    Params = AnyKwargs
    verdict_groups = {"revised": "revised"}
    wording = (r"tell me a 26-sentence story where each sentence's first word starts with the "
               r"letters of the alphabet in order")

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        found = sentences(response)
        if len(found) != 26:
            return False
        for position, sentence in enumerate(found):
            letter = chr(97 + position)
            if profile == "revised":
                start = sentence.lstrip(_LEADING)
                if not start or start[0].lower() != letter:
                    return False
                continue
            words = sentence.lstrip().split()
            if not words or words[0].lower()[0] != letter:
                return False
        return True

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return " ".join(f"{chr(65 + position)}x is here." for position in range(26))
