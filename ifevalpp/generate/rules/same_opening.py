"""N134 same-opening: two sentences in a row that open with the same word ("Include a
postscript that opens with "P.S." Include "show" no fewer than 12 times.", read BAV), or two
anywhere that open with the same two words ("Answer in … Answer in …", read CHF), a frame
they open with aside ("Answer using … Make sure to answer using …", read CIE)."""

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


def _two_word_openings(text: str) -> set[str]:
    """The two words that open two sentences of `text` anywhere in it, list items aside
    ("Answer in English using only capital letters. … Answer in under 13 sentences.", read
    CHF, 2571)."""
    from ..naturalness import MARKER, SENTENCE, quotes_hidden

    seen: dict[str, int] = {}
    for line in text.split("\n"):
        if MARKER.match(line):
            continue
        for sentence in SENTENCE.findall(quotes_hidden(line)):
            words = _FIRST_WORD.findall(sentence)
            if len(words) < 2 or not words[0][0].isupper():
                continue
            opening = " ".join(_after_frame([word.lower() for word in words])[:2])
            seen[opening] = seen.get(opening, 0) + 1
    return {opening for opening, times in seen.items() if times > 1 and " " in opening}


def _after_frame(words: list[str]) -> list[str]:
    """The words of a sentence after a frame it opens with ("make sure to answer using …" ->
    "answer using …"; naturalness.json `same_opening_frames`), or all of them."""
    for frame in table("naturalness")["same_opening_frames"]:
        said = frame.split()
        if words[:len(said)] == said and len(words) > len(said) + 1:
            return words[len(said):]
    return words


def detect(cousin: Cousin) -> list[Defect]:
    return new_finds(_pairs, cousin, RULE.name) + new_finds(_two_word_openings, cousin,
                                                            RULE.name)


RULE = Rule(
    code="N134", name="same-opening",
    description="Two sentences in a row open with the same word ('Include a postscript … "
                "Include \"show\" …'), or two anywhere with the same two words ('Answer in "
                "English … Answer in under 13 sentences.'), where the original did not do so "
                "itself.",
    detect=detect,
    bad=(Example('Write an email about a talent show. Include a postscript that opens with '
                 '"P.S." Include "show" at least twice.'),
         Example("Write a letter to a bookshop. Make sure you use \"host\" once. Make it at "
                 "least 140 words long."),
         Example("Which is better, tea or coffee? Answer in English using only capital letters. "
                 "Leave out commas. Answer in under 13 sentences."),
         Example("Tell me the way to the station. Answer using a casual tone. Make sure to "
                 "answer using lowercase letters.",
                 original="What's the way to the station? Answer using a casual tone. Write in "
                          "lowercase letters.")),
    good=(Example('Write an email about a talent show. Add a postscript that opens with "P.S." '
                  'Include "show" at least twice.'),
          Example("I run a writing club. I need a song about the sea."),
          Example("Write a poem. Use no commas. Use no capitals.",
                  original="Write a poem. Use no commas. Use no capitals.")),
)
