"""N103 leaked-bound: an internal bound shown to the reader."""

from __future__ import annotations

import re

from ..naturalness import KNOWN
from .base import Cousin, Defect, Example, Rule


def detect(cousin: Cousin) -> list[Defect]:
    said = set(re.findall(r"\d+", cousin.original))
    defects = []
    for match in KNOWN.pattern("counted").finditer(cousin.prompt):
        value = int(match.group(1))
        if match.group(1) in said or value < 21:
            continue
        if (value - 1) % 10 == 0 or (value + 1) % 10 == 0:
            defects.append(Defect(RULE.name, match.group(0)))
    return defects


RULE = Rule(
    code="N103", name="leaked-bound",
    description="A count one off a round number that the original never said ('less than 701 "
                "words' for a 600-700 range).",
    detect=detect,
    bad=(Example("Answer in less than 701 words."),),
    good=(Example("Answer in less than 700 words."),
          Example("Please write 31 sentences about the sea.",
                  original="Write exactly 31 sentences about the sea.")),
)
