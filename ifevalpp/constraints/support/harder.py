"""Harder settings for counted constraints: the IFEval++ reconfiguration direction.

IFEval++ reconfigures a case by making its constraints "more challenging …
increasingly difficult". For a count that means: more for "at least" (more words,
more highlights, more keyword repeats), fewer for "less than" and "at most"; an
"around" target has no direction. `harder_value` gives the i-th of n increasingly
hard values for one count — each a number a person would write (300, not 301),
within the range the checker and the task allow, each at least `MIN_STEP` (15%)
away from the original and `SIBLING_STEP` (10%) from the next easier one, and never an
absurd jump (at most `max_factor` times
harder than the original). Which range a type allows and
what a task can carry is the type's and the task's business; this module only
walks the ladder.
"""

from __future__ import annotations

import math
from typing import Optional, Sequence

HARDER_UP = frozenset({"at least"})
MIN_STEP = 0.15
SIBLING_STEP = 0.1
HARDER_DOWN = frozenset({"less than", "at most"})
# How far a last harder step may reach when the usual reach holds too few (read: at least 500
# words gave 600 and 700, and a third sibling found nothing harder: 1069).
WIDER_FACTOR = 2.0


def direction(relation: str) -> int:
    """+1 when a larger number is harder, -1 when a smaller one is, 0 when neither."""
    if relation in HARDER_UP:
        return 1
    if relation in HARDER_DOWN:
        return -1
    return 0


def nice(value: float) -> int:
    """The plausible number nearest `value`: exact below 20, then fives, tens, fifties…"""
    if value < 20:
        return max(0, int(round(value)))
    for limit, step in ((50, 5), (300, 10), (1000, 50), (3000, 100), (10_000, 500)):
        if value < limit:
            return int(round(value / step) * step)
    return int(round(value / 1000) * 1000)


def candidates(current: int, relation: str, *, floor: int, ceiling: int,
               ladder: Sequence[int] = (), max_factor: float = 3.0) -> list[int]:
    """Every plausible value strictly harder than `current`, easiest first."""
    step = direction(relation)
    if step == 0:
        return []
    if step > 0:
        top = min(ceiling, max(current + 3, math.floor(current * max_factor)))
        low, high = current + 1, top
    else:
        bottom = max(floor, min(current - 3, math.ceil(current / max_factor)))
        low, high = bottom, current - 1
    pool = {value for value in ladder if low <= value <= high}
    if high - low <= 12:
        pool.update(range(low, high + 1))
    else:
        reach = (high - current) if step > 0 else (current - low)
        for fraction in (0.1, 0.2, 0.35, 0.5, 0.7, 0.85, 1.0):
            pool.add(nice(current + step * fraction * reach))
    pool = {value for value in pool if floor <= value <= ceiling and low <= value <= high}
    # A step worth the name: at least MIN_STEP of the current value (250 -> 260 words is
    # not a harder request; 250 -> 300 is), and at least one.
    least = max(1, math.ceil(MIN_STEP * current))
    pool = {value for value in pool if abs(value - current) >= least}
    # Round numbers where there are enough of them: a person asks for 60 sentences or 30
    # times, not 59 or 29.
    def round_number(value: int) -> bool:
        return value < 20 or nice(value) == value

    rounded = {value for value in pool if round_number(value)}
    if len(rounded) < 3 and current >= 20:
        # Too few round numbers in reach (25 -> 30, 35): the next ones a little further out
        # (40), up to double or half the current value.
        further = (range(high + 1, min(ceiling, 2 * current) + 1) if step > 0
                   else range(low - 1, max(floor, math.ceil(current / 2)) - 1, -1))
        for value in further:
            if len(rounded) >= 3:
                break
            if round_number(value):
                rounded.add(value)
    if rounded:
        pool = rounded  # fewer steps then, and a sibling takes a new task instead
    # Each value a step worth the name beyond the one before, too: siblings ask for 20 and
    # 18 words, never 20 and 19 (a 5% step is the same request).
    ladder_values: list[int] = []
    for value in sorted(pool, reverse=step < 0):
        before = ladder_values[-1] if ladder_values else None
        if before is None or abs(value - before) >= max(1, math.ceil(SIBLING_STEP * before)):
            ladder_values.append(value)
    return ladder_values


def harder_value(current: int, relation: str, index: int, *, of: int = 3, floor: int = 0,
                 ceiling: int = 10**6, ladder: Sequence[int] = (),
                 max_factor: float = 3.0) -> Optional[int]:
    """The `index`-th (1-based) of `of` increasingly hard values, or None when nothing
    harder fits. With fewer candidates than `of` within `max_factor`, a later index reaches
    on to `WIDER_FACTOR` (500 words: 600, 700, then 800, not 700 again), and reuses the
    hardest when even that holds nothing further."""
    if not 1 <= index <= of:
        raise ValueError(f"index {index} is not within 1..{of}")
    options = candidates(current, relation, floor=floor, ceiling=ceiling, ladder=ladder,
                         max_factor=max_factor)
    if not options:
        return None
    if len(options) < index and max_factor < WIDER_FACTOR:
        further = _beyond(options[-1], current, relation, floor=floor, ceiling=ceiling,
                          ladder=ladder)
        if further:
            return further[min(index - len(options), len(further)) - 1]
    if len(options) <= of:
        return options[min(index, len(options)) - 1]
    # Spread over the easier two thirds of the range, so the hardest stays sensible.
    span = max(of, math.ceil(len(options) * 2 / 3))
    position = round((index - 1) * (span - 1) / (of - 1)) if of > 1 else 0
    return options[min(position, len(options) - 1)]


def _beyond(hardest: int, current: int, relation: str, *, floor: int, ceiling: int,
            ladder: Sequence[int]) -> list[int]:
    """Values within `WIDER_FACTOR` harder than `hardest`, each a step worth the name beyond
    the one before (as `candidates` spaces them)."""
    step = direction(relation)
    found: list[int] = []
    for value in candidates(current, relation, floor=floor, ceiling=ceiling, ladder=ladder,
                            max_factor=WIDER_FACTOR):
        before = found[-1] if found else hardest
        if (value - before) * step >= max(1, math.ceil(SIBLING_STEP * before)):
            found.append(value)
    return found
