"""A process pool kept for the life of a training run, so each reward call pays no start-up.

A trainer calls its reward every step; forking a multi-gigabyte trainer
process per call would cost more than the checking. The pool is made on the
first large batch (after the tokenizers and language profiles are loaded, so
forked workers inherit them), reused while the number of workers stays the
same, and shut down at exit or by `shutdown_workers()`.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import sys
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, Iterable, Optional, TypeVar

T = TypeVar("T")

_lock = threading.Lock()
_pool: Optional[ProcessPoolExecutor] = None
_pool_workers = 0


def in_ray_worker() -> bool:
    """True inside a Ray task or actor (never imports Ray). Ray already spreads the work
    there, and a pool forked from its worker would take cores Ray gave to other tasks."""
    ray = sys.modules.get("ray")
    if ray is None:
        return False
    try:
        return bool(ray.is_initialized()) and (ray.get_runtime_context().worker.mode
                                                == getattr(ray, "WORKER_MODE", 1))
    except Exception:  # pragma: no cover - a Ray without these calls: not a worker we know
        return False


def available_cores() -> int:
    """Cores this process may run on (respects taskset and container CPU sets); 1 inside a
    Ray task or actor, which is one of the cluster's scheduled CPUs."""
    if in_ray_worker():
        return 1
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - macOS, Windows
        return os.cpu_count() or 1


def _warm_worker() -> None:
    # Spawned workers start empty; load what every checker shares before the first chunk.
    from ..evaluate.scoring import warm_up
    warm_up()


def _executor(workers: int) -> ProcessPoolExecutor:
    global _pool, _pool_workers
    with _lock:
        if _pool is not None and _pool_workers == workers:
            return _pool
        if _pool is not None:
            _pool.shutdown(wait=True)
        if os.name == "posix":
            from ..evaluate.scoring import warm_up
            warm_up()  # forked workers inherit the loaded tokenizers and language profiles
            context = multiprocessing.get_context("fork")
            _pool = ProcessPoolExecutor(workers, mp_context=context)
        else:  # pragma: no cover - spawn: each worker loads them once
            _pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_warm_worker)
        _pool_workers = workers
        return _pool


def shutdown_workers() -> None:
    """Stop the reward worker processes (they are started again by the next large batch)."""
    global _pool, _pool_workers
    with _lock:
        if _pool is not None:
            _pool.shutdown(wait=True, cancel_futures=True)
        _pool, _pool_workers = None, 0


atexit.register(shutdown_workers)


def map_in_workers(function: Callable[[Any], T], chunks: Iterable[Any], workers: int) -> list[T]:
    """`function` over `chunks` in the reward pool, results in chunk order.

    Each chunk is handed over as soon as `chunks` yields it, so a generator that prepares
    them overlaps with the work. If it raises, the chunks not yet started are cancelled
    and the error is raised. A worker that dies (killed, out of memory) takes the pool down
    with it: the pool is discarded so the next call starts a fresh one, and the error
    is raised rather than a partial result returned.
    """
    pool = _executor(workers)
    futures: list[Future[T]] = []
    try:
        for chunk in chunks:
            futures.append(pool.submit(function, chunk))
        return [future.result() for future in futures]
    except BrokenProcessPool:
        shutdown_workers()
        raise
    except BaseException:
        for future in futures:
            future.cancel()
        raise
