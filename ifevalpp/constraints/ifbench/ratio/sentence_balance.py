"""ratio:sentence_balance — as many NLTK sentences end in '.' as in '?' and as in '!'."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register
from .._reading import sentences


@register
class SentenceBalance(IfbenchConstraint):
    id = "ratio:sentence_balance"
    wording = (r"ensure that the ratio of sentence types \(declarative, interrogative, "
               r"exclamatory\)(?: in your response)? is balanced")

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        found = sentences(response)
        ends = [sentence[-1:] for sentence in found]
        return ends.count(".") == ends.count("?") == ends.count("!")

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "Tea is warm. Is it? It is!"
