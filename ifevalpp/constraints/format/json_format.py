"""detectable_format:json_format — the whole response is JSON."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any, Optional

from ...profiles import Profile
from ..base import Constraint
from ..registry import register

if TYPE_CHECKING:
    from ..support.case import CaseContext, Item, Problem
    from ..support.draft import Draft
    from ..support.statements import Statement

_FENCE_PREFIXES = ("```json", "```Json", "```JSON", "```")
_JSON = re.compile(r"\bjson\b", re.IGNORECASE)
_JSON_CUE = re.compile(r"\b(?:in|as|into|using|use)\s+(?:a\s+|valid\s+|the\s+)?JSON\b|"
                       r"\bJSON\s+(?:format|object|output|code)\b", re.IGNORECASE)


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
    task_needs = frozenset({"structured"})
    answer_features = frozenset({"markup"})
    # The fenced block an original shows ("```JSON [json content] ```") stays, under a lead-in.
    example_form = "fenced"
    refuses_effects = frozenset({"adds_first_line", "adds_last_line", "sets_start", "sets_end", "changes_shape", "uses_markdown", "uses_table", "numbered_list", "adds_bullets", "uses_bold", "uses_italic", "adds_lines", "limits_paragraph_length",
                                 "bans_commas"})  # JSON with two fields needs a comma
    format_phrase = True
    # JSON-only output leaves no room for markdown, headings, separators or a closing phrase.
    conflicts_with = frozenset({
        "detectable_format:title", "detectable_content:postscript",
        "detectable_format:multiple_sections", "detectable_format:number_bullet_lists",
        "combination:two_responses", "startend:quotation", "startend:end_checker",
        "combination:repeat_prompt", "length_constraints:number_paragraphs",
        "length_constraints:nth_paragraph_first_word",
    })
    conflict_reasons = {
        "detectable_format:title": "JSON-only output has no place for a <<title>> line",
        "detectable_content:postscript": "JSON-only output has no place for a postscript",
        "detectable_format:multiple_sections": "JSON-only output has no 'SECTION X' headings",
        "detectable_format:number_bullet_lists": "JSON-only output has no markdown bullet lines",
        "combination:two_responses":
            "JSON-only output cannot be two responses separated by '******'",
        "startend:quotation":
            "JSON-only output cannot also be wrapped in double quotes (unless it is one JSON "
            "string)",
        "startend:end_checker": "JSON-only output ends with '}' or ']', not with a phrase",
        "combination:repeat_prompt": "a response that starts by repeating the request is not JSON",
        "length_constraints:number_paragraphs": "JSON-only output has no '***' paragraph dividers",
        "length_constraints:nth_paragraph_first_word":
            "JSON-only output has no blank-line paragraphs starting with a word",
    }

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        try:
            json.loads(strip_json_fence(response))
        except ValueError:
            return False
        return True

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.edits import spans_of
        from ..support.statements import edit_statements, statement
        found = [statement(prompt, match.start(), match.end(), ("json",), "mention")
                 for match in _JSON.finditer(prompt)]
        if edits:
            found += edit_statements(prompt, mentions=spans_of(r"\bJSON\b|markdown\s+ticks|```",
                                                               prompt))
        return found

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ..support.reflection import mention_needed
        return mention_needed(context, item, "JSON")

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.cues import matches
        return matches(_JSON_CUE, prompt)

    def satisfy(self, params: Any, draft: Draft) -> None:
        draft.json = True
