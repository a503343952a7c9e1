"""detectable_content:number_placeholders — at least N placeholders in square brackets."""

from __future__ import annotations

import re
from typing import Optional

from ...profiles import Profile
from ..base import Constraint, Count, Params, register

_PLACEHOLDER = re.compile(r"\[.*?\]")


class PlaceholdersParams(Params):
    num_placeholders: Count


@register
class NumberPlaceholders(Constraint):
    """At least N `[...]` spans (shortest match; `[]` and markdown link text count too)."""

    id = "detectable_content:number_placeholders"
    Params = PlaceholdersParams

    def check(self, response: str, params: PlaceholdersParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return len(_PLACEHOLDER.findall(response)) >= params.num_placeholders
