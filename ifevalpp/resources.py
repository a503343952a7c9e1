"""Where the package's templates are: below every layer that reads them (constraints,
wording, generate), so none of them imports another for a path."""

from __future__ import annotations

import os
from pathlib import Path


def templates_dir() -> Path:
    """`$IFEVALPP_TEMPLATES` if set, else `ifevalpp/templates`.

    In the source tree that is a symlink to the top-level `templates/`; a built
    wheel carries a copy, so an ordinary (non-editable) install works too.
    """
    override = os.environ.get("IFEVALPP_TEMPLATES")
    if override:
        return Path(override)
    return Path(__file__).resolve().parent / "templates"
