"""N118 piled-qualifiers: a request to repeat that says its exactness or its place twice."""

from __future__ import annotations

import functools
import re

from ..naturalness import SENTENCE
from ..phrase_tables import one_of, table
from .base import Cousin, Defect, Example, Rule


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], ...]:
    known = table("naturalness")["repeat_qualifiers"]
    return tuple(re.compile(rf"(?i)\b(?:{one_of([re.escape(p) for p in known[key]])})\b")
                 for key in ("exactness", "place"))


def detect(cousin: Cousin) -> list[Defect]:
    # The user's own sentences, their slips mended or not ("Let's repeat …" -> "First repeat
    # …" piles nothing of ours).
    own = set(SENTENCE.findall(cousin.original)) | set(SENTENCE.findall(cousin.original_mended))
    defects = []
    for sentence in SENTENCE.findall(cousin.prompt):
        if sentence in own:
            continue
        if any(len(pattern.findall(sentence)) >= 2 for pattern in _patterns()):
            defects.append(Defect(RULE.name, sentence.strip()[:160]))
    return defects


RULE = Rule(
    code="N118", name="piled-qualifiers",
    description="A request to repeat that piles up qualifiers ('exactly as it is as the very "
                "first thing, with nothing before it'): say once how and once where.",
    detect=detect,
    bad=(Example("Repeat the request word for word exactly as it is first, then answer."),
         Example("Copy the request verbatim before anything else, ahead of your answer.")),
    good=(Example("Repeat the request above word for word first, then answer it."),),
)
