"""What one attempt asks a model for (`ModelPlan`), and what it is told of earlier siblings.

The kind chooses the plan (`CousinKind.model_plan`, generate/kinds/): the hint rotates
with the attempt, so a re-ask is a different request, and the plan's typed detail is
what the cousin's record will say.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional

from ..records import Detail

if TYPE_CHECKING:
    from .checks import DistractorOptions


@dataclass(frozen=True)
class Sibling:
    """A cousin of the same kind kept earlier in this family, as the backend proposed it."""

    index: int
    kwargs: tuple[dict[str, Any], ...]
    params: tuple[Any, ...]
    requirement: Optional[str] = None


@dataclass(frozen=True)
class ModelPlan:
    """The kind-specific choice for one attempt: the prompt (`templates/llm/<kind>.j2`), the
    hint it carries, and the detail the cousin's record starts from."""

    kind: str
    hint: str
    detail: Detail
    options: Optional[DistractorOptions] = None
    siblings: tuple[Sibling, ...] = ()
    mode: str = "harder"
