"""The parsed view of one case that every check reads: its prompt and its valid instructions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Union

from ..profiles import Profile
from ..constraints.support.phrases import INF


@dataclass(frozen=True)
class Item:
    """One instruction of the case whose parameters parsed."""

    position: int
    instruction_id: str
    params: Any  # the frozen Params model of `instruction_id`


@dataclass
class CaseContext:
    key: Optional[Union[int, str]]
    prompt: str
    items: list[Item]
    profile: Profile = "official"
    cache: dict[str, Any] = field(default_factory=dict)

    def of(self, instruction_id: str) -> list[Item]:
        return [item for item in self.items if item.instruction_id == instruction_id]

    def has(self, instruction_id: str) -> bool:
        return any(item.instruction_id == instruction_id for item in self.items)


# ----------------------------------------------------------------------------- count parameters

# instruction id -> (count field, relation field or None, checker shape)
#   relation: the stored relation decides the interval; exact: == N; at_least: >= N
COUNT_FIELDS: dict[str, tuple[str, Optional[str], str]] = {
    "length_constraints:number_words": ("num_words", "relation", "relation"),
    "length_constraints:number_sentences": ("num_sentences", "relation", "relation"),
    "keywords:frequency": ("frequency", "relation", "relation"),
    "keywords:letter_frequency": ("let_frequency", "let_relation", "relation"),
    "change_case:capital_word_frequency": ("capital_frequency", "capital_relation", "relation"),
    "length_constraints:number_paragraphs": ("num_paragraphs", None, "exact"),
    "detectable_format:number_bullet_lists": ("num_bullets", None, "exact"),
    "length_constraints:nth_paragraph_first_word": ("num_paragraphs", None, "exact"),
    "detectable_format:number_highlighted_sections": ("num_highlights", None, "at_least"),
    "detectable_content:number_placeholders": ("num_placeholders", None, "at_least"),
    "detectable_format:multiple_sections": ("num_sections", None, "at_least"),
}

# The fewest a non-empty response can have: a checker's "0" lower bound means this.
COUNT_FLOOR: dict[str, int] = {
    "length_constraints:number_words": 1,
    "length_constraints:number_sentences": 1,
    "length_constraints:number_paragraphs": 1,
    "length_constraints:nth_paragraph_first_word": 1,
}

TOLERANCE: dict[str, int] = {
    "length_constraints:number_words": 25, "length_constraints:number_sentences": 2,
    "keywords:frequency": 5, "keywords:letter_frequency": 5,
    "change_case:capital_word_frequency": 5,
}


def stored_interval(item: Item) -> tuple[float, float]:
    """The counts the checker accepts for this one instruction."""
    count_field, relation_field, shape = COUNT_FIELDS[item.instruction_id]
    value = getattr(item.params, count_field)
    if shape == "exact":
        return (value, value)
    if shape == "at_least":
        return (value, INF)
    relation = getattr(item.params, relation_field)
    if relation == "less than":
        return (0, value - 1)
    if relation == "at most":
        return (0, value)
    if relation == "around":
        tolerance = TOLERANCE.get(item.instruction_id, 0)
        return (max(0, value - tolerance), value + tolerance)
    return (value, INF)


def stored_wording(item: Item) -> str:
    count_field, relation_field, shape = COUNT_FIELDS[item.instruction_id]
    value = getattr(item.params, count_field)
    if shape in ("exact", "at_least"):
        return f"{count_field} = {value}"
    return f"{relation_field} = '{getattr(item.params, relation_field)}', {count_field} = {value}"


def subject(item: Item) -> str:
    """What a count is of, for grouping ('' when the type counts one thing)."""
    if item.instruction_id == "keywords:frequency":
        return item.params.keyword.lower()
    if item.instruction_id == "keywords:letter_frequency":
        return item.params.letter
    return ""


def intersect(intervals: list[tuple[float, float]]) -> tuple[float, float]:
    low = max((interval[0] for interval in intervals), default=0)
    high = min((interval[1] for interval in intervals), default=INF)
    return (low, high)
