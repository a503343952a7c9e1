"""The kinds of cousin, one home each, and the registry the family loop walks.

    rephrasing            kinds/rephrasing.py          the same request put another way
    distractor            kinds/distractor.py          the prompt kept whole, plus one thing that
                                                      competes: a format requirement
                                                      (kinds/format_distractor.py) or context
                                                      (kinds/context_distractor.py)
    reconfiguration       kinds/reconfiguration.py     harder settings, or a new task of our own

Each is a `CousinKind` (kinds/contract.py): what it proposes for a case and what it
promises about every cousin it makes. The registry is in family order (the order of
`schema.COUSIN_KINDS`); nothing outside this package names a kind.
"""

from __future__ import annotations

from ...errors import IfevalppError
from .contract import CousinKind
from .distractor import Distractor
from .reconfiguration import Reconfiguration
from .rephrasing import Rephrasing

REGISTRY: dict[str, CousinKind] = {kind.name: kind for kind in (Rephrasing(), Distractor(),
                                                                  Reconfiguration())}


def get(name: str) -> CousinKind:
    """The kind called `name` (a `Variant.kind`)."""
    try:
        return REGISTRY[name]
    except KeyError:
        raise IfevalppError(f"unknown kind {name!r}; choose from {', '.join(REGISTRY)}") from None


__all__ = ["REGISTRY", "CousinKind", "get"]
