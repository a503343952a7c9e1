"""Throughput of the checkers on the 540 real GPT-4 responses (run by hand, not in CI).

    IFEVALPP_REFERENCE_DIR=../shared/ifeval python benchmarks/bench_check.py

Reports responses/s through the public `check` + `check_loose` (every
instruction, strict and loose, one core), with the per-text caches cleared
before each pass so nothing is carried over between passes, and the same
with language identification done by the langdetect package (as the official
evaluator does) for comparison. Verdicts of the two are asserted identical.

With `--official DIR --official-python PY` it also times google-research's official
evaluator in process, in its own Python (DIR holds its `instruction_following_eval`
package; PY has absl-py, langdetect, nltk with NLTK_DATA's punkt, immutabledict), on the
same work: every instruction's strict and loose verdict of every response, through its
`test_instruction_following_strict` and `_loose`. ifevalpp runs twice: as `score` checks
(each block of `PRIME_BLOCK` responses has the languages its checks will ask for estimated
side by side first, `constraints.language.ahead.prime_languages`, then `check_all` per
response) and one response at a time (`check_all` alone). Both sides run in fresh processes that
read compiled bytecode; CPU seconds (time.process_time) of `--repeat` passes, ifevalpp's
per-text caches, loose variants and validated parameters forgotten before each pass; the
medians are compared. `--variants N` adds N seeded variations of each answer (those of
benchmarks/bench_score.py: a doubled word, appended sentences, the text lower- or
upper-cased, a paragraph dropped, a preamble) to the workload, so that no text repeats.

    python benchmarks/bench_check.py --official DIR --official-python PY [--variants 8]
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


THEIRS = r'''
import json, sys, time
sys.path.insert(0, sys.argv[1])
from instruction_following_eval import evaluation_lib
records = [json.loads(line) for line in open(sys.argv[2])]
timings = []
for _ in range(int(sys.argv[3])):
    start = time.process_time()
    for record in records:
        inp = evaluation_lib.InputExample(key=record["key"], prompt=record["prompt"],
                                          instruction_id_list=record["instruction_id_list"],
                                          kwargs=record["kwargs"])
        answers = {record["prompt"]: record["response"]}
        evaluation_lib.test_instruction_following_strict(inp, answers)
        evaluation_lib.test_instruction_following_loose(inp, answers)
    timings.append(time.process_time() - start)
print(json.dumps(timings))
'''

OURS = r'''
import json, sys, time
from ifevalpp.constraints import check_all, forget_analyses
from ifevalpp.constraints.language.ahead import prime_languages
from ifevalpp.evaluate.scoring import PRIME_BLOCK
records = [json.loads(line) for line in open(sys.argv[2])]
primed = sys.argv[4] == "primed"
timings = []
for number in range(int(sys.argv[3])):
    if number:  # every pass analyses the texts anew
        forget_analyses()
    start = time.process_time()
    for first in range(0, len(records), PRIME_BLOCK):
        block = records[first:first + PRIME_BLOCK]
        if primed:  # as `score` does: the block's languages estimated side by side first
            prime_languages((record["instruction_id_list"], record["response"])
                            for record in block)
        for record in block:
            check_all(record["instruction_id_list"], record["kwargs"], record["response"],
                      prompt=record["prompt"])
    timings.append(time.process_time() - start)
print(json.dumps(timings))
'''


def workload(pairs: list[tuple[dict, str]], variants: int) -> list[dict]:
    """The answers (and `variants` seeded variations of each) as records both sides read."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_score import _vary

    import random

    rng = random.Random(20231107)
    records = []
    for case, response in pairs:
        for text_ in [response] + [_vary(response, rng) for _ in range(variants)]:
            records.append({"key": case["key"], "prompt": case["prompt"], "response": text_,
                            "instruction_id_list": case["instruction_id_list"],
                            "kwargs": case["kwargs"]})
    return records


def against_official(pairs: list[tuple[dict, str]], checkout: str, python: str, variants: int,
                     repeats: int) -> None:
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory(prefix="bench-check-") as scratch:
        path = Path(scratch) / "work.jsonl"
        records = workload(pairs, variants)
        path.write_text("".join(json.dumps(record) + "\n" for record in records),
                        encoding="utf-8")
        env = {key: value for key, value in os.environ.items()
               if key != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(scratch) / "pycache")
        sides = (("official evaluator", python, THEIRS, ""),
                 ("ifevalpp as score runs", sys.executable, OURS, "primed"),
                 ("ifevalpp one at a time", sys.executable, OURS, "single"))
        for _, interpreter, child, how in sides:  # writes the bytecode
            subprocess.run([interpreter, "-c", child, checkout, str(path), "1", how], env=env,
                           check=True, capture_output=True)
        medians = {}
        for label, interpreter, child, how in sides:
            done = subprocess.run([interpreter, "-c", child, checkout, str(path), str(repeats),
                                   how], env=env, check=True, capture_output=True, text=True)
            medians[label] = statistics.median(json.loads(done.stdout.strip().splitlines()[-1]))
    print(f"{len(records)} responses ({len(pairs)} answers, {variants} variations of each), "
          f"strict + loose, every instruction, one core, CPU s per pass (median of {repeats})")
    for label, seconds in medians.items():
        print(f"  {label:<22} {seconds:7.3f} s   {len(records) / seconds:8.0f} responses/s")
    for label in ("ifevalpp as score runs", "ifevalpp one at a time"):
        print(f"  {label}: {medians['official evaluator'] / medians[label]:.1f}x as fast")


def main() -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--official", help="folder holding instruction_following_eval")
    parser.add_argument("--official-python", default=sys.executable)
    parser.add_argument("--variants", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args()
    directory = Path(os.environ.get("IFEVALPP_REFERENCE_DIR", "../shared/ifeval"))
    if not (directory / "gpt4_responses.jsonl").exists():
        print(f"no reference data in {directory}; set IFEVALPP_REFERENCE_DIR", file=sys.stderr)
        return 1
    pairs = load_pairs(directory)
    if options.official:
        against_official(pairs, options.official, options.official_python, options.variants,
                         options.repeat)
        return 0
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
