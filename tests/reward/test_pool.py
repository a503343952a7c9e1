"""The reward pool: results in order, a dead worker raises and the next call starts afresh."""

from __future__ import annotations

import os
from concurrent.futures.process import BrokenProcessPool

import pytest

from ifevalpp.reward import pool


def _square(value: int) -> int:
    return value * value


def _die(value: int) -> int:
    os._exit(3)


@pytest.fixture(autouse=True)
def fresh_pool():
    pool.shutdown_workers()
    yield
    pool.shutdown_workers()


def test_results_come_back_in_chunk_order():
    assert pool.map_in_workers(_square, list(range(20)), 2) == [n * n for n in range(20)]


def test_a_worker_that_dies_raises_and_the_next_call_gets_a_new_pool():
    with pytest.raises(BrokenProcessPool):
        pool.map_in_workers(_die, [1, 2], 2)
    assert pool._pool is None
    assert pool.map_in_workers(_square, [3], 2) == [9]


def test_a_different_worker_count_replaces_the_pool():
    pool.map_in_workers(_square, [1], 2)
    two = pool._pool
    pool.map_in_workers(_square, [1], 1)
    assert pool._pool is not two and pool._pool_workers == 1


def test_available_cores_is_at_least_one():
    assert pool.available_cores() >= 1
