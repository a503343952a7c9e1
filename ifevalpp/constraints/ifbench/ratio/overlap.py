"""ratio:overlap — the share of the response's distinct trigrams that occur in reference_text
lies within percentage ± 2 (a response without a trigram fails).

IFBench's trigrams are of characters (it hands the raw string to `nltk.ngrams`); `revised`
takes trigrams of NLTK 3.9.2 word tokens, as IFBench's PR #34 does."""

from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, Number, Params, Text, register
from .._reading import per_text, word_tokens


class OverlapParams(Params):
    reference_text: Text
    percentage: Number


@per_text()
def character_trigrams(value: str) -> frozenset[tuple[str, ...]]:
    return frozenset(zip(value, value[1:], value[2:]))


@per_text()
def word_trigrams(value: str) -> frozenset[tuple[str, ...]]:
    tokens = word_tokens(value)
    return frozenset(tuple(tokens[start:start + 3]) for start in range(len(tokens) - 2))


# Trigram counts of the last two texts counted in full, newest first. The loose variants of a
# response are mostly substrings of it (or of it without asterisks): a first or last line
# dropped, stripped. A substring's trigrams are the counted text's less those starting in the
# cut-off ends, so a variant costs what it drops rather than its whole length.
_counted: list[tuple[str, Counter]] = []


def _count(value: str) -> Counter:
    global _counted
    counts = Counter(zip(value, value[1:], value[2:]))
    _counted = [(value, counts), *_counted[:1]]
    return counts


@per_text()
def character_overlap(value: str, reference: str) -> tuple[int, int]:
    """(distinct character trigrams of `value`, how many of them are trigrams of `reference`)."""
    wanted = character_trigrams(reference)
    for text, counts in _counted:
        start = text.find(value) if len(value) < len(text) else -1
        if start == -1:
            continue
        end, last = start + len(value), len(text) - 2
        cut = chain(range(0, min(start, last)), range(max(start, end - 2), last))
        dropped = Counter((text[at], text[at + 1], text[at + 2]) for at in cut)
        gone = [trigram for trigram, times in dropped.items() if counts[trigram] == times]
        return (len(counts) - len(gone),
                sum(map(counts.__contains__, wanted)) - sum(map(wanted.__contains__, gone)))
    counts = _count(value)
    return len(counts), sum(map(counts.__contains__, wanted))


@register
class Overlap(IfbenchConstraint):
    id = "ratio:overlap"
    Params = OverlapParams
    verdict_groups = {"revised": "revised"}
    wording = r"maintain a trigram overlap of (?P<percentage>\d+(?:\.\d+)?)\s*%"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        if profile == "revised":
            own = word_trigrams(response)
            distinct, shared = len(own), len(own & word_trigrams(params.reference_text))
        else:
            distinct, shared = character_overlap(response, params.reference_text)
        if not distinct:
            return False
        overlap = shared / distinct
        return params.percentage - 2 <= overlap * 100 <= params.percentage + 2

    def literals(self, params: Any) -> list[str]:
        return []

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        # The reference's opening (every trigram shared) padded with CJK characters (none
        # shared), the padding grown until the checker's own verdict is a pass.
        opening = params.reference_text[:200]
        for padding in range(0, 400):
            text = opening + "".join(chr(0x4E00 + step) for step in range(padding))
            if self.check(text, params, profile="ifbench"):
                return text
        return None
