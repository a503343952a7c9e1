"""Which context distractors a type refuses: the `interferes` lists of templates/distractors/.

Every sentence of context a distractor may add (`templates/distractors/<sort>.json`)
names the instruction types it could make harder or impossible — an id, or a group
("length_constraints") — and is never used beside them. The table is kept with the
sentences, where its writer sees them; the type answers from it
(`Constraint.interfering_distractors`), and the contract test checks every name in it.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import NamedTuple

from .wording import templates_dir


class Declared(NamedTuple):
    """One name in an `interferes` list: which file and sentence declare it."""

    path: str          # relative to the template directory
    distractor: str    # the sentence's id
    name: str          # an instruction id or a group


@functools.lru_cache(maxsize=4)
def _declared(root: str) -> tuple[Declared, ...]:
    import json

    found = []
    for path in sorted((Path(root) / "distractors").glob("*.json")):
        relative = path.relative_to(root).as_posix()
        for entry in json.loads(path.read_text(encoding="utf-8")):
            found += [Declared(relative, entry["id"], name) for name in entry.get("interferes", ())]
    return tuple(found)


def declared() -> tuple[Declared, ...]:
    """Every name every `interferes` list declares, in file order."""
    return _declared(str(templates_dir()))


def names_type(name: str, instruction_id: str) -> bool:
    """Whether an `interferes` name covers the type: its id, or its group."""
    return (instruction_id == name or instruction_id.startswith(name + ":")
            or instruction_id.split(":")[0] == name)


@functools.lru_cache(maxsize=512)
def interfering(instruction_id: str) -> frozenset[str]:
    """The ids of the context sentences that declare they interfere with the type."""
    return frozenset(item.distractor for item in declared()
                     if names_type(item.name, instruction_id))
