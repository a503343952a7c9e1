"""One writer per run directory: a second `respond` into the same directory would ask twice.

The lock is an advisory `flock` on `<out>/.respond.lock`; the kernel drops it
when the holder dies, so a kill -9 never leaves a stale lock behind. The holder
removes the file when it is done (while it still holds the lock), so a finished
run leaves nothing behind; a process that locked a file someone removed meanwhile
tries again on the new one.
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
    fcntl = None  # type: ignore[assignment]  # no fcntl on Windows: None marks the unguarded run

LOCK_NAME = ".respond.lock"


class RunDirectoryBusy(IfevalppError):
    """Another `respond` process is writing to this run directory."""


@contextlib.contextmanager
def run_directory_lock(out_dir: Path) -> Iterator[None]:
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / LOCK_NAME
    while True:
        handle = open(path, "a+")
        if fcntl is None:  # pragma: no cover - Windows: no flock, run unguarded
            break
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            raise RunDirectoryBusy(
                f"another `ifevalpp respond` is writing to {out_dir}; wait for it or stop it "
                "first (two writers would ask the same pairs twice)") from None
        try:
            same = os.fstat(handle.fileno()).st_ino == os.stat(path).st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        handle.close()  # the previous holder removed the file we opened: lock the new one
    try:
        if fcntl is not None:
            handle.seek(0)
            handle.truncate()
            handle.write(f"{os.getpid()}\n")
            handle.flush()
        yield
    finally:
        if fcntl is not None:
            path.unlink(missing_ok=True)  # still holding the lock: nobody else owns it yet
        handle.close()
