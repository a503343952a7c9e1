"""N107 plural-header: a plural header above one item."""

from __future__ import annotations

from ..naturalness import KNOWN, MARKER
from .base import Cousin, Defect, Example, Rule


def detect(cousin: Cousin) -> list[Defect]:
    header = KNOWN.pattern("plural_header")
    lines = [line.strip() for line in cousin.prompt.splitlines()]
    defects = []
    for number, line in enumerate(lines):
        if not header.match(line) or line in cousin.original:
            continue
        items = 0
        for following in lines[number + 1:]:
            if not MARKER.match(following):
                break
            items += 1
        if items == 1:
            defects.append(Defect(RULE.name, line))
    return defects


RULE = Rule(
    code="N107", name="plural-header",
    description="'Several guidelines for your reply:' above a list of one item.",
    detect=detect,
    bad=(Example("Write a poem about the sea.\n\nA few rules:\n- no commas"),),
    good=(Example("Write a poem about the sea.\n\nA few rules:\n- no commas\n- four lines"),),
)
