"""N111 implausible-value: a minimum no such piece could carry."""

from __future__ import annotations

from ...constraints.length.number_words import NumberWords
from ..naturalness import KNOWN
from ..phrase_tables import table
from .base import Cousin, Defect, Example, Rule


def detect(cousin: Cousin) -> list[Defect]:
    short = KNOWN.pattern("short_pieces").search(cousin.prompt)
    if not short:
        return []
    limits = table("naturalness")["short_limits"]
    before: dict[str, int] = {}
    for given in cousin.original_kwargs:
        for name, value in (given or {}).items():
            if isinstance(value, int):
                before[name] = max(before.get(name, 0), value)
    defects = []
    for instruction_id, given in zip(cousin.ids, cousin.kwargs):
        given = given or {}
        if given.get("relation", "at least") != "at least" and "num_words" in given:
            continue
        for name, limit in limits.items():
            value = given.get(name)
            # An original that already asks its short piece for more (337: a riddle of at
            # least 336 words) is taken further by a harder setting, never made implausible.
            if isinstance(value, int) and value > limit and \
                    before.get(name, 0) < value and before.get(name, 0) <= limit:
                defects.append(Defect(RULE.name, f"{short.group(0)}: {name} {value}"))
    return defects


_WORDS = (NumberWords.id,)
RULE = Rule(
    code="N111", name="implausible-value",
    description="A minimum no such piece could carry (a 5,000-word tweet, a haiku of thirty "
                "sentences) where the original asked a plausible one.",
    detect=detect,
    bad=(Example("Write a haiku about the sea in at least 500 words.", ids=_WORDS,
                 kwargs=({"num_words": 500, "relation": "at least"},),
                 original_kwargs=({"num_words": 10, "relation": "at least"},)),),
    good=(Example("Write a haiku about the sea in at least 10 words.", ids=_WORDS,
                  kwargs=({"num_words": 10, "relation": "at least"},)),
          Example("Write an essay about the sea in at least 500 words.", ids=_WORDS,
                  kwargs=({"num_words": 500, "relation": "at least"},)),
          Example("Write a riddle about a shed that is not a shed in at least 450 words.",
                  ids=_WORDS, kwargs=({"num_words": 450, "relation": "at least"},),
                  original_kwargs=({"num_words": 336, "relation": "at least"},))),
)
