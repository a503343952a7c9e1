"""keywords:* — words that must appear, how often, words that must not, and letter counts."""

from __future__ import annotations

import functools
import re
from typing import Optional

from typing import Annotated

from pydantic import Field, field_validator

from ..profiles import Profile
from .base import (Constraint, Count, NonEmptyText, Params, Relation, StrippedText, compare,
                   register)


@functools.lru_cache(maxsize=4096)
def _substring_pattern(keyword: str) -> re.Pattern[str]:
    # The official checker hands the keyword to the regex engine as is.
    return re.compile(keyword, re.IGNORECASE)


@functools.lru_cache(maxsize=4096)
def _whole_word_pattern(keyword: str) -> re.Pattern[str]:
    # Revised: the keyword literally, not inside a longer word.
    return re.compile(r"(?<!\w)" + re.escape(keyword) + r"(?!\w)", re.IGNORECASE)


@functools.lru_cache(maxsize=4096)
def _bounded_pattern(keyword: str) -> re.Pattern[str]:
    # ifevalpp-paper: \b, the keyword literally, \b (so "#tag" needs a word character before it).
    return re.compile(r"\b" + re.escape(keyword) + r"\b", re.IGNORECASE)


@functools.lru_cache(maxsize=4096)
def _forbidden_pattern(word: str) -> re.Pattern[str]:
    # Both profiles: \b on both sides, word used as a regex (as the official checker does).
    return re.compile(r"\b" + word + r"\b", re.IGNORECASE)


def _keyword_pattern(keyword: str, profile: Profile) -> re.Pattern[str]:
    if profile == "official":
        return _substring_pattern(keyword)
    if profile == "ifevalpp-paper":
        return _bounded_pattern(keyword)
    return _whole_word_pattern(keyword)


class KeywordsParams(Params):
    keywords: Annotated[list[NonEmptyText], Field(min_length=1)]


@register
class KeywordExistence(Constraint):
    """Every keyword occurs (case-insensitive). Official: as a regex substring; revised: whole word;
    ifevalpp-paper: escaped between \\b boundaries."""

    id = "keywords:existence"
    Params = KeywordsParams
    # Every profile judges this type its own way (scoring under several profiles checks each).
    verdict_groups = {"official": "official", "revised": "revised",
                      "ifevalpp-paper": "ifevalpp-paper"}
    official_regex_fields = ("keywords",)

    def check(self, response: str, params: KeywordsParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return all(_keyword_pattern(keyword, profile).search(response)
                   for keyword in params.keywords)


class FrequencyParams(Params):
    keyword: StrippedText
    frequency: Count
    relation: Relation


@register
class KeywordFrequency(Constraint):
    """A keyword occurs less than / at least N times (non-overlapping, case-insensitive)."""

    id = "keywords:frequency"
    Params = FrequencyParams
    # Every profile judges this type its own way (scoring under several profiles checks each).
    verdict_groups = {"official": "official", "revised": "revised",
                      "ifevalpp-paper": "ifevalpp-paper"}
    official_regex_fields = ("keyword",)
    around_tolerance = 5

    def check(self, response: str, params: FrequencyParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        occurrences = len(_keyword_pattern(params.keyword, profile).findall(response))
        return compare(occurrences, params.relation, params.frequency,
                       tolerance=self.around_tolerance, profile=profile)


class ForbiddenParams(Params):
    forbidden_words: Annotated[list[NonEmptyText], Field(min_length=1)]


@register
class ForbiddenWords(Constraint):
    """None of the words occurs with word boundaries on both sides (case-insensitive).

    So 'cats' or 'bobcat' do not violate 'cat', but "cat's" and "cat-like" do.
    """

    id = "keywords:forbidden_words"
    Params = ForbiddenParams
    regex_fields = ("forbidden_words",)

    def check(self, response: str, params: ForbiddenParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return not any(_forbidden_pattern(word).search(response) for word in params.forbidden_words)


class LetterFrequencyParams(Params):
    letter: NonEmptyText
    let_frequency: Count
    let_relation: Relation

    @field_validator("letter")
    @classmethod
    def _one_character(cls, value: str) -> str:
        letter = value.strip().lower()
        if len(letter) != 1:
            raise ValueError(f"letter must be a single character, got {value!r}")
        return letter


@register
class LetterFrequency(Constraint):
    """The lower-cased letter occurs less than / at least N times in the lower-cased response.

    The official evaluator replaces a letter outside a-z with a random one; both
    our profiles count the requested character literally, so runs reproduce.
    """

    id = "keywords:letter_frequency"
    Params = LetterFrequencyParams
    around_tolerance = 5

    def check(self, response: str, params: LetterFrequencyParams, *,
              prompt: Optional[str] = None, profile: Profile = "official") -> bool:
        occurrences = response.lower().count(params.letter)
        return compare(occurrences, params.let_relation, params.let_frequency,
                       tolerance=self.around_tolerance, profile=profile)
