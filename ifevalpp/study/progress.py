"""How a study reports progress: which step it is on, and that step's bar.

The library is silent unless given a `StudyProgress`; the CLI passes
`TqdmStudyProgress`, which writes to stderr so the tables on stdout stay clean:
a bar on a terminal, periodic plain lines in a log (`ifevalpp.progress`).
"""

from __future__ import annotations

import sys
from typing import IO, Any, Callable, Optional, Protocol

from ..progress import DEFAULT_INTERVAL_S, ProgressBar
from ..respond.progress import ConsoleProgress, Progress


class StudyProgress(Protocol):
    def step(self, name: str, message: str) -> None:
        """A step begins (`name` is one of the study's step names)."""

    def note(self, message: str) -> None:
        """Something worth a line inside the current step."""

    def bar(self, total: Optional[int], unit: str) -> Callable[[int], None]:
        """A bar for the current step; call the result with each increment."""

    def close_bar(self) -> None: ...

    def responses(self) -> Optional[Progress]:
        """The bar `respond` drives, one tick per answer."""


class TqdmStudyProgress:
    """`[2/5] families: …` lines, then the step's progress bar (stderr)."""

    def __init__(self, steps: list[str], *, stream: Optional[IO[str]] = None,
                 interval_s: float = DEFAULT_INTERVAL_S) -> None:
        self._steps = steps
        self._stream = stream or sys.stderr
        self._interval_s = interval_s
        self._current = ""
        self._bar: Optional[Any] = None

    def _print(self, text: str) -> None:
        print(text, file=self._stream, flush=True)

    def step(self, name: str, message: str) -> None:
        self.close_bar()
        self._current = name
        number = self._steps.index(name) + 1 if name in self._steps else 0
        self._print(f"[{number}/{len(self._steps)}] {name}: {message}")

    def note(self, message: str) -> None:
        self._print(f"      {message}")

    def bar(self, total: Optional[int], unit: str) -> Callable[[int], None]:
        self.close_bar()
        self._bar = ProgressBar(total or 0, desc=self._current, unit=unit, stream=self._stream,
                                interval_s=self._interval_s)
        return self._bar.update

    def close_bar(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def responses(self) -> Optional[Progress]:
        self.close_bar()
        return ConsoleProgress(desc=self._current, stream=self._stream,
                               interval_s=self._interval_s)
