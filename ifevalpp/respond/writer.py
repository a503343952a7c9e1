"""Get finished records onto disk soon, in whole lines, without stalling the event loop.

Records are collected in memory and handed to one dedicated writer thread in a
batch when `batch` records are waiting or `interval_s` has passed, whichever
comes first; that thread appends them through `AppendLog` (one write, flush,
fsync per batch), so batches land whole and in order. A kill -9 can therefore
lose only requests in flight and the records of the last fraction of a second:
both are simply asked again on resume, and a record is on disk whole or not at
all.
"""

from __future__ import annotations

import asyncio
import contextlib
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Optional

from ..io import AppendLog
from ..schema import ResponseRecord


class DurableWriter:
    """Batched, fsynced appends to a responses file from asyncio code."""

    def __init__(self, path: Path, *, batch: int = 16, interval_s: float = 0.5) -> None:
        # AppendLog repairs a truncated tail when it opens; it never flushes on its own here.
        self._log = AppendLog(path, batch=1 << 30)
        self._batch = batch
        self._interval_s = interval_s
        self._pending: list[ResponseRecord] = []
        self._ticker: Optional[asyncio.Task[None]] = None
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ifevalpp-writer")
        self._handed: list[Future[None]] = []
        self._closed = False
        self.written = 0

    async def start(self) -> None:
        self._ticker = asyncio.create_task(self._tick())

    def add(self, record: ResponseRecord) -> None:
        self._pending.append(record)
        if len(self._pending) >= self._batch:
            self.flush()

    async def _tick(self) -> None:
        # A plain sleep loop: cancelling asyncio.sleep is reliable (wait_for on 3.11 can
        # swallow a cancellation and hang the shutdown).
        while True:
            await asyncio.sleep(self._interval_s)
            self.flush()

    def _write(self, records: list[ResponseRecord]) -> None:
        for record in records:
            self._log.append(record)
        self._log.flush()
        self.written += len(records)

    def flush(self) -> None:
        """Hand the waiting records to the writer thread; re-raise a failed earlier write."""
        still_running: list[Future[None]] = []
        for handed in self._handed:
            if handed.done():
                handed.result()  # a full disk must stop the run, not go unnoticed
            else:
                still_running.append(handed)
        self._handed = still_running
        if self._pending:
            records, self._pending = self._pending, []
            self._handed.append(self._thread.submit(self._write, records))

    async def aclose(self) -> None:
        """Stop the ticker and write what is left; safe to call while being cancelled."""
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
            self._ticker = None
        self.close_sync()

    def close_sync(self) -> None:
        """Wait for handed-over batches, write what is left, close the file; idempotent."""
        if self._closed:
            return
        self._closed = True
        self._thread.shutdown(wait=True)
        records, self._pending = self._pending, []
        if records:
            self._write(records)
        self._log.close()
        for handed in self._handed:
            handed.result()
