"""The parsed view of one case that every check reads, and what a type reports about it.

`CaseContext` holds the prompt and the instructions whose parameters parsed
(`Item`s); types read it in `contradictions`, `parameter_conflict`,
`word_cap`/`words_needed` and `count_floor`. A type reports a `Problem` (a finding
code, a message, where); the validator turns it into a `Finding` of the case.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional, Union

from ...profiles import Profile
from ..registry import get
from .phrases import Span

if TYPE_CHECKING:
    from .statements import Statement


@dataclass(frozen=True)
class Item:
    """One instruction of the case whose parameters parsed."""

    position: int
    instruction_id: str
    params: Any  # the frozen Params model of `instruction_id`


@dataclass
class CaseContext:
    key: Optional[Union[int, str]]
    prompt: str
    items: list[Item]
    profile: Profile = "official"
    cache: dict[str, Any] = field(default_factory=dict)

    def of(self, instruction_id: str) -> list[Item]:
        return [item for item in self.items if item.instruction_id == instruction_id]

    def has(self, instruction_id: str) -> bool:
        return any(item.instruction_id == instruction_id for item in self.items)

    def statements(self, item: Item) -> list["Statement"]:
        """The item's statements in the prompt (its type's finder), read once per case."""
        cache_key = f"statements:{item.position}"
        if cache_key not in self.cache:
            self.cache[cache_key] = get(item.instruction_id).statements(self.prompt, item.params)
        return self.cache[cache_key]


@dataclass(frozen=True)
class Problem:
    """What a type found wrong with a case: a finding code (`ifevalpp.validate.CODES`), the
    message, and where the prompt says it."""

    code: str
    message: str
    span: Optional[Span] = None
    about: Optional[Item] = None
    """The instruction the finding is about when it is not the one that reported it."""
