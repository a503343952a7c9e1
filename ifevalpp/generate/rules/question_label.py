"""N121 question-label: a question label above a task that asks its own question."""

from __future__ import annotations

from ..naturalness import KNOWN
from .base import Cousin, Defect, Example, Rule


def detect(cousin: Cousin) -> list[Defect]:
    pattern = KNOWN.pattern("question_label")
    if pattern.search(cousin.original):
        return []
    return [Defect(RULE.name, match.group(0)[:160]) for match in pattern.finditer(cousin.prompt)]


RULE = Rule(
    code="N121", name="question-label",
    description="'Here is my question:' above a task that says 'can you help me with a "
                "question?' itself.",
    detect=detect,
    bad=(Example("Avoid commas.\nHere is my question: can you help me with a question about "
                 "the sea?"),),
    good=(Example("Avoid commas.\nHere is my question: why is the sea salty?"),),
)
