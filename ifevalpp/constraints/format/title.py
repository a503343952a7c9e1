"""detectable_format:title — a title in double angular brackets, <<like this>>."""

from __future__ import annotations

import re
from typing import Optional

from ...profiles import Profile
from ..base import Constraint, register

_TITLE = re.compile(r"<<[^\n]+>>")


@register
class Title(Constraint):
    """Some `<<title>>` on one line whose inner text is not blank."""

    id = "detectable_format:title"
    conflicts_with = frozenset({"detectable_format:json_format"})

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return any(match.lstrip("<").rstrip(">").strip() for match in _TITLE.findall(response))
