"""ifevalpp: faithful IFEval checkers, prompt families and reliable@k.

The stable entry points other tools call are re-exported here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import IfevalppError, InputError  # noqa: E402
from .profiles import PROFILES, Profile  # noqa: E402
from .version import __version__  # noqa: E402

if TYPE_CHECKING:
    from .constraints import check, check_loose
    from .schema import Case, MissingResponse, ResponseRecord, ScoredResponse, Variant

# The rest loads on first use (PEP 562): `import ifevalpp` (and so every
# `ifevalpp.x` submodule import) costs only what is used. The checkers bring the
# registry of every instruction type; the records bring pydantic.
_SCHEMA_NAMES = ("Case", "MissingResponse", "ResponseRecord", "ScoredResponse", "Variant")
_CHECK_NAMES = ("check", "check_loose")


def __getattr__(name: str):
    if name in _CHECK_NAMES:
        from . import constraints

        return getattr(constraints, name)
    if name in _SCHEMA_NAMES:
        from . import schema

        return getattr(schema, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_SCHEMA_NAMES) | set(_CHECK_NAMES))


__all__ = [
    "PROFILES", "Case", "IfevalppError", "InputError", "MissingResponse", "Profile",
    "ResponseRecord", "ScoredResponse", "Variant", "__version__", "check", "check_loose",
]
