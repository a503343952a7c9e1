"""N125 question-splice: a comma splice put as a question."""

from __future__ import annotations

import functools
import re

from ..phrase_tables import frame_openings_table, one_of, table
from .base import Cousin, Defect, Example, Rule, new_sentences


@functools.lru_cache(maxsize=1)
def _pattern() -> re.Pattern[str]:
    verbs = table("naturalness")["splice_verbs"]["verbs"]
    requests = frame_openings_table().alternation("request")
    return re.compile(rf"(?i)^\s*(?:{requests})\b[^?]*,\s+(?:{one_of(verbs)})\b[^?]*\?")


def detect(cousin: Cousin) -> list[Defect]:
    pattern = _pattern()
    return [Defect(RULE.name, sentence[:160]) for sentence in new_sentences(cousin)
            if pattern.search(sentence)]


RULE = Rule(
    code="N125", name="question-splice",
    description="A comma splice put as a polite question ('Could you write a limerick about "
                "Nantucket, use notations to express it?'): the second clause is an order.",
    detect=detect,
    bad=(Example("Could you write a poem about the sea, use no commas?"),),
    good=(Example("Could you write a poem about the sea without commas?"),
          Example("Write a poem about the sea, use no commas.",
                  original="Write a poem about the sea, use no commas.")),
)
