"""Progress reporting for long runs, kept behind a small protocol so the library stays quiet by default."""

from __future__ import annotations

from typing import Any, Optional, Protocol

from ..schema import ResponseRecord


class Progress(Protocol):
    def start(self, total: int) -> None: ...

    def update(self, record: ResponseRecord) -> None: ...

    def close(self) -> None: ...


class TqdmProgress:
    """A tqdm bar on stderr: rate and ETA from tqdm, errors and truncations in the postfix."""

    def __init__(self, **tqdm_options: Any) -> None:
        self._options = tqdm_options
        self._bar: Optional[Any] = None
        self._errors = 0
        self._truncated = 0

    def start(self, total: int) -> None:
        from tqdm import tqdm  # type: ignore[import-untyped]

        options = {"unit": "req", "dynamic_ncols": True, "desc": "respond"}
        options.update(self._options)
        self._bar = tqdm(total=total, **options)
        self._bar.set_postfix_str(self._postfix(), refresh=False)

    def _postfix(self) -> str:
        return f"errors={self._errors} truncated={self._truncated}"

    def update(self, record: ResponseRecord) -> None:
        if self._bar is None:
            return
        changed = False
        if record.error is not None:
            self._errors += 1
            changed = True
        elif record.finish_reason == "length":
            self._truncated += 1
            changed = True
        if changed:
            self._bar.set_postfix_str(self._postfix(), refresh=False)
        self._bar.update(1)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None
