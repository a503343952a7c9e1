"""N114 response-named-oddly: the response named as nobody names it."""

from __future__ import annotations

import functools
import re

from ..phrases import one_of, table
from .base import Cousin, Defect, Example, Rule


@functools.lru_cache(maxsize=1)
def _pattern() -> re.Pattern[str]:
    names = sorted(table("naturalness")["response_names"]["phrases"], key=len, reverse=True)
    return re.compile(rf"(?i)\b(?:{one_of([re.escape(name) for name in names])})\b")


def detect(cousin: Cousin) -> list[Defect]:
    pattern = _pattern()
    own = {match.group(0).lower() for match in pattern.finditer(cousin.original)}
    return [Defect(RULE.name, match.group(0)) for match in pattern.finditer(cousin.prompt)
            if match.group(0).lower() not in own]


RULE = Rule(
    code="N114", name="response-named-oddly",
    description="The response named as no one names a chat reply ('everything you write', 'what "
                "you come up with', 'the finished piece', 'I'd like to see …'): people say "
                "'your answer', 'your response', the piece's own noun or 'it'.",
    detect=detect,
    bad=(Example("Write a poem about the sea. Everything you write must be free of commas."),
         Example("Write a poem about the sea. Make sure the finished piece has no commas."),
         Example("Write a poem about the sea. I'd like to see what you come up with stay free "
                 "of commas.")),
    good=(Example("Write a poem about the sea. Your answer must be free of commas."),
          Example("Write a poem about the sea, and keep your poem free of commas.")),
)
