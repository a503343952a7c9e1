"""ifevalpp's IFBench checkers against IFBench's own evaluator, in the same run, on the same texts.

    python benchmarks/bench_ifbench.py IFBENCH_CHECKOUT IFBENCH_PYTHON DATA_DIR [--repeat 5] [--rounds 3]

IFBENCH_CHECKOUT is a checkout of allenai/IFBench (db69a6f), IFBENCH_PYTHON a Python with
nltk 3.9.2, emoji 2.15.0, syllapy 0.7.2, langdetect 1.0.9, immutabledict and absl-py whose
NLTK data (punkt_tab, stopwords) is found through NLTK_DATA; DATA_DIR holds IFBench_test.jsonl
and sample_output.jsonl. Nothing of IFBench is copied here: its evaluator runs in its own
process.

The two sides are measured alike: each in fresh processes (`--rounds` of them, alternating),
CPU seconds (time.process_time) of the import of the evaluator, then of `--repeat` passes over
every prompt, each pass giving every instruction's strict and loose verdict (IFBench: its
test_instruction_following_strict and _loose on a fresh copy of the kwargs; ifevalpp:
check_all under the ifbench profile, with every per-text cache, the loose variants and the
validated parameters forgotten before each pass). Both read compiled bytecode, as an installed
package does: one untimed run per side first writes it into a temporary pycache prefix
(PYTHONDONTWRITEBYTECODE is lifted for the children). "cold" is import + first pass (the
median over the rounds), "warm" the best pass of all. words:start_verb prompts are left out of
both (the tagger's data is optional for ifevalpp).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

THEIRS = r'''
import copy, json, sys, time
sys.path.insert(0, sys.argv[1])
start = time.process_time()
import evaluation_lib
loaded = time.process_time() - start
records = [json.loads(line) for line in open(sys.argv[2])]
timings = []
for _ in range(int(sys.argv[3])):
    start = time.process_time()
    for record in records:
        inp = evaluation_lib.InputExample(key=record["key"], prompt=record["prompt"],
                                          instruction_id_list=record["instruction_id_list"],
                                          kwargs=copy.deepcopy(record["kwargs"]))
        answers = {record["prompt"]: record["response"]}
        evaluation_lib.test_instruction_following_strict(inp, answers)
        evaluation_lib.test_instruction_following_loose(inp, answers)
    timings.append(time.process_time() - start)
print(json.dumps({"import": loaded, "passes": timings}))
'''

OURS = r'''
import json, sys, time
start = time.process_time()
from ifevalpp.constraints import check_all, forget_analyses
loaded = time.process_time() - start
records = [json.loads(line) for line in open(sys.argv[2])]
timings = []
for number in range(int(sys.argv[3])):
    if number:  # every pass analyses the texts anew
        forget_analyses()
    start = time.process_time()
    for record in records:
        check_all(record["instruction_id_list"], record["kwargs"], record["response"],
                  prompt=record["prompt"], profile="ifbench")
    timings.append(time.process_time() - start)
print(json.dumps({"import": loaded, "passes": timings}))
'''


def records(data_dir: Path) -> list[dict]:
    answers = {}
    for line in (data_dir / "sample_output.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        answers[row["prompt"].strip()] = row["response"]
    chosen = []
    for line in (data_dir / "IFBench_test.jsonl").read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        response = answers.get(case["prompt"].strip())
        if response is None or "words:start_verb" in case["instruction_id_list"]:
            continue
        chosen.append({**case, "response": response})
    return chosen


def run(python: str, child: str, checkout: str, path: str, repeat: int, env: dict) -> dict:
    done = subprocess.run([python, "-c", child, checkout, path, str(repeat)],
                          capture_output=True, text=True, check=True, env=env)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("checkout", type=Path)
    parser.add_argument("python")
    parser.add_argument("data", type=Path)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=3)
    options = parser.parse_args()
    chosen = records(options.data)
    with tempfile.TemporaryDirectory() as scratch:
        path = str(Path(scratch) / "records.jsonl")
        with open(path, "w", encoding="utf-8") as handle:
            for record in chosen:
                handle.write(json.dumps(record) + "\n")
        env = {name: value for name, value in os.environ.items()
               if name != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(scratch) / "pycache")
        sides = {"IFBench": (options.python, THEIRS), "ifevalpp": (sys.executable, OURS)}
        for python, child in sides.values():  # untimed: writes the bytecode both sides read
            run(python, child, str(options.checkout), path, 1, env)
        results: dict[str, list[dict]] = {name: [] for name in sides}
        for _ in range(options.rounds):
            for name, (python, child) in sides.items():
                results[name].append(run(python, child, str(options.checkout), path,
                                         options.repeat, env))
    instructions = sum(len(record["instruction_id_list"]) for record in chosen)
    print(f"{len(chosen)} prompts, {instructions} instructions, strict and loose; CPU seconds, "
          f"{options.rounds} processes a side, {options.repeat} passes each")
    print(f"{'':10} {'import':>8} {'first pass':>11} {'cold':>8} {'warm':>8}")
    summary = {}
    for name, rounds in results.items():
        cold = statistics.median(result["import"] + result["passes"][0] for result in rounds)
        summary[name] = {
            "import": statistics.median(result["import"] for result in rounds),
            "first": statistics.median(result["passes"][0] for result in rounds),
            "cold": cold,
            "warm": min(min(result["passes"]) for result in rounds),
        }
        row = summary[name]
        print(f"{name:10} {row['import']:8.3f} {row['first']:11.3f} {row['cold']:8.3f} "
              f"{row['warm']:8.3f}")
    theirs, ours = summary["IFBench"], summary["ifevalpp"]
    print(f"speed-up: cold (import + first pass) {theirs['cold'] / ours['cold']:.1f}x, "
          f"warm (best pass) {theirs['warm'] / ours['warm']:.1f}x, "
          f"first pass {theirs['first'] / ours['first']:.1f}x")


if __name__ == "__main__":
    sys.exit(main())
