"""Normalised edit distance between prompts, fast enough to compare every pair of a family.

Prompts are compared as sequences of tokens (words and single punctuation
marks). The distance itself is rapidfuzz's (compiled, exact): generation compares
every candidate with its family, and the rules compare whole prompts character by
character. `levenshtein_reference` is the plain dynamic programme the tests check
it against.
"""

from __future__ import annotations

import functools
import re
from typing import Hashable, Sequence

from rapidfuzz.distance import Levenshtein

_TOKEN = re.compile(r"\w+|[^\w\s]")


@functools.lru_cache(maxsize=8192)
def tokens(text: str) -> tuple[str, ...]:
    return tuple(_TOKEN.findall(text))


def levenshtein(a: Sequence[Hashable], b: Sequence[Hashable]) -> int:
    """Edit distance (insert, delete, substitute; unit costs) between two sequences (strings
    or token tuples)."""
    return int(Levenshtein.distance(a, b))


def levenshtein_reference(a: Sequence[Hashable], b: Sequence[Hashable]) -> int:
    """The textbook O(len(a)·len(b)) dynamic programme (for tests)."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, y in enumerate(b, start=1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1,
                             previous[j - 1] + (0 if x == y else 1))
        previous = current
    return previous[-1]


def normalized_distance(first: str, second: str) -> float:
    """Token edit distance divided by the longer token count (0 = same, 1 = nothing shared)."""
    a, b = tokens(first), tokens(second)
    longest = max(len(a), len(b))
    if longest == 0:
        return 0.0
    return levenshtein(a, b) / longest


PASSAGE_TOKENS = 40


def passages(original: str) -> tuple[str, ...]:
    """The passages an original quotes for the task to work on (a text to summarise, a letter
    to rewrite): every line after the first with at least `PASSAGE_TOKENS` tokens. Cousins
    must keep them word for word, so they are not what makes two prompts differ."""
    lines = [line.strip() for line in original.split("\n")]
    first = next((i for i, line in enumerate(lines) if line), 0)
    found = {line for line in lines[first + 1:] if len(tokens(line)) >= PASSAGE_TOKENS}
    return tuple(sorted(found, key=len, reverse=True))


def _collapsed(text: str, kept: Sequence[str]) -> str:
    for number, passage in enumerate(kept):
        if passage in text:
            text = text.replace(passage, f" passage{number}kept ")
    return text


def far_enough(candidate: str, others: Sequence[str], threshold: float,
               kept: Sequence[str] = ()) -> tuple[bool, float]:
    """Whether `candidate` is at least `threshold` from every prompt in `others`; and the
    smallest distance seen. Each passage of `kept` (see `passages`) counts as one token, so
    a prompt that quotes a long text is judged by what is said around it."""
    if kept:
        candidate = _collapsed(candidate, kept)
        others = [_collapsed(other, kept) for other in others]
    smallest = 1.0
    for other in others:
        a, b = tokens(candidate), tokens(other)
        longest = max(len(a), len(b)) or 1
        if abs(len(a) - len(b)) / longest >= threshold:
            smallest = min(smallest, abs(len(a) - len(b)) / longest)
            continue  # the length difference alone guarantees the distance
        distance = levenshtein(a, b) / longest
        smallest = min(smallest, distance)
        if distance < threshold:
            return False, distance
    return True, smallest
