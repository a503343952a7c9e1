"""words:start_verb — the first NLTK 3.9.2 word token is tagged as a verb (its Penn tag holds
"VB": VB, VBD, VBG, VBN, VBP, VBZ) by NLTK's averaged-perceptron English tagger.

The tagger's model is NLTK data no package carries: supply its JSON files (see `_tagger`), or
the type is unavailable — `check` raises CheckerUnavailable and `score` lists its prompts as
not scorable rather than guessing a verdict."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .. import _tagger
from .._base import IfbenchConstraint, register
from .._reading import word_tokens


@register
class StartVerb(IfbenchConstraint):
    id = "words:start_verb"
    wording = r"the response must start with a verb"

    def unavailable(self) -> Optional[str]:
        return _tagger.missing()

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        tokens = word_tokens(response)
        return bool(tokens) and "VB" in _tagger.tagger().first_tag(tokens)
