"""N122 end-under-while-frame: a requirement about the end said as "while you write"."""

from __future__ import annotations

from ..naturalness import KNOWN
from .base import Cousin, Defect, Example, Rule


def detect(cousin: Cousin) -> list[Defect]:
    pattern = KNOWN.pattern("end_under_while_frame")
    if pattern.search(cousin.original):
        return []
    return [Defect(RULE.name, match.group(0).strip()[:160])
            for match in pattern.finditer(cousin.prompt)]


RULE = Rule(
    code="N122", name="end-under-while-frame",
    description="A requirement about the end of the reply framed as something done while "
                "writing ('As you write, end with a P.S.').",
    detect=detect,
    bad=(Example("Write a poem about the sea. As you write, end it with a postscript."),),
    good=(Example("Write a poem about the sea. End it with a postscript."),),
)
