"""N134 same-opening: two sentences in a row that open with the same word ("Include a
postscript that opens with "P.S." Include "show" no fewer than 12 times.", read BAV)."""

from __future__ import annotations

import re

from ..phrase_tables import table
from .base import Cousin, Defect, Example, Rule, neighbouring_sentences, new_finds

_FIRST_WORD = re.compile(r"[A-Za-z']+")


def _pairs(text: str) -> set[str]:
    """The words that open two neighbouring sentences of one line of `text` (a capital says a
    sentence opens, not the "or" after a quoted "My answer is yes.")."""
    free = set(table("naturalness")["same_opening_free"])
    found = set()
    for before, after in neighbouring_sentences(text):
        first, second = _FIRST_WORD.match(before.strip()), _FIRST_WORD.match(after.strip())
        if first and second and first.group(0)[0].isupper() and second.group(0)[0].isupper() \
                and first.group(0).lower() == second.group(0).lower() \
                and first.group(0).lower() not in free:
            found.add(first.group(0).lower())
    return found


def detect(cousin: Cousin) -> list[Defect]:
    return new_finds(_pairs, cousin, RULE.name)


RULE = Rule(
    code="N134", name="same-opening",
    description="Two sentences in a row open with the same word ('Include a postscript … "
                "Include \"show\" …'), where the original did not do so itself.",
    detect=detect,
    bad=(Example('Write an email about a talent show. Include a postscript that opens with '
                 '"P.S." Include "show" at least twice.'),
         Example("Write a letter to a bookshop. Make sure you use \"host\" once. Make it at "
                 "least 140 words long.")),
    good=(Example('Write an email about a talent show. Add a postscript that opens with "P.S." '
                  'Include "show" at least twice.'),
          Example("I run a writing club. I need a song about the sea."),
          Example("Write a poem. Use no commas. Use no capitals.",
                  original="Write a poem. Use no commas. Use no capitals.")),
)
