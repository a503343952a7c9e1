"""What a text a distractor makes the reply carry does to a reply in one letter case.

A postscript marker, an end phrase or a section label is copied into the reply as written:
its capitals break an all-lowercase reply ("P.S.", "Section 1"), its small letters an
all-capitals one ("And that is the whole story."). The effect names are the catalogue's
(generate/competing/catalogue.EFFECTS), which change_case refuses.
"""

from __future__ import annotations


def letter_case_effects(text: str) -> frozenset[str]:
    """`needs_capitals` when `text` has capitals, `shows_lowercase_example` when it has small
    letters."""
    effects = set()
    if any(character.isupper() for character in text):
        effects.add("needs_capitals")
    if any(character.islower() for character in text):
        effects.add("shows_lowercase_example")
    return frozenset(effects)
