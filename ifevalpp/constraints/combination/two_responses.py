"""combination:two_responses — two different responses separated by six asterisks."""

from __future__ import annotations

from typing import Optional

from ...profiles import Profile
from ..base import Constraint, register

RESPONSE_SEPARATOR = "******"


@register
class TwoResponses(Constraint):
    """Exactly two non-empty pieces around `******` that differ once stripped.

    Empty first or last pieces (a leading or trailing separator) are ignored;
    an empty piece in the middle fails.
    """

    id = "combination:two_responses"
    # '******' is two '***' dividers with an empty paragraph between them.
    conflicts_with = frozenset({"detectable_format:json_format",
                                "length_constraints:number_paragraphs"})

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        pieces = response.split(RESPONSE_SEPARATOR)
        last = len(pieces) - 1
        kept = []
        for position, piece in enumerate(pieces):
            if piece.strip():
                kept.append(piece)
            elif 0 < position < last:
                return False
        return len(kept) == 2 and kept[0].strip() != kept[1].strip()
