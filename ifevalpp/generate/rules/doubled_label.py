"""N106 doubled-label: a label on a label, or a "what I'd like" label before a task that says
it again."""

from __future__ import annotations

import re

from ..naturalness import KNOWN, masked
from .base import Cousin, Defect, Example, Rule

# A short label and its colon ("My request:", "Quick question:").
_LABEL = r"[A-Z][A-Za-z' ,]{0,40}:"
_LABEL_ON_LABEL = re.compile(rf"(?:^|\n|[.!?]\s+)({_LABEL})\s+({_LABEL})(?=\s)")


def detect(cousin: Cousin) -> list[Defect]:
    prompt, original = cousin.prompt, cousin.original
    defects = []
    hidden = masked(prompt)
    for match in _LABEL_ON_LABEL.finditer(hidden):
        text = prompt[match.start(1):match.end(2)]
        # The second label is our own too ("Which of these is right: A or B?" is a question).
        if prompt[match.start(2):match.end(2)] not in original:
            defects.append(Defect(RULE.name, text))
    for match in KNOWN.pattern("want_label").finditer(hidden):
        text = prompt[match.start():match.end()].strip()
        if text not in original:
            defects.append(Defect(RULE.name, text[:160]))
    return defects


RULE = Rule(
    code="N106", name="doubled-label",
    description="A label stacked on a label ('My request: My topic: …'), or 'Here's what I'd "
                "like:' before a task that says 'I'd like you to' itself.",
    detect=detect,
    bad=(Example("My request: My topic: the sea. Avoid commas."),
         Example("Here's what I'd like: Can you write a poem about the sea? Avoid commas.")),
    good=(Example("My topic: the sea. Write a poem about it without commas."),),
)
