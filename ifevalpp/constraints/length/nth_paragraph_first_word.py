"""length_constraints:nth_paragraph_first_word — N blank-line paragraphs, the nth starting with a word."""

from __future__ import annotations

from typing import Optional

from pydantic import field_validator

from ...profiles import Profile
from ..base import Constraint, NonEmptyText, Params, PositiveCount, register

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

    @field_validator("first_word")
    @classmethod
    def _normalise(cls, value: str) -> str:
        return value.lower()


@register
class NthParagraphFirstWord(Constraint):
    """Exactly N paragraphs split on a blank line (literal "\\n\\n"); the nth starts with a word.

    Official: the nth piece of the unfiltered split is taken, so an empty piece
    (from four newlines in a row) shifts the index. Revised: the nth non-empty paragraph.
    """

    id = "length_constraints:nth_paragraph_first_word"
    Params = NthParagraphParams
    conflicts_with = frozenset({"detectable_format:json_format"})

    def check(self, response: str, params: NthParagraphParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        pieces = response.split("\n\n")
        non_empty = [piece for piece in pieces if piece.strip()]
        if len(non_empty) != params.num_paragraphs:
            return False
        chosen = pieces if profile == "official" else non_empty
        if params.nth_paragraph > len(non_empty):
            return False  # asks for a paragraph beyond the count it demands
        paragraph = chosen[params.nth_paragraph - 1].strip()
        if not paragraph:
            return False
        return first_word(paragraph) == params.first_word
