"""The registry every stage asks: the types by id (IFEval's and plug-ins'), the suites of other
benchmarks, loaded on first use, and the cache of parsed parameters per type."""

from __future__ import annotations

import importlib
import threading
from typing import TYPE_CHECKING, Any, Callable, Optional

from ..errors import UnknownInstructionError

if TYPE_CHECKING:
    from .base import Constraint
    from .parameters import Params

REGISTRY: dict[str, Constraint] = {}
# Types of other benchmarks, by suite ("ifbench": IFBench's 58 out-of-domain types). `get` finds
# them, so they are checked, scored, validated and used as rewards like the others; but they are
# not in REGISTRY, which the IFEval family generators (distractor and task candidates, wording)
# and the unstored-statement cues loop over, so registering them changes no IFEval family.
SUITES: dict[str, dict[str, Constraint]] = {}
# The packages that fill SUITES. They are imported the first time a suite is asked for (an id
# REGISTRY does not hold, `is_known`, `suite_ids`): scoring IFEval alone never loads IFBench's
# 58 homes. Use `suites()` rather than SUITES to read them.
SUITE_PACKAGES: tuple[str, ...] = ("ifevalpp.constraints.ifbench",)
_suites_state = {"loaded": False, "loading": False}
_suites_lock = threading.RLock()


def suites() -> dict[str, dict[str, Constraint]]:
    """SUITES, with every suite package imported (once, whichever thread asks first)."""
    if not _suites_state["loaded"]:
        with _suites_lock:
            # (A suite's own registrations ask `is_known` while it is imported: they see the
            # types registered so far.)
            if not _suites_state["loaded"] and not _suites_state["loading"]:
                _suites_state["loading"] = True
                try:
                    for package in SUITE_PACKAGES:
                        importlib.import_module(package)
                    _suites_state["loaded"] = True
                finally:
                    _suites_state["loading"] = False
    return SUITES


def register(cls: type[Constraint]) -> type[Constraint]:
    """Class decorator (or a plain call, for a type defined outside the package): make `cls`
    the type of `cls.id`, asked by every stage from now on."""
    # (The suites are not loaded for this: one that comes later refuses an id taken here.)
    if cls.id in REGISTRY or any(cls.id in types for types in SUITES.values()):
        raise RuntimeError(f"instruction id {cls.id!r} registered twice")
    REGISTRY[cls.id] = cls()
    return cls


def register_in(suite: str) -> Callable[[type[Constraint]], type[Constraint]]:
    """Class decorator: register `cls` as a type of another benchmark's `suite` (see SUITES)."""
    def decorate(cls: type[Constraint]) -> type[Constraint]:
        if is_known(cls.id):
            raise RuntimeError(f"instruction id {cls.id!r} registered twice")
        SUITES.setdefault(suite, {})[cls.id] = cls()
        return cls
    return decorate


def is_known(instruction_id: str) -> bool:
    """Whether a type (of IFEval, a plug-in or another suite) is registered under this id."""
    return instruction_id in REGISTRY or any(instruction_id in types
                                             for types in suites().values())


def unregister(instruction_id: str) -> None:
    """Forget a registered type (and its cached parameters): a plug-in's tests clean up so."""
    get(instruction_id)
    REGISTRY.pop(instruction_id, None)
    for types in suites().values():
        types.pop(instruction_id, None)
    for key in [key for key in PARAMS_CACHE if key[0] == instruction_id]:
        del PARAMS_CACHE[key]


def get(instruction_id: str) -> Constraint:
    found = REGISTRY.get(instruction_id)
    if found is not None:
        return found
    for types in suites().values():
        found = types.get(instruction_id)
        if found is not None:
            return found
    others = "; ".join(f"{len(types)} of {name}" for name, types in SUITES.items())
    raise UnknownInstructionError(
        f"unknown instruction id {instruction_id!r}; known ids: "
        f"{', '.join(sorted(REGISTRY))}" + (f" (and the types of other suites: {others})"
                                            if others else ""),
        field="instruction_id") from None



# Parsed parameters per (id, profile, kwargs): `parsing.parse_params` fills it, `unregister`
# forgets a type's.
PARAMS_CACHE: dict[tuple[str, Optional[str], Any], Params] = {}
