"""N135 same-scope: two sentences in a row that name the whole reply, with the same words or
others ("Place your entire answer between double quotes. Make your entire answer at least 800
words long.", read BBC; "Write your whole answer in lowercase English. Make your entire answer
at least 300 words long.", read BCG)."""

from __future__ import annotations

import functools
import re

from ..phrase_tables import table
from .base import Cousin, Defect, Example, Rule, neighbouring_sentences, new_finds


@functools.lru_cache(maxsize=1)
def _scope() -> re.Pattern[str]:
    return re.compile(table("naturalness")["whole_reply_named"], re.IGNORECASE)


def _pairs(text: str) -> set[str]:
    """The names of the whole reply that two neighbouring sentences of one line of `text`
    both use."""
    def names(sentence: str) -> set[str]:
        # "whole answer" beside "entire answer" says it again in other words (read BCG, 2391).
        return {"the whole reply" for _ in _scope().finditer(sentence)}

    return {name for before, after in neighbouring_sentences(text)
            for name in names(before) & names(after)}


def detect(cousin: Cousin) -> list[Defect]:
    return new_finds(_pairs, cousin, RULE.name)


RULE = Rule(
    code="N135", name="same-scope",
    description="Two sentences in a row name the whole reply ('Place your entire answer "
                "between double quotes. Make your entire answer …'; '… your whole answer … "
                "Make your entire answer …'), where the original did not do so itself.",
    detect=detect,
    bad=(Example("Write an essay about tea. Place your entire answer between double quotes. "
                 "Make your entire answer at least 800 words long."),
         Example("Tell me the way to the station. Write your whole answer in lowercase "
                 "English. Make your entire answer at least 300 words long.")),
    good=(Example("Write an essay about tea. Place your entire answer between double quotes. "
                  "Make it at least 800 words long."),
          Example("Write an essay about tea. Your entire response should be in English. Your "
                  "entire response should be in lowercase.",
                  original="Write an essay about tea. Your entire response should be in "
                           "English. Your entire response should be in lowercase.")),
)
