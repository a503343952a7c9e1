"""Rephrasing cousins: same parameters, every located statement said another way.

Each constraint statement the prompt contains is dropped and rendered anew from
`templates/constraints/<id>.j2` in a random style; statements woven into the
task sentence are cut out when a clean cut exists; when not, the constraint is not
stated a second time: its statements stay as they were. A dropped sentence keeps what
it asks beyond its constraints ("Keep it breezy, and avoid commas" keeps "Keep it
breezy.").
The task's opening verb is varied with `templates/phrases/task.json`, and the
constraints are presented inline, as a requirements list, or before the task
(rephrasing 1, 2 and 3 start from those three presentations). For a
`combination:repeat_prompt` case the rebuilt request becomes `prompt_to_repeat`.
"""

from __future__ import annotations

from typing import Any, Sequence

from .compose import PRESENTATIONS, Composed, restructured
from .decompose import Layout


def rephrase(layout: Layout, rng: Any, index: int, attempt: int = 0,
             siblings: Sequence[str] = ()) -> Composed:
    """The `index`-th rephrasing (1-based); `attempt` > 0 rotates the presentation; the task
    is reworded away from `siblings` (the family's prompts so far, the original first)."""
    presentation = PRESENTATIONS[(index - 1 + attempt) % len(PRESENTATIONS)]
    return restructured(layout, rng, params=layout.params, presentation=presentation,
                        detail={"strategy": "rephrase"}, siblings=siblings)
