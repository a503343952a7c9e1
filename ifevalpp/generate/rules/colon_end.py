"""N120 colon-at-end: a prompt that ends on a colon introducing nothing."""

from __future__ import annotations

from .base import Cousin, Defect, Example, Rule


def detect(cousin: Cousin) -> list[Defect]:
    ending = cousin.prompt.rstrip()
    if ending.endswith(":") and not cousin.original.rstrip().endswith(":"):
        return [Defect(RULE.name, ending.rsplit("\n", 1)[-1][-80:])]
    return []


RULE = Rule(
    code="N120", name="colon-at-end",
    description="A prompt that ends on a colon with nothing after it ('I want to make it "
                "challenging, so:' with its list moved ahead).",
    detect=detect,
    bad=(Example("Avoid commas.\n\nWrite a poem about the sea. I want to make it hard, so:"),),
    good=(Example("Write a poem about the sea. I want to make it hard, so: no commas."),),
)
