"""ratio:sentence_type — twice as many sentences ending in '.' as sentences ending in '?'
(NLTK sentences; a sentence ending in a quote mark or an emoji is neither)."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register
from .._reading import sentences


@register
class SentenceType(IfbenchConstraint):
    id = "ratio:sentence_type"
    wording = r"maintain a 2:1 ratio of declarative to interrogative sentences"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        found = sentences(response)
        statements = sum(1 for sentence in found if sentence.endswith("."))
        questions = sum(1 for sentence in found if sentence.endswith("?"))
        return statements == 2 * questions

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "Tea is warm. Coffee is bitter. Do you agree?"
