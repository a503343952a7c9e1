"""The four IFEval metrics and per-instruction-type accuracy, from verdict records only.

prompt-level: fraction of responses whose every instruction passes;
instruction-level: fraction of all instructions (over all responses) that pass.
Both strict and loose. Nothing here calls a checker.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Iterable, Sequence

from pydantic import BaseModel

from ..schema import ScoredResponse

METRIC_NAMES: tuple[str, ...] = ("prompt_strict", "instruction_strict", "prompt_loose",
                                 "instruction_loose")


class IfevalMetrics(BaseModel):
    """The four headline numbers, each a fraction in [0, 1], with the counts behind them."""

    prompt_strict: float
    instruction_strict: float
    prompt_loose: float
    instruction_loose: float
    prompts: int
    instructions: int


class TypeAccuracy(BaseModel):
    """Pass rates of one instruction type (or group) over every instruction of that type."""

    name: str
    count: int
    strict: float
    loose: float


def _fraction(passed: int, total: int) -> float:
    return passed / total if total else float("nan")


def ifeval_metrics(scored: Sequence[ScoredResponse]) -> IfevalMetrics:
    prompts = len(scored)
    prompt_strict = sum(record.follow_all_strict for record in scored)
    prompt_loose = sum(record.follow_all_loose for record in scored)
    instructions = sum(len(record.strict) for record in scored)
    instruction_strict = sum(sum(record.strict) for record in scored)
    instruction_loose = sum(sum(record.loose) for record in scored)
    return IfevalMetrics(
        prompt_strict=_fraction(prompt_strict, prompts),
        instruction_strict=_fraction(instruction_strict, instructions),
        prompt_loose=_fraction(prompt_loose, prompts),
        instruction_loose=_fraction(instruction_loose, instructions),
        prompts=prompts, instructions=instructions)


def accuracy_by(scored: Iterable[ScoredResponse], *, group: bool = False) -> list[TypeAccuracy]:
    """Strict and loose pass rate per instruction type, or per group (`keywords`, …) if `group`."""
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for record in scored:
        for instruction_id, strict, loose in zip(record.instruction_id_list, record.strict,
                                                 record.loose):
            name = instruction_id.split(":", 1)[0] if group else instruction_id
            counts = totals[name]
            counts[0] += 1
            counts[1] += strict
            counts[2] += loose
    return [TypeAccuracy(name=name, count=count, strict=strict / count, loose=loose / count)
            for name, (count, strict, loose) in sorted(totals.items())]


def ifeval_metrics_by_sample(scored: Iterable[ScoredResponse]) -> dict[int, IfevalMetrics]:
    """The four metrics on each sample index alone (records of other kinds are ignored).

    The headline numbers with several samples are the unweighted mean of these
    over sample indices (see docs/metrics.md).
    """
    by_sample: dict[int, list[ScoredResponse]] = defaultdict(list)
    for record in scored:
        if record.kind in (None, "original"):
            by_sample[record.sample].append(record)
    return {sample: ifeval_metrics(records) for sample, records in sorted(by_sample.items())}
