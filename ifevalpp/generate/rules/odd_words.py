"""N124 odd-words: wording a careful editor rewrites."""

from __future__ import annotations

import functools
import re

from ..phrases import one_of, table
from .base import Cousin, Defect, Example, Rule


@functools.lru_cache(maxsize=1)
def _pattern() -> re.Pattern[str]:
    phrases = sorted(table("naturalness")["odd_words"]["phrases"], key=len, reverse=True)
    return re.compile(rf"(?i)\b(?:{one_of([re.escape(phrase) for phrase in phrases])})\b")


def detect(cousin: Cousin) -> list[Defect]:
    pattern = _pattern()
    own = {match.group(0).lower() for match in pattern.finditer(cousin.original)}
    return [Defect(RULE.name, match.group(0)) for match in pattern.finditer(cousin.prompt)
            if match.group(0).lower() not in own]


RULE = Rule(
    code="N124", name="odd-words",
    description="Words a careful editor rewrites: 'the most telling idea', 'cut every comma', "
                "'get by without a single comma', 'do me a favour', 'follow the following'.",
    detect=detect,
    bad=(Example("Write a poem about the sea and get by without a single comma."),
         Example("Write a poem about the sea. Put the most telling idea in bold.")),
    good=(Example("Write a poem about the sea without a single comma."),),
)
