"""Counts a type bounds: which parameter holds the number, and the interval the checker accepts.

A type that counts something declares a `CountSpec` (`Constraint.count`); the
validator's count reflection, numeric conflicts and unsatisfiability checks,
the witness and the in-place value edits all read it through the type.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal, Optional

INF = math.inf  # (phrases.INF: the same float)

Interval = tuple[float, float]


@dataclass(frozen=True)
class CountSpec:
    """The count parameter of a type and how its checker compares it."""

    field: str
    """The Params field holding the number ("num_words")."""
    relation_field: Optional[str] = None
    """The Params field holding the relation when the stored relation decides ("relation")."""
    shape: Literal["relation", "exact", "at_least"] = "relation"
    """relation: the stored relation decides; exact: == N; at_least: >= N."""
    floor: int = 0
    """The fewest a non-empty response can have: a "0" lower bound means this."""
    numeric_conflicts: bool = True
    """Whether two instructions of the type are intersected for CONFLICT_NUMERIC."""


def interval(spec: CountSpec, params: Any, tolerance: int) -> Interval:
    """The counts the checker accepts for one instruction."""
    value = getattr(params, spec.field)
    if spec.shape == "exact":
        return (value, value)
    if spec.shape == "at_least":
        return (value, INF)
    relation = getattr(params, spec.relation_field or "")
    if relation == "less than":
        return (0, value - 1)
    if relation == "at most":
        return (0, value)
    if relation == "around":
        return (max(0, value - tolerance), value + tolerance)
    return (value, INF)


def wording(spec: CountSpec, params: Any) -> str:
    """The stored parameters as a message shows them ("relation = 'at least', num_words = 300")."""
    value = getattr(params, spec.field)
    if spec.shape in ("exact", "at_least"):
        return f"{spec.field} = {value}"
    return (f"{spec.relation_field} = '{getattr(params, spec.relation_field or '')}', "
            f"{spec.field} = {value}")


def intersect(intervals: list[Interval]) -> Interval:
    low = max((item[0] for item in intervals), default=0)
    high = min((item[1] for item in intervals), default=INF)
    return (low, high)
