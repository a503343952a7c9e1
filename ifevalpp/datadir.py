"""Where fetched data lives: one directory that works from any working directory.

`$IFEVALPP_DATA` when set, else the per-user data directory of the platform
(`~/.local/share/ifevalpp` on Linux, `~/Library/Application Support/ifevalpp`
on macOS, `%LOCALAPPDATA%\\ifevalpp` on Windows). `fetch` writes the IFEval
cases to `<data>/original/<revision>.jsonl`; `score --input REVISION`,
`generate-families --original REVISION` and `validate` read them from there.
"""

from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "IFEVALPP_DATA"


def data_dir() -> Path:
    """The data directory (read from the environment on every call, so tests can point it away)."""
    configured = os.environ.get(ENV_VAR)
    if configured:
        return Path(configured).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("ifevalpp", appauthor=False))


def original_dir() -> Path:
    """Where fetched IFEval revisions go: `<data>/original`."""
    return data_dir() / "original"
