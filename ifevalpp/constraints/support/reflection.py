"""Small pieces the types' `contradictions` share.

Severity follows one rule (docs/validator.md): when the checker would reject a
response that follows the prompt (a different number, the opposite relation, a
value the prompt never asks for, a marker the prompt never shows) the finding
is an error; when the checker is only more lenient than the prompt, or the
prompt states the same thing in other terms, it is a warning.
"""

from __future__ import annotations

from typing import Iterable

from .case import CaseContext, Item, Problem
from .statements import Statement


def with_role(found: Iterable[Statement], role: str = "value") -> list[Statement]:
    """The statements of one role."""
    return [statement for statement in found if statement.role == role]


def mention_needed(context: CaseContext, item: Item, what: str) -> list[Problem]:
    """REFLECT_NOT_FOUND when the prompt says nothing of the instruction at all."""
    if context.statements(item):
        return []
    return [Problem("REFLECT_NOT_FOUND",
                    f"{item.instruction_id}: the prompt never asks for {what}")]
