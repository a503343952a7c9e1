"""N110 relation-wording: a count said with a relation the checker does not mean."""

from __future__ import annotations

import re

from ...constraints.length.number_words import NumberWords
from ...wording.english import number_words
from ..phrase_tables import table
from .base import Cousin, Defect, Example, Rule

_RELATION_FIELDS = ("relation", "let_relation", "capital_relation")
_COUNT_FIELDS = ("num_words", "num_sentences", "frequency", "let_frequency", "capital_frequency")


def detect(cousin: Cousin) -> list[Defect]:
    wrong_before = table("naturalness")["relation_wrong_before"]
    wrong_after = table("naturalness")["relation_wrong_after"]
    defects = []
    for instruction_id, given in zip(cousin.ids, cousin.kwargs):
        given = given or {}
        relation = next((given[f] for f in _RELATION_FIELDS if given.get(f)), None)
        value = next((given[f] for f in _COUNT_FIELDS if isinstance(given.get(f), int)), None)
        if relation not in wrong_before or value is None:
            continue
        shown = rf"(?:{value}|{re.escape(number_words(value))})"
        before = re.compile(rf"\b(?:{wrong_before[relation]})\s+{shown}\b", re.I)
        after = (re.compile(rf"\b{shown}(?!\s+more\b)(?:\s+[a-z-]+){{0,2}}\s+"
                            rf"(?:{wrong_after[relation]})\b", re.I)
                 if wrong_after[relation] else None)
        for pattern in (before, after):
            match = pattern.search(cousin.prompt) if pattern else None
            if match and not pattern.search(cousin.original):
                defects.append(Defect(RULE.name, f"{instruction_id}: {match.group(0)}"))
                break
    return defects


_WORDS = (NumberWords.id,)
RULE = Rule(
    code="N110", name="relation-wording",
    description="A count said with a relation the checker does not mean ('at most 5' for "
                "'less than 5', 'more than 300' for 'at least 300').",
    detect=detect,
    bad=(Example("Write at most 150 words.", ids=_WORDS,
                 kwargs=({"num_words": 150, "relation": "less than"},)),
         Example("Write 150 words or fewer.", ids=_WORDS,
                 kwargs=({"num_words": 150, "relation": "less than"},)),
         Example("Write more than 150 words.", ids=_WORDS,
                 kwargs=({"num_words": 150, "relation": "at least"},))),
    good=(Example("Write fewer than 150 words.", ids=_WORDS,
                  kwargs=({"num_words": 150, "relation": "less than"},)),
          Example("Write 150 or more words.", ids=_WORDS,
                  kwargs=({"num_words": 150, "relation": "at least"},))),
)
