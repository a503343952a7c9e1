"""Reword a task sentence the way different people would ask for the same thing.

    reword_task(task, literals, rng, …) -> (new task, what was done)

the one entry point: a deep rewrite when the sentence has a shape we recognise
(`rewrites`: request, question and statement of need turned into each other, the
topic or the audience moved, a context clause moved, a sentence split or two joined,
synonyms), else the opening verb swapped or wrapped (`opener.vary_task`). What a
checker reads is never touched: the `literals` of the case's instructions, quoted
strings, URLs, numbers, markup and names are masked first and put back byte for byte.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from .engine import Rewrite, rewrite, rewrites, shallow
from .request import last_sentence_asks
from .opener import vary_task


def protected_spans(task: str, literals: Sequence[str]) -> list[tuple[int, int]]:
    """Spans of the task a checker reads: every literal of every instruction (keywords, end
    phrases, markers, the text to repeat…), wherever it occurs in the task."""
    spans = []
    lowered = task.lower()
    for literal in literals:
        literal = literal.strip()
        if not literal:
            continue
        # A word is kept where it stands as a word: the letter of a letter count ("o") is
        # no reason to freeze every word that holds it ("Can you create …" read as masked).
        pattern = ((r"(?<!\w)" if literal[0].isalnum() else "") + re.escape(literal.lower())
                   + (r"(?!\w)" if literal[-1].isalnum() else ""))
        for match in re.finditer(pattern, lowered):
            spans.append((match.start(), match.end()))
    return spans


def reword_task(task: str, literals: Sequence[str], rng: Any, *,
                siblings: Sequence[str] = (), frames: Sequence[str] = (),
                elsewhere: str = "", wide: str = "") -> tuple[str, str]:
    """The task said another way (frame, topic, audience, context, split or join, synonyms),
    keeping every literal a checker reads, away from `siblings` (prompts of the family so
    far) and off the sentence openings in `frames` (the rest of the prompt's), never naming
    by a synonym a noun `elsewhere` (the rest of the prompt) says; the
    verb-table rewording when the sentence has a shape the rewriter does not vouch for.
    `wide`: see `rewrite`."""
    found = rewrite(task, protected_spans(task, literals), rng, siblings=siblings, frames=frames,
                    elsewhere=elsewhere, wide=wide)
    if found is not None:
        return found.text, "rewrite:" + "+".join(found.operations)
    return vary_task(task, rng)


__all__ = ["Rewrite", "last_sentence_asks", "protected_spans", "reword_task", "rewrite",
           "rewrites", "shallow", "vary_task"]
