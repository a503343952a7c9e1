"""Cases grown in worker processes, for the offline generators.

The template backend is pure computation, so a run splits its cases between
forked workers, one per core. A family depends only on its case, the seed and
what every case lends (the settings seen), all fixed before the workers start,
so the file is the same byte for byte whatever the number of workers.

Fork is used where the platform has it safely (Linux); elsewhere `usable`
says no and the cases are grown one after another.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, Callable, Optional, Sequence

CHUNK = 4
"""Cases a worker takes at a time: small enough to share out a run's slow cases."""

_work: Optional[Callable[[Any], Any]] = None
_items: Sequence[Any] = ()


def cores() -> int:
    """Cores this process may run on (its affinity where the platform tells it)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def usable(jobs: int, cases: int) -> bool:
    """Whether `jobs` workers are worth forking for `cases` cases on this platform."""
    return (jobs > 1 and cases > CHUNK and sys.platform.startswith("linux")
            and "fork" in multiprocessing.get_all_start_methods())


def _quiet_worker() -> None:
    # Ctrl-C is the parent's to handle: it cancels what has not started and stops.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _grow(indices: Sequence[int]) -> list[Any]:
    assert _work is not None, "a worker runs only inside in_processes"
    return [_work(_items[index]) for index in indices]


def in_processes(items: Sequence[Any], work: Callable[[Any], Any], jobs: int,
                 progress: Optional[Callable[[int], None]] = None) -> list[Any]:
    """`work` of every item, `jobs` forked workers at once, in input order.

    The workers inherit `work` and `items` by forking (nothing is sent to
    them but indices); each result comes back when its chunk is done, and
    `progress` is called with the number of items finished.
    """
    global _work, _items
    results: list[Any] = [None] * len(items)
    chunks = [range(start, min(start + CHUNK, len(items))) for start in range(0, len(items), CHUNK)]
    _work, _items = work, items
    try:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork"),
                                 initializer=_quiet_worker) as pool:
            futures = {pool.submit(_grow, list(chunk)): chunk for chunk in chunks}
            try:
                for future in as_completed(futures):
                    chunk = futures[future]
                    for index, result in zip(chunk, future.result()):
                        results[index] = result
                    if progress is not None:
                        progress(len(chunk))
            except BaseException:
                pool.shutdown(wait=True, cancel_futures=True)
                raise
    finally:
        _work, _items = None, ()
    return results
