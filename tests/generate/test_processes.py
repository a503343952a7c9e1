"""Cases grown in forked workers: the same families as one process, in input order."""

from __future__ import annotations

import json

import pytest

from ifevalpp.generate import generate_families
from ifevalpp.generate import processes

needs_fork = pytest.mark.skipif(not processes.usable(2, processes.CHUNK + 1),
                                reason="forked workers are used on Linux only")


def _dump(result) -> list[str]:
    return ([json.dumps(variant.model_dump(mode="json")) for variant in result.variants]
            + [json.dumps(failure.model_dump(mode="json")) for failure in result.failures])


@needs_fork
def test_two_workers_grow_the_same_families_as_one_process(cases, families):
    assert _dump(generate_families(cases, seed=0, jobs=2)) == _dump(families)


@needs_fork
def test_workers_report_progress_for_every_case_once(cases):
    done: list[int] = []
    generate_families(cases, seed=0, kinds=["rephrasing"], per_kind=1, jobs=2,
                      progress=done.append)
    assert sum(done) == len(cases)


@needs_fork
def test_results_come_back_in_input_order():
    items = list(range(3 * processes.CHUNK + 1))
    assert processes.in_processes(items, lambda item: item * item, 2) == [i * i for i in items]


def _fails_on_five(item: int) -> int:
    if item == 5:
        raise ValueError("case 5 cannot be grown")
    return item


@needs_fork
def test_a_failure_in_a_worker_reaches_the_caller():
    with pytest.raises(ValueError, match="case 5 cannot be grown"):
        processes.in_processes(list(range(12)), _fails_on_five, 2)


def test_one_job_or_a_handful_of_cases_stay_in_process():
    assert not processes.usable(1, 500)
    assert not processes.usable(2, processes.CHUNK)


def test_cores_counts_at_least_one():
    assert processes.cores() >= 1
