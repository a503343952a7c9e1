"""N125 question-splice: a comma splice put as a question."""

from __future__ import annotations

import functools
import re

from ..naturalness import SENTENCE, masked
from ..phrases import frame_openings_table, one_of, table
from .base import Cousin, Defect, Example, Rule


@functools.lru_cache(maxsize=1)
def _pattern() -> re.Pattern[str]:
    verbs = table("naturalness")["splice_verbs"]["verbs"]
    requests = frame_openings_table().alternation("request")
    return re.compile(rf"(?i)^\s*(?:{requests})\b[^?]*,\s+(?:{one_of(verbs)})\b[^?]*\?")


def detect(cousin: Cousin) -> list[Defect]:
    pattern = _pattern()
    own = {sentence.strip() for sentence in SENTENCE.findall(masked(cousin.original))}
    return [Defect(RULE.name, sentence.strip()[:160])
            for sentence in SENTENCE.findall(masked(cousin.prompt))
            if sentence.strip() not in own and pattern.search(sentence)]


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
