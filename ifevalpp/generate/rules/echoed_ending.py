"""N140 echoed-ending: two sentences in a row that end on the same two words ("Use the words
"limerick" and "funny" in it. Write your response with no commas in it.", read CFZ on 2739),
where the original does not end two so."""

from __future__ import annotations

import re

from .base import Cousin, Defect, Example, Rule, neighbouring_sentences


def _ending(sentence: str) -> str:
    """The last two words of a sentence, in lower case ("" for a sentence of fewer)."""
    words = re.findall(r"[A-Za-z']+", sentence)
    return " ".join(words[-2:]).lower() if len(words) >= 4 else ""


def _echoed(text: str) -> set[str]:
    return {_ending(first) for first, second in neighbouring_sentences(text)
            if _ending(first) and _ending(first) == _ending(second)}


def detect(cousin: Cousin) -> list[Defect]:
    own = _echoed(cousin.original) | _echoed(cousin.original_mended)
    return [Defect(RULE.name, f"two sentences in a row end on {ending!r}")
            for ending in sorted(_echoed(cousin.prompt) - own)]


RULE = Rule(
    code="N140", name="echoed-ending",
    description="Two sentences in a row that end on the same two words ('… in it. … in it.'), "
                "where the original does not: the second reads as an echo.",
    detect=detect,
    bad=(Example('Write a limerick about a taxi driver. Use the words "limerick" and "funny" in '
                 'it. Write your response with no commas in it.'),
         Example("Write a poem about the sea. Keep it short for me. Avoid commas for me.")),
    good=(Example('Write a limerick about a taxi driver. Use the words "limerick" and "funny" in '
                  'it. Write your response with no commas anywhere.'),
          Example("Write a poem about the sea. Keep it short, please. Avoid commas, please.",
                  original="Write a poem about the sea. Keep it short, please. Avoid commas, "
                           "please.")),
)
