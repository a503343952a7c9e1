"""detectable_format:json_format — the whole response is JSON."""

from __future__ import annotations

import json
from typing import Optional

from ...profiles import Profile
from ..base import Constraint, register

_FENCE_PREFIXES = ("```json", "```Json", "```JSON", "```")


def strip_json_fence(response: str) -> str:
    """Strip, drop each known fence prefix in turn and one closing fence, strip again."""
    value = response.strip()
    for prefix in _FENCE_PREFIXES:
        value = value.removeprefix(prefix)
    return value.removesuffix("```").strip()


@register
class JsonFormat(Constraint):
    """The whole response (minus a code fence) parses as any JSON value, NaN included."""

    id = "detectable_format:json_format"
    # JSON-only output leaves no room for markdown, headings, separators or a closing phrase.
    conflicts_with = frozenset({
        "detectable_format:title", "detectable_content:postscript",
        "detectable_format:multiple_sections", "detectable_format:number_bullet_lists",
        "combination:two_responses", "startend:quotation", "startend:end_checker",
        "combination:repeat_prompt", "length_constraints:number_paragraphs",
        "length_constraints:nth_paragraph_first_word",
    })

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        try:
            json.loads(strip_json_fence(response))
        except ValueError:
            return False
        return True
