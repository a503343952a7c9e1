"""N119 near-duplicate: a cousin that must reword its request and barely does."""

from __future__ import annotations

import re

from ..distance import levenshtein
from .base import Cousin, Defect, Example, Rule

LIMIT = 30
"""A rephrasing this many characters or fewer from a sibling or its original (whitespace and
letter case ignored) has not been put another way."""


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def detect(cousin: Cousin) -> list[Defect]:
    if not cousin.must_differ:
        return []
    mine = _normal(cousin.prompt)
    for other in cousin.siblings or (cousin.original,):
        theirs = _normal(other)
        if abs(len(theirs) - len(mine)) > LIMIT:
            continue
        if levenshtein(mine, theirs) <= LIMIT:
            return [Defect(RULE.name, cousin.prompt[:160])]
    return []


RULE = Rule(
    code="N119", name="near-duplicate",
    description="A rephrasing within 30 characters (whitespace and case ignored) of its "
                "original or a sibling: it barely rephrases.",
    detect=detect,
    bad=(Example("Can you write a poem about the sea? Do not use any commas.", must_differ=True),),
    good=(Example("Leave every comma out of a short poem you write about the sea.",
                  must_differ=True),
          Example("Write a poem about the sea. Do not use any commas. Add a title.")),
)
