"""length_constraints:* — sentences, words, paragraphs, and the first word of the nth paragraph."""

from __future__ import annotations

import re
from typing import Optional

from pydantic import PrivateAttr, field_validator, model_validator

from .. import text
from ..profiles import Profile
from .base import (Constraint, Count, NonEmptyText, Params, PositiveCount, Relation,
                   compare, register)


class SentencesParams(Params):
    num_sentences: Count
    relation: Relation


@register
class NumberSentences(Constraint):
    """Sentences as NLTK's English Punkt model splits them, less than / at least N."""

    id = "length_constraints:number_sentences"
    Params = SentencesParams
    around_tolerance = 2

    def check(self, response: str, params: SentencesParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return compare(text.count_sentences(response), params.relation, params.num_sentences,
                       tolerance=self.around_tolerance, profile=profile)


class WordsParams(Params):
    num_words: Count
    relation: Relation


@register
class NumberWords(Constraint):
    """`\\w+` tokens, less than / at least N."""

    id = "length_constraints:number_words"
    Params = WordsParams
    around_tolerance = 25

    def check(self, response: str, params: WordsParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return compare(text.count_words(response), params.relation, params.num_words,
                       tolerance=self.around_tolerance, profile=profile)


# A markdown rule of three asterisks, with at most one whitespace character either side.
_RULE_SPLIT = re.compile(r"\s?\*\*\*\s?")


def rule_separated_pieces(response: str) -> Optional[int]:
    """Paragraph count for `***`-separated text; None when an inner piece is empty.

    Empty first and last pieces are ignored (a leading or trailing rule).
    """
    pieces = _RULE_SPLIT.split(response)
    count = len(pieces)
    last = count - 1
    for position, piece in enumerate(pieces):
        if not piece.strip():
            if position == 0 or position == last:
                count -= 1
            else:
                return None
    return count


class ParagraphsParams(Params):
    num_paragraphs: PositiveCount


@register
class NumberParagraphs(Constraint):
    """Exactly N paragraphs separated by `***` rules."""

    id = "length_constraints:number_paragraphs"
    Params = ParagraphsParams
    # '******' (two responses) splits into an empty paragraph; JSON has no '***' dividers.
    conflicts_with = frozenset({"combination:two_responses", "detectable_format:json_format"})

    def check(self, response: str, params: ParagraphsParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return rule_separated_pieces(response) == params.num_paragraphs


_FIRST_WORD_STOP = frozenset(".,?!'\"")


def first_word(paragraph: str) -> str:
    """The paragraph's first whitespace token, leading ' then " removed, cut at . , ? ! ' \"."""
    token = paragraph.split()[0].strip().lstrip("'").lstrip('"')
    letters = []
    for character in token:
        if character in _FIRST_WORD_STOP:
            break
        letters.append(character)
    return "".join(letters).lower()


class NthParagraphParams(Params):
    num_paragraphs: PositiveCount
    nth_paragraph: PositiveCount
    first_word: NonEmptyText
    # The first word as the kwargs give it: ifevalpp-paper compares with it unchanged.
    _given_first_word: str = PrivateAttr(default="")

    @field_validator("first_word")
    @classmethod
    def _normalise(cls, value: str) -> str:
        return value.lower()

    @model_validator(mode="wrap")
    @classmethod
    def _keep_given(cls, data, handler):  # type: ignore[no-untyped-def]
        model = handler(data)
        given = data.get("first_word") if isinstance(data, dict) else None
        model._given_first_word = given if isinstance(given, str) else model.first_word
        return model


@register
class NthParagraphFirstWord(Constraint):
    """Exactly N paragraphs split on a blank line (literal "\\n\\n"); the nth starts with a word.

    Official and ifevalpp-paper: the nth piece of the unfiltered split is taken, so an
    empty piece (from four newlines in a row) shifts the index. Revised: the nth non-empty
    paragraph. ifevalpp-paper compares with the kwarg as given (the release never lower-cases
    it, so 'Weekend' can never match).
    """

    id = "length_constraints:nth_paragraph_first_word"
    Params = NthParagraphParams
    # Every profile judges this type its own way (scoring under several profiles checks each).
    verdict_groups = {"official": "official", "revised": "revised",
                      "ifevalpp-paper": "ifevalpp-paper"}
    conflicts_with = frozenset({"detectable_format:json_format"})

    def check(self, response: str, params: NthParagraphParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        pieces = response.split("\n\n")
        non_empty = [piece for piece in pieces if piece.strip()]
        if len(non_empty) != params.num_paragraphs:
            return False
        chosen = non_empty if profile == "revised" else pieces
        if params.nth_paragraph > len(non_empty):
            return False  # asks for a paragraph beyond the count it demands
        paragraph = chosen[params.nth_paragraph - 1].strip()
        if not paragraph:
            return False
        wanted = params._given_first_word if profile == "ifevalpp-paper" else params.first_word
        return first_word(paragraph) == wanted
