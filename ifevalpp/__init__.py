"""ifevalpp: faithful IFEval checkers, prompt families and reliable@k.

The stable entry points other tools call are re-exported here.
"""

from __future__ import annotations

__version__ = "0.1.0"

from .constraints import check, check_loose  # noqa: E402
from .errors import IfevalppError, InputError  # noqa: E402
from .profiles import PROFILES, Profile  # noqa: E402

# The records load on first use (PEP 562): checking alone never builds them.
_SCHEMA_NAMES = ("Case", "MissingResponse", "ResponseRecord", "ScoredResponse", "Variant")


def __getattr__(name: str):  # type: ignore[no-untyped-def]
    if name in _SCHEMA_NAMES:
        from . import schema

        return getattr(schema, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_SCHEMA_NAMES))


__all__ = [
    "PROFILES", "Case", "IfevalppError", "InputError", "MissingResponse", "Profile",
    "ResponseRecord", "ScoredResponse", "Variant", "__version__", "check", "check_loose",
]
