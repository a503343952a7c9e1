"""N105 doubled-opening: two "Here is…" openings where the original had at most one."""

from __future__ import annotations

from ..naturalness import KNOWN
from .base import Cousin, Defect, Example, Rule


def detect(cousin: Cousin) -> list[Defect]:
    here = KNOWN.pattern("here_opening")
    found = len(here.findall(cousin.prompt))
    if found >= 2 and found > len(here.findall(cousin.original)):
        return [Defect(RULE.name, cousin.prompt.strip().split("\n", 1)[0][:160])]
    return []


RULE = Rule(
    code="N105", name="doubled-opening",
    description="Two 'Here is…' openings in one prompt whose original had at most one.",
    detect=detect,
    bad=(Example("Here are the rules first. Avoid commas. Here is the task: write a poem about "
                 "the sea."),),
    good=(Example("Here is the task: write a poem about the sea. Avoid commas."),),
)
