"""ratio:sentence_words — exactly three NLTK sentences of the same length (stripped).

IFBench never checks the prompt's "using all different words"; `revised` also requires every
word (lower-cased, punctuation deleted, split on whitespace) to differ, as IFBench's PR #34
does."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register
from .._reading import bare_words, sentences


@register
class SentenceWords(IfbenchConstraint):
    id = "ratio:sentence_words"
    verdict_groups = {"revised": "revised"}
    wording = (r"respond with three sentences, all containing the same number of characters "
               r"but using all different words")

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        found = sentences(response)
        if len(found) != 3:
            return False
        length = len(found[0].strip())
        if any(len(sentence.strip()) != length for sentence in found):
            return False
        if profile == "revised":
            words = bare_words(" ".join(found))
            return len(words) == len(set(words))
        return True

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "Cats nap. Dogs run. Owls fly."
