"""Choosing wordings so that no surface form dominates a run.

A `Sampler` draws from a `random.Random` (nothing global) and keeps a `Usage`:
how often each alternative and each finished text has been taken. At every
choice point the options used least so far are strongly preferred (weight
`1 / (1 + uses - fewest) ** spread`), and of a few candidate wordings the one
whose text was used least is kept. The same seed and the same sequence of calls
give the same wordings.
"""

from __future__ import annotations

import collections
import random
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from .grammar import Grammar, Rendered


@dataclass
class Usage:
    """Counts shared by every sampler of one run (pass the same object to each)."""

    choices: collections.Counter = field(default_factory=collections.Counter)
    texts: collections.Counter = field(default_factory=collections.Counter)

    def record(self, rendered: Rendered) -> None:
        self.choices.update(rendered.choices)
        self.texts[rendered.text] += 1


class Sampler:
    """Rarity-aware wording choice; `tries` candidates per call, `spread` how hard rarity pulls."""

    def __init__(self, rng: random.Random, usage: Usage | None = None, *, tries: int = 4,
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
        for _ in range(self.tries):
            candidate = grammar.sample(rule, params, self.choose, sentence=sentence)
            if best is None or self.usage.texts[candidate.text] < self.usage.texts[best.text]:
                best = candidate
            if self.usage.texts[best.text] == 0:
                break
        assert best is not None
        if record:
            self.usage.record(best)
        return best
