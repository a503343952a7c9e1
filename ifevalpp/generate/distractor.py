"""Distractor cousins: the original prompt plus one compatible distractor, parameters unchanged.

Distractors live in `templates/distractors/*.json` (irrelevant context, persona,
audience, purpose, an unchecked style request). Each declares the instruction
types it could interfere with and is never used with those. It is inserted
before the prompt, after it, or inside the task (after a task sentence) — and,
for a `combination:repeat_prompt` case, always outside the text to repeat and
on the far side of the instruction, so `prompt_to_repeat` stays exact.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Sequence

from .compose import ComposeError, Composed, dump
from .decompose import Layout
from .distance import tokens
from ..constraints.support.choosing import choice
from ..constraints.support.wording import load_json, templates_dir

KINDS: tuple[str, ...] = ("context", "persona", "audience", "purpose", "style")


@dataclass(frozen=True)
class Distractor:
    id: str
    kind: str
    text: str
    interferes: tuple[str, ...]
    positions: tuple[str, ...]

    def compatible_with(self, instruction_ids: Sequence[str]) -> bool:
        return not any(instruction_id == item or instruction_id.startswith(item + ":")
                       or instruction_id.split(":")[0] == item
                       for instruction_id in instruction_ids for item in self.interferes)


@functools.lru_cache(maxsize=4)
def _load(root: str) -> tuple[Distractor, ...]:
    items = []
    for kind in KINDS:
        for entry in load_json(f"distractors/{kind}.json"):
            items.append(Distractor(entry["id"], kind, entry["text"],
                                    tuple(entry.get("interferes", ())),
                                    tuple(entry.get("positions", ("after",)))))
    return tuple(items)


def distractors() -> tuple[Distractor, ...]:
    """Every distractor under `templates/distractors/`, in file order."""
    return _load(str(Path(templates_dir())))


def add_distractor(layout: Layout, rng: Any, index: int, attempt: int = 0) -> Composed:
    prompt = layout.prompt
    pool = [item for item in distractors() if item.compatible_with(layout.ids)]
    if not pool:
        raise ComposeError("no distractor is compatible with these instruction types")
    # Rotate kinds over the three cousins so siblings differ in kind.
    kinds = [kind for kind in KINDS if any(item.kind == kind for item in pool)]
    kind = kinds[(index - 1 + attempt * 2 + int(choice(rng, range(len(kinds))))) % len(kinds)]
    candidates = [item for item in pool if item.kind == kind]
    # Long prompts need a longer insertion to read as a different prompt (the family keeps
    # cousins at a normalised token edit distance of at least 0.15 from each other).
    needed = 0.2 * len(tokens(prompt))
    long_enough = [item for item in candidates if len(tokens(item.text)) >= needed]
    if not long_enough:
        long_enough = [item for item in pool if len(tokens(item.text)) >= needed]
    if long_enough:
        candidates = long_enough
    else:
        longest = max(len(tokens(item.text)) for item in pool)
        candidates = [item for item in pool if len(tokens(item.text)) >= 0.8 * longest]
    picked = choice(rng, candidates)
    positions = list(picked.positions)
    if layout.repeat is not None:
        allowed = "after" if layout.repeat.where == "above" else "before"
        positions = [allowed]
    elif not any(not unit.pure for unit in layout.units[:-1]):
        positions = [item for item in positions if item != "inside"] or ["after", "before"]
    position = choice(rng, positions)
    text = picked.text
    if position == "before":
        joiner = "\n\n" if "\n" in prompt or len(text) > 160 else " "
        new_prompt = text + joiner + prompt
    elif position == "after":
        # After an unpunctuated ending ("... starting with P.P.S") a space would glue the
        # distractor onto the last instruction.
        ends_cleanly = prompt.rstrip()[-1:] in ".!?\"”)"
        joiner = "\n\n" if "\n" in prompt or len(text) > 160 or not ends_cleanly else " "
        new_prompt = prompt.rstrip() + joiner + text
    else:
        task_units = [unit for unit in layout.units[:-1] if not unit.pure]
        unit = choice(rng, task_units[:2])
        end = unit.end
        new_prompt = prompt[:end] + " " + text + prompt[end:]
    kwargs = [dict(item) for item in layout.kwargs]
    return Composed(new_prompt, kwargs, {"distractor": picked.id, "distractor_kind": picked.kind,
                                         "position": position})


def original_kwargs(layout: Layout) -> list[dict[str, Any]]:
    return [dump(item) for item in layout.params]
