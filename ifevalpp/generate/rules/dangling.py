"""N102 dangling: a reference before or without its referent."""

from __future__ import annotations

import re

from ..naturalness import KNOWN
from .base import Cousin, Defect, Example, Rule


def detect(cousin: Cousin) -> list[Defect]:
    prompt, original = cousin.prompt, cousin.original
    above, below = KNOWN.pattern("above"), KNOWN.pattern("below")
    opens_with_reference = KNOWN.pattern("opens_with_reference")
    defects = []
    text = prompt.strip()
    first_break = re.search(r"[.!?:](?:\s|$)|\n", text)
    first = text[:first_break.end()] if first_break else text
    if above.search(first) and not above.search(original.strip()[:len(first) + 40]):
        defects.append(Defect(RULE.name, first.strip()))
    if opens_with_reference.search(text) and not opens_with_reference.search(original.strip()):
        defects.append(Defect(RULE.name, first.strip()))
    for match in below.finditer(text):
        rest = text[match.end():]
        after = rest.split("\n", 1)
        tail = after[1] if len(after) > 1 else ""
        same_line = re.sub(r"^[^.!?:]*[.!?:]?", "", after[0]).strip()
        if not tail.strip() and not same_line and not below.search(original):
            defects.append(Defect(RULE.name, match.group(0)))
    return defects


RULE = Rule(
    code="N102", name="dangling",
    description="A reference before or without its referent: 'the request above' in the first "
                "sentence, a prompt that opens with 'This will be…', 'the following' with "
                "nothing after it.",
    detect=detect,
    bad=(Example("Repeat the request above word for word. Write a poem about the sea."),
         Example("This will be read aloud at a dinner. Write a poem about the sea. Do not use "
                 "any commas."),
         Example("Write a poem about the sea. Do not use any commas. Use the following words:")),
    good=(Example("It has been raining all week. Write a poem about the sea. Do not use any "
                  "commas."),
          Example("Write a poem about the sea. Do not use any commas. Use the following words:"
                  "\n- tide\n- gull")),
)
