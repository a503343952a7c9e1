"""detectable_format:number_highlighted_sections — at least N `*highlighted*` spans."""

from __future__ import annotations

import re
from typing import Optional

from ...profiles import Profile
from ..base import Constraint, Count, Params, register

_SINGLE_HIGHLIGHT = re.compile(r"\*[^\n\*]*\*")
_DOUBLE_HIGHLIGHT = re.compile(r"\*\*[^\n\*]*\*\*")


class HighlightsParams(Params):
    num_highlights: Count


@register
class NumberHighlightedSections(Constraint):
    """At least N non-blank `*text*` or `**text**` spans on one line each."""

    id = "detectable_format:number_highlighted_sections"
    Params = HighlightsParams

    def check(self, response: str, params: HighlightsParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        count = 0
        for match in _SINGLE_HIGHLIGHT.findall(response):
            if match.strip("*").strip():
                count += 1
        for match in _DOUBLE_HIGHLIGHT.findall(response):
            if match[2:-2].strip():
                count += 1
        return count >= params.num_highlights
