"""Where candidates come from: a `CousinBackend`, and the template backend (the default).

Every candidate then passes the same filter in the family loop, whichever backend
proposed it; the model backend (generate/llm/) is a `CousinBackend` too.
"""

from __future__ import annotations

import dataclasses
from typing import Callable, Optional

from . import kinds
from .records import Candidate, CousinRequest


@dataclasses.dataclass(frozen=True)
class CousinBackend:
    """Where candidates come from; every candidate then passes the same filter."""

    name: str
    propose: Callable[[CousinRequest], Candidate]
    version: Optional[str] = None             # default: versions.generator_version()
    workers: int = 1                          # cases generated at once (threads)
    abort: Optional[Callable[[], None]] = None  # called when a threaded run stops early


def template_propose(request: CousinRequest) -> Candidate:
    """The offline generators: the kind's own proposal (generate/kinds/)."""
    return kinds.get(request.kind).propose(request)


TEMPLATE_BACKEND = CousinBackend("template", template_propose)
