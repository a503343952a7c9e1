"""Seeded choices for `reconfigure`: rng adapters, relations per profile, the word lists.

`rng` is a `random.Random` (every generator seeds one per cousin); nothing here touches
global random state. Words, letters, languages, markers, section words, end phrases and
first words come from `templates/phrases/words.json`.
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from ...profiles import Profile
from .wording import load_json

OFFICIAL_RELATIONS = ("less than", "at least")
REVISED_RELATIONS = ("less than", "at least", "at most", "around")


def _index(rng: random.Random, size: int) -> int:
    return rng.randrange(size)


def seeded_random(rng: Any) -> random.Random:
    """`rng` itself, checked: a seeded `random.Random`, never the global state."""
    if not isinstance(rng, random.Random):
        raise TypeError(f"expected a seeded random.Random, got {type(rng).__name__}")
    return rng


def index(rng: Any, size: int) -> int:
    """A uniform index below `size`."""
    return _index(rng, size)


def choice(rng: Any, items: Sequence[Any]) -> Any:
    if not items:
        raise ValueError("nothing to choose from")
    return items[_index(rng, len(items))]


def chance(rng: random.Random, probability: float) -> bool:
    return rng.random() < probability


def sample(rng: Any, items: Sequence[Any], count: int) -> list[Any]:
    pool = list(items)
    picked = []
    for _ in range(min(count, len(pool))):
        picked.append(pool.pop(_index(rng, len(pool))))
    return picked


def pick_other(rng: Any, options: Sequence[Any], current: Any) -> Any:
    """One of `options` other than `current`."""
    return choice(rng, [item for item in options if item != current])


def words() -> dict[str, Any]:
    """The word lists of `templates/phrases/words.json`."""
    return load_json("phrases/words.json")


def relations(profile: Profile) -> tuple[str, ...]:
    """The relations the profile's checkers accept."""
    return REVISED_RELATIONS if profile == "revised" else OFFICIAL_RELATIONS


def relation_and_value(rng: Any, relation: str, value: int, table: Mapping[str, Sequence[int]],
                       profile: Profile) -> tuple[str, int]:
    """Maybe another relation, and a plausible value for it from `table` (relation -> values)."""
    allowed = relations(profile)
    new_relation = relation
    if chance(rng, 0.4) or relation not in allowed:
        new_relation = choice(rng, [item for item in allowed if item != relation] or list(allowed))
    options = [item for item in table[new_relation] if (new_relation, item) != (relation, value)]
    # Prefer a value of the same order of magnitude, so "a short poem" does not get 800 words.
    if new_relation == relation and value:
        close = [item for item in options if value / 3 <= item <= value * 3]
        options = close or options
    return new_relation, choice(rng, options)
