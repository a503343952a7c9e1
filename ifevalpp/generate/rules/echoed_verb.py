"""N126 echoed-verb: a sentence that says its verb twice ("Make sure to make it …",
"Write a blog post …, writing 20+ sentences")."""

from __future__ import annotations

import functools
import re

from ..phrase_tables import one_of, table
from .base import Cousin, Defect, Example, Rule, new_sentences, phrase_pattern

# A participle after a comma ("…, writing …") and the word it comes from.
_PARTICIPLE = re.compile(r",\s+([a-z]{3,})ing\b")


@functools.lru_cache(maxsize=1)
def _own_noun() -> re.Pattern[str]:
    """A verb whose object is its own noun ("produce a product description", read NA)."""
    determiners = one_of(table("naturalness")["echoed_frames"]["object_determiners"])
    return re.compile(rf"(?i)\b(?P<stem>[a-z]{{5,}})e?(?<!ing) (?:{determiners}) (?:[a-z]+ )?"
                      r"(?P=stem)[a-z]*\b")


def _echoes(sentence: str) -> bool:
    if phrase_pattern("echoed_frames").search(sentence) or _own_noun().search(sentence):
        return True
    for match in _PARTICIPLE.finditer(sentence):
        stem = match.group(1)
        before = sentence[:match.start()]
        # "writ" + "ing" comes from "write"; "mak" from "make"; "us" from "use".
        if re.search(rf"(?i)\b{re.escape(stem)}e?s?\b", before):
            return True
    return False


def detect(cousin: Cousin) -> list[Defect]:
    return [Defect(RULE.name, sentence[:160]) for sentence in new_sentences(cousin)
            if _echoes(sentence)]


RULE = Rule(
    code="N126", name="echoed-verb",
    description="A sentence that says its verb twice: a frame and its request ('Make sure to "
                "make it 200+ words long'), a task and the participle joined to it ('Write a "
                "blog post …, writing 20+ sentences'), or a verb and its own noun ('produce a "
                "product description').",
    detect=detect,
    bad=(Example("Make sure to make it 200+ words long."),
         Example("Could you please write a blog post about dogs, writing 20+ sentences?"),
         Example("Would you please produce a product description for a new lamp?")),
    good=(Example("Make it 200+ words long."),
          Example("Could you please write a blog post about dogs, using 20+ sentences?"),
          Example("Would you please write a product description for a new lamp?")),
)
