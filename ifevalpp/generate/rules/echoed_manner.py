"""N141 echoed-manner: a sentence that gives the piece a manner in one word ("Make it short.")
right after a sentence that says that word already ("Help me choose between an electric car
and a bicycle for a short commute. Make it short.", read CGD on 1148)."""

from __future__ import annotations

import functools
import re

from ..phrase_tables import table
from .base import Cousin, Defect, Example, Rule, neighbouring_sentences, new_finds


@functools.lru_cache(maxsize=1)
def _manner() -> re.Pattern[str]:
    return re.compile(table("naturalness")["echoed_manner"]["pattern"])


def _echoed(text: str) -> set[str]:
    """The manner words said again by the sentence right after one that says them."""
    found = set()
    for before, after in neighbouring_sentences(text):
        manner = _manner().match(after.strip())
        if manner and re.search(rf"(?i)\b{manner.group('word')}\b", before):
            found.add(manner.group("word"))
    return found


def detect(cousin: Cousin) -> list[Defect]:
    return new_finds(_echoed, cousin, RULE.name)


RULE = Rule(
    code="N141", name="echoed-manner",
    description="A sentence that gives the piece a manner in one word ('Make it short.') right "
                "after a sentence that says that word already, where the original does not.",
    detect=detect,
    bad=(Example("Help me choose between an electric car and a bicycle for a short commute. "
                 "Make it short."),
         Example("Write a funny poem about the sea. Make it funny.")),
    good=(Example("Help me choose between an electric car and a bicycle for my commute. Make "
                  "it short."),
          Example("Write a funny poem about the sea. Make it funny.",
                  original="Write a funny poem about the sea. Make it funny.")),
)
