"""The witness draft: what one response passing every instruction of a case must look like.

Each type's `satisfy(params, draft)` writes its part (a case, a word range, a
title, bullet lines, tokens to weave into the text, …); the witness builder in
`ifevalpp.validate.witness` lays the draft out as text, fills it with words and
asks the real checkers whether it passes. A type whose need fits none of the
named parts adds tokens to `inline` (woven into the filler sentences) or a line
to `tail` (after the body).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional

from .counts import Interval, intersect
from .phrases import INF


@dataclass
class Draft:
    """What the response must look like, gathered from every instruction."""

    case: Optional[str] = None                 # "upper" or "lower"
    language: str = "en"
    forbidden: list[re.Pattern[str]] = field(default_factory=list)
    letter_max: dict[str, int] = field(default_factory=dict)
    letter_min: dict[str, int] = field(default_factory=dict)
    keyword_max: dict[str, int] = field(default_factory=dict)
    keyword_min: dict[str, int] = field(default_factory=dict)
    no_comma: bool = False
    words: Interval = (0, INF)
    sentences: Interval = (0, INF)
    capitals: Interval = (0, INF)
    rule_paragraphs: Optional[int] = None      # '***'-separated paragraphs
    blank_paragraphs: Optional[int] = None     # blank-line paragraphs
    nth: Optional[tuple[int, str]] = None      # (paragraph number, its first word)
    bullets: Optional[int] = None
    highlights: int = 0
    placeholders: int = 0
    sections: Optional[tuple[str, int]] = None  # (splitter word, count)
    title: bool = False
    postscript: Optional[str] = None
    end_phrase: Optional[str] = None
    quotation: bool = False
    two_responses: bool = False
    json: bool = False
    answer_options: tuple[str, ...] = ()       # one of these phrases must appear
    repeat: Optional[str] = None               # text the response starts with
    inline: list[str] = field(default_factory=list)  # further tokens woven into the text
    tail: list[str] = field(default_factory=list)    # further lines after the body

    def within(self, name: str, bounds: Interval) -> None:
        """Narrow the `words`, `sentences` or `capitals` range to `bounds`."""
        setattr(self, name, intersect([getattr(self, name), bounds]))
