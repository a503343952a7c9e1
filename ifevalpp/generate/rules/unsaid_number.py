"""N113 unsaid-number: counts said as no person says them."""

from __future__ import annotations

from ..naturalness import KNOWN
from .base import Cousin, Defect, Example, Rule


def detect(cousin: Cousin) -> list[Defect]:
    pattern = KNOWN.pattern("unsaid_numbers")
    own = {match.group(0).lower() for match in pattern.finditer(cousin.original)}
    return [Defect(RULE.name, match.group(0)) for match in pattern.finditer(cousin.prompt)
            if match.group(0).lower() not in own]


RULE = Rule(
    code="N113", name="unsaid-number",
    description="A count no person says: 'less than one time', 'a minimum of 1 time', 'one "
                "sentence or more'.",
    detect=detect,
    bad=(Example("Write a poem about the sea, using the word 'tide' less than 1 time."),
         Example("Write a poem about the sea in one sentence or more.")),
    good=(Example("Write a poem about the sea without the word 'tide'."),
          Example("Write a poem about the sea in at least one sentence.")),
)
