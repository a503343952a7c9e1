"""words:last_first — the last word of each NLTK sentence (trailing punctuation stripped) is,
ignoring case, the first word of the next (leading punctuation stripped)."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register
from .._reading import PUNCT_SPACE, sentences


@register
class LastFirst(IfbenchConstraint):
    id = "words:last_first"
    wording = (r"the last word of each sentence must become the first word of the next "
               r"sentence")

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        found = sentences(response)
        for current, following in zip(found, found[1:]):
            last = current.rstrip(PUNCT_SPACE).split()
            first = following.lstrip(PUNCT_SPACE).split()
            if not last or not first or last[-1].lower() != first[0].lower():
                return False
        return True

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "I like tea. Tea is warm."
