"""Throughput of the checkers on the 540 real GPT-4 responses (run by hand, not in CI).

    IFEVALPP_REFERENCE_DIR=../shared/ifeval python benchmarks/bench_check.py

Reports responses/s through the public `check` + `check_loose` (every
instruction, strict and loose, one core), with the per-text caches cleared
before each pass so nothing is carried over between passes, and the same
with language identification done by the langdetect package (as the official
evaluator does) for comparison. Verdicts of the two are asserted identical.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

from ifevalpp import text
from ifevalpp.constraints import check, check_loose
from ifevalpp.loose import loose_variants


def load_pairs(directory: Path) -> list[tuple[dict, str]]:
    cases = {}
    for line in (directory / "input_data.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        cases[record["prompt"]] = record
    pairs = []
    for line in (directory / "gpt4_responses.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record["prompt"] in cases:
            pairs.append((cases[record["prompt"]], record["response"]))
    return pairs


def one_pass(pairs: list[tuple[dict, str]]) -> list[tuple[bool, bool]]:
    verdicts = []
    for case, response in pairs:
        for instruction_id, kwargs in zip(case["instruction_id_list"], case["kwargs"]):
            verdicts.append((check(instruction_id, response, kwargs, prompt=case["prompt"]),
                             check_loose(instruction_id, response, kwargs, prompt=case["prompt"])))
    return verdicts


def measure(pairs: list[tuple[dict, str]], repeats: int = 5) -> tuple[float, list]:
    rates, verdicts = [], []
    for _ in range(repeats):
        text.clear_caches()
        loose_variants.cache_clear()
        start = time.perf_counter()
        verdicts = one_pass(pairs)
        rates.append(len(pairs) / (time.perf_counter() - start))
    return statistics.median(rates), verdicts


def main() -> int:
    directory = Path(os.environ.get("IFEVALPP_REFERENCE_DIR", "../shared/ifeval"))
    if not (directory / "gpt4_responses.jsonl").exists():
        print(f"no reference data in {directory}; set IFEVALPP_REFERENCE_DIR", file=sys.stderr)
        return 1
    pairs = load_pairs(directory)
    one_pass(pairs)  # load tokenizers and language profiles once
    fast, fast_verdicts = measure(pairs)
    original_detect = text._detect
    text._detect = text._detect_with_langdetect  # the official evaluator's language identifier
    try:
        slow, slow_verdicts = measure(pairs, repeats=3)
    finally:
        text._detect = original_detect
    assert fast_verdicts == slow_verdicts, "verdicts differ between language identifiers"
    print(f"{len(pairs)} responses, strict + loose, every instruction, one core")
    print(f"  ifevalpp check/check_loose          {fast:8.0f} responses/s")
    print(f"  same with langdetect package        {slow:8.0f} responses/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
