"""N126 echoed-verb: a sentence that says its verb twice ("Make sure to make it …",
"Write a blog post …, writing 20+ sentences")."""

from __future__ import annotations

import re

from .base import Cousin, Defect, Example, Rule, new_sentences, phrase_pattern

# A participle after a comma ("…, writing …") and the word it comes from.
_PARTICIPLE = re.compile(r",\s+([a-z]{3,})ing\b")


def _echoes(sentence: str) -> bool:
    if phrase_pattern("echoed_frames").search(sentence):
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
                "make it 200+ words long'), or a task and the participle joined to it ('Write "
                "a blog post …, writing 20+ sentences').",
    detect=detect,
    bad=(Example("Make sure to make it 200+ words long."),
         Example("Could you please write a blog post about dogs, writing 20+ sentences?")),
    good=(Example("Make it 200+ words long."),
          Example("Could you please write a blog post about dogs, using 20+ sentences?")),
)
