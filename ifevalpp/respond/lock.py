"""One writer per run directory: a second `respond` into the same directory would ask twice.

The lock is an advisory `flock` on `<out>/.respond.lock`; the kernel drops it
when the holder dies, so a kill -9 never leaves a stale lock behind.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Iterator

from ..errors import IfevalppError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no flock, run unguarded
    fcntl = None  # type: ignore[assignment]

LOCK_NAME = ".respond.lock"


class RunDirectoryBusy(IfevalppError):
    """Another `respond` process is writing to this run directory."""


@contextlib.contextmanager
def run_directory_lock(out_dir: Path) -> Iterator[None]:
    out_dir.mkdir(parents=True, exist_ok=True)
    handle = open(out_dir / LOCK_NAME, "a+")
    try:
        if fcntl is not None:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise RunDirectoryBusy(
                    f"another `ifevalpp respond` is writing to {out_dir}; wait for it or stop it "
                    "first (two writers would ask the same pairs twice)") from None
            handle.seek(0)
            handle.truncate()
            handle.write(f"{os.getpid()}\n")
            handle.flush()
        yield
    finally:
        handle.close()
