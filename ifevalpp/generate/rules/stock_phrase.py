"""N108 stock-phrase: phrases strict reads of whole families cut, each for a reason."""

from __future__ import annotations

import functools
import re

from ..phrase_tables import table
from .base import Cousin, Defect, Example, Rule


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple((code, re.compile(pattern))
                 for code, pattern in table("naturalness")["stock_phrases"])


def detect(cousin: Cousin) -> list[Defect]:
    defects = []
    for code, pattern in _patterns():
        for match in pattern.finditer(cousin.prompt):
            if not pattern.search(cousin.original):
                defects.append(Defect(code, match.group(0)))
    return defects


RULE = Rule(
    code="N108", name="stock-phrase",
    description="A stock phrase a strict read cut: an odd reason ('it must fit our layout'), a "
                "filler frame ('whatever you say'), a hedged requirement ('would ideally'), a "
                "form's label ('One request:'), a language and a letter case under one verb "
                "('use English and lowercase letters only').",
    detect=detect,
    bad=(Example("Write a poem about the sea. Whatever you say, no commas."),
         Example("Write a poem about the sea. One request: no commas."),
         Example("Write a poem about the sea. It would ideally have no commas."),
         Example("Write a poem about the sea. Use English and lowercase letters only.")),
    good=(Example("Write a poem about the sea, and leave out every comma."),),
)
