"""N124 odd-words: wording a careful editor rewrites."""

from __future__ import annotations

from .base import Cousin, Defect, Example, Rule, new_matches, phrase_pattern


def detect(cousin: Cousin) -> list[Defect]:
    return new_matches(phrase_pattern("odd_words"), cousin, RULE.name)


RULE = Rule(
    code="N124", name="odd-words",
    description="Words a careful editor rewrites: 'the most telling idea', 'cut every comma', "
                "'get by without a single comma', 'do me a favour', 'follow the following', "
                "'SECTION X (as in SECTION 1)'.",
    detect=detect,
    bad=(Example("Write a poem about the sea and get by without a single comma."),
         Example("Write a poem about the sea. Put the most telling idea in bold."),
         Example("Write a poem about the sea in two sections, each headed SECTION X (as in "
                 "SECTION 1).")),
    good=(Example("Write a poem about the sea without a single comma."),
          Example("Write a poem about the sea in two sections, headed SECTION 1 and SECTION 2.")),
)
