"""N113 unsaid-number: counts said as no person says them."""

from __future__ import annotations

from ..naturalness import KNOWN
from .base import Cousin, Defect, Example, Rule, new_matches


def detect(cousin: Cousin) -> list[Defect]:
    return new_matches(KNOWN.pattern("unsaid_numbers"), cousin, RULE.name)


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
