"""detectable_format:* — bullets, highlights, sections, JSON, a title, a fixed answer phrase."""

from __future__ import annotations

import functools
import json
import re
from typing import Optional


from ..profiles import Profile
from .base import Constraint, Count, Params, StrippedText, register

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


ANSWER_OPTIONS: tuple[str, ...] = ("My answer is yes.", "My answer is no.", "My answer is maybe.")


@register
class ConstrainedResponse(Constraint):
    """One of the three fixed answer sentences appears anywhere (case-sensitive)."""

    id = "detectable_format:constrained_response"
    # The answer phrases are mixed case and matched case-sensitively.
    conflicts_with = frozenset({"change_case:english_capital", "change_case:english_lowercase"})

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        stripped = response.strip()
        return any(option in stripped for option in ANSWER_OPTIONS)


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


# Numerals the revised profile accepts after the splitter word.
_NUMERAL = (r"(?:\d+|[IVXLCDM]+\b|[ivxlcdm]+\b|[A-Z]\b|(?:one|two|three|four|five|six|seven|"
            r"eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|"
            r"eighteen|nineteen|twenty)\b)")


@functools.lru_cache(maxsize=256)
def section_pattern(splitter: str, profile: Profile) -> re.Pattern[str]:
    """Official: optional space, the word (case-sensitive, as a regex), optional space, digits.
    ifevalpp-paper: the word literally, then any run of non-space characters."""
    if profile == "official":
        return re.compile(r"\s?" + splitter + r"\s?\d+\s?")
    if profile == "ifevalpp-paper":
        return re.compile(r"\s?" + re.escape(splitter) + r"\s?\S+\s?")
    return re.compile(r"\s?" + re.escape(splitter) + r"\s?" + _NUMERAL + r"\s?")


class SectionsParams(Params):
    section_spliter: StrippedText
    num_sections: Count


@register
class MultipleSections(Constraint):
    """At least N section markers like 'SECTION 1' (the official rule wants digits)."""

    id = "detectable_format:multiple_sections"
    Params = SectionsParams
    # Every profile judges this type its own way (scoring under several profiles checks each).
    verdict_groups = {"official": "official", "revised": "revised",
                      "ifevalpp-paper": "ifevalpp-paper"}
    official_regex_fields = ("section_spliter",)
    conflicts_with = frozenset({"detectable_format:json_format"})

    def check(self, response: str, params: SectionsParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        pieces = section_pattern(params.section_spliter, profile).split(response)
        return len(pieces) - 1 >= params.num_sections


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


_TITLE = re.compile(r"<<[^\n]+>>")
# ifevalpp-paper: the inner text may not start with '<' and holds no '>' (a capture group).
_PAPER_TITLE = re.compile(r"<<([^<\n][^>\n]*)>>")


@register
class Title(Constraint):
    """Some `<<title>>` on one line whose inner text is not blank (ifevalpp-paper: the inner
    text matches `[^<\\n][^>\\n]*`)."""

    id = "detectable_format:title"
    verdict_groups = {"ifevalpp-paper": "ifevalpp-paper"}
    conflicts_with = frozenset({"detectable_format:json_format"})

    def check(self, response: str, params: object, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        if profile == "ifevalpp-paper":
            return any(inner.strip() for inner in _PAPER_TITLE.findall(response))
        return any(match.lstrip("<").rstrip(">").strip() for match in _TITLE.findall(response))
