"""The generators' quick feasibility sketch of a set of constraints.

Before a reconfigured cousin is written, `ifevalpp.generate.satisfiable.compatible`
asks every type for the text a passing response must contain
(`Constraint.sketch_texts`) and then lets each narrow a rough word and sentence
range or name a clash (`Constraint.sketch`). It is deliberately rough and cheap;
the validator, which runs on every cousin, is the real judge.
"""

from __future__ import annotations

from dataclasses import dataclass, field

UNBOUNDED = 10 ** 6


@dataclass
class Sketch:
    """Rough bounds of a response that satisfies every instruction seen so far."""

    texts: list[str]
    """Text a passing response has to contain, from every instruction."""
    ids: frozenset[str] = field(default_factory=frozenset)
    """The instruction ids of the set."""
    min_words: int = 1
    max_words: int = UNBOUNDED
    min_sentences: int = 1
    max_sentences: int = UNBOUNDED

    @property
    def required_lower(self) -> str:
        return " ".join(self.texts).lower()


def bound(relation: str, value: int, tolerance: int) -> tuple[int, int]:
    """The rough range of counts a relation allows ('around' within `tolerance`)."""
    if relation == "at least":
        return value, UNBOUNDED
    if relation == "less than":
        return 0, value - 1
    if relation == "at most":
        return 0, value
    return max(0, value - tolerance), value + tolerance
