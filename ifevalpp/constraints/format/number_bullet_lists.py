"""detectable_format:number_bullet_lists — exactly N markdown bullet lines."""

from __future__ import annotations

import re
from typing import Optional

from ...profiles import Profile
from ..base import Constraint, Count, Params, register

# A bullet line: optional indentation then '* ' (not '**') or '-'. `\s*` may run over blank
# lines, exactly as the official pattern does.
_STAR_BULLET = re.compile(r"^\s*\*[^\*].*$", re.MULTILINE)
_DASH_BULLET = re.compile(r"^\s*-.*$", re.MULTILINE)


class BulletsParams(Params):
    num_bullets: Count


@register
class NumberBulletLists(Constraint):
    """Exactly N bullet lines (`* item` or `- item`; `---` rules and `-word` lines count too)."""

    id = "detectable_format:number_bullet_lists"
    Params = BulletsParams
    conflicts_with = frozenset({"detectable_format:json_format"})

    def check(self, response: str, params: BulletsParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        count = len(_STAR_BULLET.findall(response)) + len(_DASH_BULLET.findall(response))
        return count == params.num_bullets
