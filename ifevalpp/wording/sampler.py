"""Choosing wordings so that no surface form dominates a run.

A `Sampler` draws from a `random.Random` (nothing global) and keeps a `Usage`:
how often each alternative, each finished text and each run of four words has
been taken. At every choice point the options used least so far are strongly
preferred (weight `1 / (1 + uses - fewest) ** spread`), and of a few candidate
wordings the one whose text, then whose four-word runs, were used least is kept:
a reader spots a template by its repeated stretches of words, not only by whole
repeated sentences. The same seed and the same sequence of calls give the same
wordings.
"""

from __future__ import annotations

import collections
import random
import re
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from .grammar import Grammar, Rendered


@dataclass
class Usage:
    """Counts shared by every sampler of one run (pass the same object to each)."""

    choices: collections.Counter = field(default_factory=collections.Counter)
    texts: collections.Counter = field(default_factory=collections.Counter)
    grams: collections.Counter = field(default_factory=collections.Counter)
    # Framing words the prompt's sentences already open with (set by the caller; the
    # generators' `render` keeps a second sentence from opening the same way).
    taken: tuple[str, ...] = ()

    def record(self, rendered: Rendered) -> None:
        self.choices.update(rendered.choices)
        self.texts[rendered.text] += 1
        self.grams.update(four_grams(rendered.text))

    def staleness(self, text: str) -> tuple[int, float]:
        """How used a text already is: (uses of the text, mean uses of its four-word runs)."""
        grams = four_grams(text)
        mean = sum(self.grams[g] for g in grams) / len(grams) if grams else 0.0
        return self.texts[text], mean


_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
_QUOTED_VALUE = re.compile(r'"[^"\n]*"|“[^”\n]*”|<<[^>\n]*>>|\*[^*\n]+\*|\[[^\]\n]*\]')
def four_grams(text: str) -> list[tuple[str, ...]]:
    words = _WORD.findall(text.lower())
    return [tuple(words[i:i + 4]) for i in range(len(words) - 3)]


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            word = word[:-len(suffix)]
            break
    return word[:5]


# Words that may come twice in a sentence without anyone noticing.
_FREE_STEMS = frozenset(_stem(word) for word in (
    "your", "that", "with", "this", "from", "have", "what", "which", "there", "their", "them",
    "they", "will", "would", "could", "should", "about", "every", "each", "least", "these",
    "those", "than", "into", "only", "when", "then", "more", "fewer", "times", "follow", "word",
    "words", "sure", "like", "also", "some", "other", "just", "been", "were", "here", "make"))


def repeated_stem(text: str) -> str | None:
    """A content word said twice in one sentence ("As you work, work in …", "the finished
    version to finish with …"), outside quoted values; None when there is none."""
    for sentence in re.split(r"(?<=[.!?])\s+|\n+", _QUOTED_VALUE.sub(" ", text.lower())):
        seen: set[str] = set()
        for word in _WORD.findall(sentence):
            if len(word) < 4 or "'" in word:
                continue
            stem = _stem(word)
            if stem in _FREE_STEMS:
                continue
            if stem in seen:
                return word
            seen.add(stem)
    return None


class Sampler:
    """Rarity-aware wording choice; `tries` candidates per call, `spread` how hard rarity pulls."""

    def __init__(self, rng: random.Random, usage: Usage | None = None, *, tries: int = 6,
                 spread: float = 2.0):
        if not isinstance(rng, random.Random):
            raise TypeError("Sampler needs a random.Random (seeded by the caller)")
        self.rng = rng
        self.usage = usage if usage is not None else Usage()
        self.tries = tries
        self.spread = spread

    def choose(self, keys: Sequence[str]) -> int:
        if len(keys) == 1:
            return 0
        uses = [self.usage.choices[key] for key in keys]
        fewest = min(uses)
        weights = [1.0 / (1 + count - fewest) ** self.spread for count in uses]
        point = self.rng.random() * sum(weights)
        for index, weight in enumerate(weights):
            point -= weight
            if point < 0:
                return index
        return len(keys) - 1

    def render(self, grammar: Grammar, rule: str, params: Mapping[str, Any], *,
               sentence: bool = True, record: bool = True) -> Rendered:
        """One wording of `rule`, the least used text among `tries` candidates; counted in
        `usage` unless `record` is false (then call `usage.record` for the one you keep)."""
        best: Rendered | None = None
        best_score: tuple[bool, int, float] = (False, 0, 0.0)
        for _ in range(self.tries):
            candidate = grammar.sample(rule, params, self.choose, sentence=sentence)
            # A wording that says a word twice ("As you work, work in …") loses to any other.
            score = (repeated_stem(candidate.text) is not None,
                     *self.usage.staleness(candidate.text))
            if best is None or score < best_score:
                best, best_score = candidate, score
            if best_score == (False, 0, 0.0):
                break
        assert best is not None
        if record:
            self.usage.record(best)
        return best
