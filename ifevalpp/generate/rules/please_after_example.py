"""N129 please-after-example: a courtesy tacked on after an example that closes the
request ("…, for example *this is a highlighted section*, please.")."""

from __future__ import annotations

import re

from .base import Cousin, Defect, Example, Rule, new_matches

# An example in markup or quotes, then ", please" closing the sentence.
_AFTER_EXAMPLE = re.compile(r"(?:\*[^*\n]+\*|\[[^\]\n]+\]|<<[^>\n]+>>|\"[^\"\n]+\"|\))"
                            r",\s*please[.?!]")


def detect(cousin: Cousin) -> list[Defect]:
    return new_matches(_AFTER_EXAMPLE, cousin, RULE.name)


RULE = Rule(
    code="N129", name="please-after-example",
    description="'please' tacked on after an example that closes the request ('…, for example "
                "*this is a highlighted section*, please.'): the courtesy goes before the "
                "request or nowhere.",
    detect=detect,
    bad=(Example("Highlight 3 sections, for example *this is a highlighted section*, please."),),
    good=(Example("Please highlight 3 sections, for example *this is a highlighted section*."),),
)
