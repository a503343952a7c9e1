"""detectable_format:multiple_sections — at least N sections marked 'SECTION 1', 'SECTION 2', …"""

from __future__ import annotations

import functools
import re
from typing import Optional

from ...profiles import Profile
from ..base import Constraint, Count, Params, StrippedText, register

# Numerals the revised profile accepts after the splitter word.
_NUMERAL = (r"(?:\d+|[IVXLCDM]+\b|[ivxlcdm]+\b|[A-Z]\b|(?:one|two|three|four|five|six|seven|"
            r"eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|"
            r"eighteen|nineteen|twenty)\b)")


@functools.lru_cache(maxsize=256)
def section_pattern(splitter: str, profile: Profile) -> re.Pattern[str]:
    """Official: optional space, the word (case-sensitive, as a regex), optional space, digits."""
    if profile == "official":
        return re.compile(r"\s?" + splitter + r"\s?\d+\s?")
    return re.compile(r"\s?" + re.escape(splitter) + r"\s?" + _NUMERAL + r"\s?")


class SectionsParams(Params):
    section_spliter: StrippedText
    num_sections: Count


@register
class MultipleSections(Constraint):
    """At least N section markers like 'SECTION 1' (the official rule wants digits)."""

    id = "detectable_format:multiple_sections"
    Params = SectionsParams
    official_regex_fields = ("section_spliter",)
    conflicts_with = frozenset({"detectable_format:json_format"})

    def check(self, response: str, params: SectionsParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        pieces = section_pattern(params.section_spliter, profile).split(response)
        return len(pieces) - 1 >= params.num_sections
