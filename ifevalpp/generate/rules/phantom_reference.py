"""N123 phantom-reference: a distractor that refers to something that does not exist."""

from __future__ import annotations

from ..naturalness import KNOWN
from .base import Cousin, Defect, Example, Rule


def detect(cousin: Cousin) -> list[Defect]:
    pattern = KNOWN.pattern("phantom_reference")
    if pattern.search(cousin.original):
        return []
    return [Defect(RULE.name, match.group(0)) for match in pattern.finditer(cousin.prompt)]


RULE = Rule(
    code="N123", name="phantom-reference",
    description="'The central phrase' or 'the key phrase in bold' with nothing it refers to, or "
                "'at least one phrase … wrapping each' (each of one).",
    detect=detect,
    bad=(Example("Write a poem about the sea. Avoid commas. Put the central phrase in bold."),),
    good=(Example("Write a poem about the sea. Avoid commas. Put one phrase of yours in bold."),),
)
