"""N109 repeated-frame: one framing opening used twice in a prompt."""

from __future__ import annotations

from ..naturalness import repeated_frames
from .base import Cousin, Defect, Example, Rule, neighbouring_sentences, phrase_pattern


def _demands_twice(text: str) -> set[str]:
    """The demands ("has to", "needs to") said in two sentences in a row of `text`."""
    pattern = phrase_pattern("demands_not_twice")
    return {said.lower() for first, second in neighbouring_sentences(text)
            for said in pattern.findall(first)
            if said.lower() in {other.lower() for other in pattern.findall(second)}}


def detect(cousin: Cousin) -> list[Defect]:
    echoed = _demands_twice(cousin.prompt) - _demands_twice(cousin.original)
    return [Defect(RULE.name, opening)
            for opening in repeated_frames(cousin.prompt, cousin.original)] + [
        Defect(RULE.name, f"{said!r} in two sentences in a row") for said in sorted(echoed)]


RULE = Rule(
    code="N109", name="repeated-frame",
    description="The same framing words open two sentences ('Make sure … Make sure …'), two "
                "polite ask-questions are stacked ('Could you …? Would you …?'), or 'please' is "
                "said twice, or two sentences in a row say one demand ('has to … has to'), where the "
                "original did not do so itself.",
    detect=detect,
    bad=(Example("Could you write a poem about the sea? Would you leave out every comma?"),
         Example("Could I get a poem about the sea? Can I ask you to leave out every comma?"),
         Example("Make sure it rhymes. Write a poem about the sea. Make sure there are no "
                 "commas."),
         Example("Please write a poem about the sea. Leave out commas, please."),
         Example("Write a guide to tents. Your answer has to have four sections. Your "
                 "response has to have three bullets in all.")),
    good=(Example("Please write a poem about the sea. Leave out every comma."),
          Example("Write a guide to tents. Your answer has to have four sections. Use "
                  "exactly three bullets in all.")),
)
