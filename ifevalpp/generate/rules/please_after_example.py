"""N129 please-after-example: a courtesy tacked on after an example or an aside that closes
the request ("…, for example *this is a highlighted section*, please.", "…, no other language
allowed, please.")."""

from __future__ import annotations

import functools
import re

from ..phrase_tables import one_of, table
from .base import Cousin, Defect, Example, Rule, new_matches

# An example in markup or quotes, then ", please" closing the sentence.
_AFTER_EXAMPLE = re.compile(r"(?:\*[^*\n]+\*|\[[^\]\n]+\]|<<[^>\n]+>>|\"[^\"\n]+\"|\))"
                            r",\s*please[.?!]")


@functools.lru_cache(maxsize=1)
def _after_plain_example() -> re.Pattern[str]:
    """An example in plain words after its lead ("such as SECTION 1"), then ", please"."""
    leads = one_of([re.escape(lead) for lead in table("naturalness")["example_leads"]])
    return re.compile(rf"(?i)\b(?:{leads})\s+[^,.;:\n]{{1,40}},\s*please[.?!]")


@functools.lru_cache(maxsize=1)
def _after_aside() -> re.Pattern[str]:
    """An aside without a verb of its own ("no other language allowed"), then ", please"
    (read CFA: "Write your whole answer in Russian, no other language allowed, please.")."""
    leads = one_of([re.escape(lead) for lead in table("naturalness")["aside_leads"]])
    return re.compile(rf"(?i),\s+(?:{leads})\s+[^,.;:\n]{{1,50}},\s*please[.?!]")


def detect(cousin: Cousin) -> list[Defect]:
    return new_matches(_AFTER_EXAMPLE, cousin, RULE.name) + \
        new_matches(_after_plain_example(), cousin, RULE.name) + \
        new_matches(_after_aside(), cousin, RULE.name)


RULE = Rule(
    code="N129", name="please-after-example",
    description="'please' tacked on after an example or an aside that closes the request "
                "('…, for example *this is a highlighted section*, please.', '…, no other "
                "language allowed, please.'): the courtesy goes before the request or nowhere.",
    detect=detect,
    bad=(Example("Highlight 3 sections, for example *this is a highlighted section*, please."),
         Example("Write a resume. Give it 2 sections headed SECTION X, such as SECTION 1, "
                 "please."),
         Example("Tell me what a lattice is. Write your whole answer in Russian, no other "
                 "language allowed, please.")),
    good=(Example("Please highlight 3 sections, for example *this is a highlighted section*."),
          Example("Tell me what a lattice is. Write your whole answer in Russian, no other "
                  "language allowed.")),
)
