"""How varied the sentences a family file adds are: the manifest's diversity figures.

A template generator is easy to spot by what it repeats. For each cousin kind
this measures the sentences cousins *add* (sentences of a cousin that are not in
its own case's original, after normalising numbers and quoted strings, which
differ between cases by design):

* `distinct_4grams` — distinct word 4-grams over all word 4-grams on a seeded
  sample of 1,000 added sentences (distinct-n grows as a sample shrinks, so the
  figure is always taken on the same sample size);
* `top9_share` — the share of added-sentence uses taken by the nine most used;
* `most_reused` and `most_reused_count` — the single most used added sentence.

The same definitions as the project's family-measuring script, so the figures in
a manifest and in a review agree.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Iterable, Mapping, Sequence

from pydantic import BaseModel

from .sentences import AT_EVERY_STOP
from .sentences import sentences as split_sentences

SAMPLE_SIZE = 1000
_NUMBER = re.compile(r"\d+")
_QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'|<<[^>]*>>|\*[^*]*\*")
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")


class KindDiversity(BaseModel):
    """Diversity figures of one cousin kind (see the module docstring)."""

    added_sentences: int
    distinct_added_sentences: int
    distinct_4grams: float
    top9_share: float
    most_reused: str
    most_reused_count: int


def sentences(text: str) -> list[str]:
    """The sentences of `text`, cut at every stop and line break (generate/sentences.py)."""
    return split_sentences(text, **AT_EVERY_STOP)


def normalise(sentence: str) -> str:
    """Quoted strings and numbers replaced, lower case, single spaces."""
    text = _NUMBER.sub(" N ", _QUOTED.sub(" Q ", sentence))
    return " ".join(text.lower().split())


def added_sentences(prompt: str, original: str) -> list[str]:
    own = {normalise(sentence) for sentence in sentences(original)}
    return [sentence for sentence in sentences(prompt) if normalise(sentence) not in own]


def distinct_4grams(texts: Sequence[str], *, sample: int = SAMPLE_SIZE, seed: int = 0) -> float:
    """Distinct word 4-grams / all word 4-grams on a seeded sample of `sample` texts."""
    pool = list(texts)
    if len(pool) > sample:
        pool = random.Random(seed).sample(pool, sample)
    grams: Counter = Counter()
    for text in pool:
        words = _WORD.findall(normalise(text))
        grams.update(tuple(words[i:i + 4]) for i in range(len(words) - 3))
    total = sum(grams.values())
    return round(len(grams) / total, 3) if total else 0.0


def kind_diversity(prompts: Iterable[tuple[str, str]]) -> KindDiversity:
    """Figures for (cousin prompt, its original prompt) pairs of one kind."""
    added: list[str] = []
    uses: Counter = Counter()
    shown: dict[str, str] = {}
    for prompt, original in prompts:
        for sentence in added_sentences(prompt, original):
            added.append(sentence)
            key = normalise(sentence)
            uses[key] += 1
            shown.setdefault(key, sentence)
    total = sum(uses.values())
    top = uses.most_common(9)
    most, count = uses.most_common(1)[0] if uses else ("", 0)
    return KindDiversity(added_sentences=total, distinct_added_sentences=len(uses),
                         distinct_4grams=distinct_4grams(added),
                         top9_share=round(sum(c for _, c in top) / total, 3) if total else 0.0,
                         most_reused=shown.get(most, ""), most_reused_count=count)


def family_diversity(variants: Iterable[object], originals: Mapping[str, str]
                     ) -> dict[str, KindDiversity]:
    """Per cousin kind, for variants with `.case`, `.kind` and `.prompt` (originals skipped);
    `originals` maps str(case) to the original prompt."""
    by_kind: dict[str, list[tuple[str, str]]] = {}
    for variant in variants:
        kind = getattr(variant, "kind")
        if kind == "original":
            continue
        original = originals.get(str(getattr(variant, "case")), "")
        by_kind.setdefault(kind, []).append((getattr(variant, "prompt"), original))
    return {kind: kind_diversity(pairs) for kind, pairs in sorted(by_kind.items())}


def summary_line(figures: Mapping[str, KindDiversity]) -> str:
    """One line for the CLI: 'diversity: rephrasing d4 0.71 top9 0.02 max 12 · …'."""
    parts = [f"{kind} d4 {fig.distinct_4grams:.2f} top9 {fig.top9_share:.3f} "
             f"max {fig.most_reused_count}" for kind, fig in figures.items()]
    return "diversity: " + " · ".join(parts)
