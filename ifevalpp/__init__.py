"""ifevalpp: faithful IFEval checkers, prompt families and reliable@k.

The stable entry points other tools call are re-exported here.
"""

from __future__ import annotations

__version__ = "0.1.0"

from .constraints import check, check_loose  # noqa: E402
from .errors import IfevalppError, InputError  # noqa: E402
from .profiles import PROFILES, Profile  # noqa: E402
from .schema import Case, MissingResponse, ResponseRecord, ScoredResponse, Variant  # noqa: E402

__all__ = [
    "PROFILES", "Case", "IfevalppError", "InputError", "MissingResponse", "Profile",
    "ResponseRecord", "ScoredResponse", "Variant", "__version__", "check", "check_loose",
]
