"""Progress reporting for long runs, kept behind a small protocol so the library stays quiet by default."""

from __future__ import annotations

from typing import IO, Any, Optional, Protocol

from ..progress import ProgressBar
from ..schema import ResponseRecord


class Progress(Protocol):
    def start(self, total: int, done: int = 0) -> None:
        """`total` pairs in the whole run, `done` of them settled by earlier sessions."""

    def update(self, record: ResponseRecord) -> None: ...

    def close(self) -> None: ...


class ConsoleProgress:
    """The run's progress on stderr: done/total of the whole run (`6 + 185 / 400` after a
    resume), a rate and ETA over recent requests, errors and truncations.

    A bar on a terminal; when stderr is not a terminal, a plain line every
    `interval_s` seconds (and one at the end) instead.
    """

    def __init__(self, *, stream: Optional[IO[str]] = None, interval_s: float = 30.0,
                 desc: str = "respond", **options: Any) -> None:
        self._desc = desc
        self._stream = stream
        self._interval_s = interval_s
        self._options = options
        self._bar: Optional[ProgressBar] = None
        self.errors = 0
        self.truncated = 0

    def start(self, total: int, done: int = 0) -> None:
        self._bar = ProgressBar(total, initial=done, desc=self._desc, unit="req",
                                stream=self._stream, status=self._status,
                                interval_s=self._interval_s, **self._options)

    def _status(self) -> str:
        return f"errors={self.errors} truncated={self.truncated}"

    def update(self, record: ResponseRecord) -> None:
        if record.error is not None:
            self.errors += 1
        elif record.finish_reason == "length":
            self.truncated += 1
        if self._bar is not None:
            self._bar.update(1)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

