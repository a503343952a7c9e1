"""N104 glued-line: a new sentence run onto a line that must stay alone."""

from __future__ import annotations

import re

from ..naturalness import MARKER
from .base import Cousin, Defect, Example, Rule


def detect(cousin: Cousin) -> list[Defect]:
    # The lines of the original as every cousin has them, its slips mended: a line break
    # mended inside a sentence ("Mark the beginning⏎of each advertisement") is no line that
    # stands alone (read AKB).
    prompt, original = cousin.prompt, cousin.original_mended or cousin.original
    defects = []
    original_lines = [line.strip() for line in original.splitlines() if line.strip()]
    for position, line in enumerate(original_lines):
        ending = line.rstrip('"”\')*_')
        alone = (MARKER.match(line) is not None or ending[-1:] not in ".!?:"
                 or (position + 1 < len(original_lines) and MARKER.match(original_lines[position + 1])))
        if not alone or len(line) < 4:
            continue
        # As a line of its own in the cousin too ("Color Paper" of a slogan's example, not
        # the same words inside a sentence).
        for match in re.finditer(r"(?m)^[ \t]*" + re.escape(line), prompt):
            after = prompt[match.end():].split("\n", 1)[0]
            if line[-1:] in "\"”" and after.startswith(". "):
                continue  # a quotation closed with a stop of ours: a sentence like any other
            if after.strip() and not after.startswith(("\n",)) and after.strip() not in line:
                defects.append(Defect(RULE.name, (line + after)[:160]))
                break
    return defects


RULE = Rule(
    code="N104", name="glued-line",
    description="A sentence run onto a line of the original that stands alone (a list item, an "
                "example, a riddle's answer line).",
    detect=detect,
    bad=(Example("Write a story with:\n* a dog\n* a clock Avoid commas.",
                 original="Write a story with:\n* a dog\n* a clock"),
         Example("Solve this riddle.\nAnswer: a shadow Keep it short.",
                 original="Solve this riddle.\nAnswer: a shadow")),
    good=(Example("Write a poem about the sea. Do not use any commas. Keep it short."),),
)
