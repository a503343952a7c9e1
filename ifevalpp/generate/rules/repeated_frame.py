"""N109 repeated-frame: one framing opening used twice in a prompt."""

from __future__ import annotations

from ..naturalness import repeated_frames
from .base import Cousin, Defect, Example, Rule


def detect(cousin: Cousin) -> list[Defect]:
    return [Defect(RULE.name, opening)
            for opening in repeated_frames(cousin.prompt, cousin.original)]


RULE = Rule(
    code="N109", name="repeated-frame",
    description="The same framing words open two sentences ('Make sure … Make sure …'), two "
                "polite ask-questions are stacked ('Could you …? Would you …?'), or 'please' is "
                "said twice, where the original did not do so itself.",
    detect=detect,
    bad=(Example("Could you write a poem about the sea? Would you leave out every comma?"),
         Example("Could I get a poem about the sea? Can I ask you to leave out every comma?"),
         Example("Make sure it rhymes. Write a poem about the sea. Make sure there are no "
                 "commas."),
         Example("Please write a poem about the sea. Leave out commas, please.")),
    good=(Example("Please write a poem about the sea. Leave out every comma."),),
)
