"""N140 echoed-ending: two sentences in a row that end on the same two words ("Use the words
"limerick" and "funny" in it. Write your response with no commas in it.", read CFZ on 2739), or
on the same long word ("… capitalized whatsoever. … no commas whatsoever.", read CGK on 1667),
or on a short word that echoes all the same ("… 60 sentences long. … 500 words long.", read CJC
on 1879), where the original does not end two so."""

from __future__ import annotations

import functools
import re

from ..phrase_tables import table
from .base import Cousin, Defect, Example, Rule, neighbouring_sentences


# A last word this long is a word of its own, said again only as an echo ("… capitalized
# whatsoever. … no commas whatsoever.", read CGK on 1667).
LONG_WORD = 8


@functools.lru_cache(maxsize=1)
def _echoing() -> frozenset[str]:
    """Short last words that echo too (templates/phrases/naturalness.json)."""
    return frozenset(table("naturalness")["echoed_ending"]["words"])


def _endings(sentence: str) -> set[str]:
    """How a sentence ends: its last two words, and its last word when it is a long one or
    one that echoes (in lower case; none for a sentence of fewer than four words)."""
    words = [word.lower() for word in re.findall(r"[A-Za-z']+", sentence)]
    if len(words) < 4:
        return set()
    last = {words[-1]} if len(words[-1]) >= LONG_WORD or words[-1] in _echoing() else set()
    return {" ".join(words[-2:])} | last


def _echoed(text: str) -> set[str]:
    return {ending for first, second in neighbouring_sentences(text)
            for ending in _endings(first) & _endings(second)}


def detect(cousin: Cousin) -> list[Defect]:
    own = _echoed(cousin.original) | _echoed(cousin.original_mended)
    return [Defect(RULE.name, f"two sentences in a row end on {ending!r}")
            for ending in sorted(_echoed(cousin.prompt) - own)]


RULE = Rule(
    code="N140", name="echoed-ending",
    description="Two sentences in a row that end on the same two words ('… in it. … in it.') "
                "or the same long word, where the original does not: the second reads as an "
                "echo.",
    detect=detect,
    bad=(Example('Write a limerick about a taxi driver. Use the words "limerick" and "funny" in '
                 'it. Write your response with no commas in it.'),
         Example("Write a poem about the sea. Keep it short for me. Avoid commas for me."),
         Example("Write an essay. Capitalize no letter whatsoever. Use no commas whatsoever."),
         Example("Write a story. Make it at least 60 sentences long. Make it less than 500 "
                 "words long.")),
    good=(Example('Write a limerick about a taxi driver. Use the words "limerick" and "funny" in '
                  'it. Write your response with no commas anywhere.'),
          Example("Write a poem about the sea. Keep it short, please. Avoid commas, please.",
                  original="Write a poem about the sea. Keep it short, please. Avoid commas, "
                           "please.")),
)
