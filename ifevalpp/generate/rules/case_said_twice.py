"""N137 case-said-twice: the answer's letter case said in two sentences in the same word
where the original says it in fewer ("It should include the phrase … and be in all lowercase
letters. Answer in English and in lowercase letters only.", reads BDK, BDN, BDU on 2517): a
kept sentence states the rule already, so the statement said anew repeats it."""

from __future__ import annotations

import functools

from ...constraints.case.capital_word_frequency import CapitalWordFrequency
from ...constraints.case.english_capital import EnglishCapital
from ...constraints.case.english_lowercase import EnglishLowercase
from .base import Cousin, Defect, Example, Rule, phrase_pattern, said_more_often

_CASES = ((EnglishLowercase.id, "case_word_lowercase"), (EnglishCapital.id, "case_word_capital"))
_COUNTED_APART = CapitalWordFrequency.id
"""Capitals for some words beside an all-capitals rule: two rules that both say 'capital'."""

_LOWERCASE = (EnglishLowercase.id,)
_CAPITALS = (EnglishCapital.id,)


def _sentences_naming(text: str, key: str) -> int:
    from ..naturalness import SENTENCE, masked

    pattern = phrase_pattern(key)
    return sum(1 for sentence in SENTENCE.findall(masked(text)) if pattern.search(sentence))


def detect(cousin: Cousin) -> list[Defect]:
    for instruction_id, key in _CASES:
        if instruction_id not in cousin.ids or _COUNTED_APART in cousin.ids:
            continue
        said = said_more_often(functools.partial(_sentences_naming, key=key), cousin)
        if said:
            return [Defect(RULE.name, f"{instruction_id} named in {said} sentences")]
    return []


RULE = Rule(
    code="N137", name="case-said-twice",
    description="The answer's letter case named in two sentences in the same word ('… and be "
                "in all lowercase letters. Answer in lowercase letters only.') where the "
                "original names it once: the rule said twice.",
    detect=detect,
    bad=(Example("Write a haiku about rain. It should be in all lowercase letters. Answer in "
                 "English and in lowercase letters only.",
                 original="Write a haiku about rain in English. It should be in all lowercase "
                          "letters. No capital letters are allowed.",
                 ids=_LOWERCASE, kwargs=({},)),),
    good=(Example("Write a haiku about rain. It should be in all lowercase letters. Answer in "
                  "English, with no capital letters anywhere.",
                  original="Write a haiku about rain in English. It should be in all lowercase "
                           "letters. No capital letters are allowed.",
                  ids=_LOWERCASE, kwargs=({},)),
          Example("Write a poem in lowercase letters. Use lowercase letters throughout.",
                  original="Write a poem in lowercase letters. Use lowercase letters throughout.",
                  ids=_LOWERCASE, kwargs=({},)),
          Example("Write a poem. Use capital letters for three key words. Answer in capital "
                  "letters only.",
                  original="Write a poem. Answer in capital letters only.",
                  ids=_CAPITALS + (_COUNTED_APART,),
                  kwargs=({}, {"capital_frequency": 3, "capital_relation": "at least"}))),
)
