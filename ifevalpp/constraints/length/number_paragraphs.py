"""length_constraints:number_paragraphs — exactly N paragraphs separated by `***` rules."""

from __future__ import annotations

import re
from typing import Optional

from ...profiles import Profile
from ..base import Constraint, Params, PositiveCount, register

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
