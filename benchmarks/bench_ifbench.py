"""ifevalpp's IFBench checkers against IFBench's own evaluator, in the same run, on the same texts.

    python benchmarks/bench_ifbench.py IFBENCH_CHECKOUT IFBENCH_PYTHON DATA_DIR [--repeat 5]

IFBENCH_CHECKOUT is a checkout of allenai/IFBench (db69a6f), IFBENCH_PYTHON a Python with
nltk 3.9.2, emoji 2.15.0, syllapy 0.7.2, langdetect 1.0.9, immutabledict and absl-py whose
NLTK data (punkt_tab, stopwords) is found through NLTK_DATA; DATA_DIR holds IFBench_test.jsonl
and sample_output.jsonl. Nothing of IFBench is copied here: its evaluator runs in its own
process, timed there (CPU seconds of strict then loose, as its run_eval does); ours is timed in
this process (check_all under the ifbench profile, strict and loose). Both cold (first pass:
tokenizer data loaded) and warm (best of the repeats). words:start_verb prompts are left out of
both (the tagger's data is optional for ifevalpp).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = r'''
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


def ours(chosen: list[dict], repeat: int) -> dict:
    start = time.process_time()
    from ifevalpp import text
    from ifevalpp.constraints import check_all
    from ifevalpp.constraints.ifbench import _reading
    loaded = time.process_time() - start
    passes = []
    for number in range(repeat):
        if number:
            text.clear_caches()  # every pass analyses the texts anew
            _reading.clear_caches()
        start = time.process_time()
        for record in chosen:
            check_all(record["instruction_id_list"], record["kwargs"], record["response"],
                      prompt=record["prompt"], profile="ifbench")
        passes.append(time.process_time() - start)
    return {"import": loaded, "passes": passes}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("checkout", type=Path)
    parser.add_argument("python")
    parser.add_argument("data", type=Path)
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args()
    chosen = records(options.data)
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as handle:
        for record in chosen:
            handle.write(json.dumps(record) + "\n")
    theirs = json.loads(subprocess.run(
        [options.python, "-c", CHILD, str(options.checkout), handle.name, str(options.repeat)],
        capture_output=True, text=True, check=True).stdout.strip().splitlines()[-1])
    mine = ours(chosen, options.repeat)
    Path(handle.name).unlink()
    instructions = sum(len(record["instruction_id_list"]) for record in chosen)
    print(f"{len(chosen)} prompts, {instructions} instructions, strict and loose; CPU seconds")
    print(f"{'':10} {'import':>8} {'first pass':>11} {'best pass':>10}")
    for name, result in (("IFBench", theirs), ("ifevalpp", mine)):
        print(f"{name:10} {result['import']:8.3f} {result['passes'][0]:11.3f} "
              f"{min(result['passes']):10.3f}")
    print(f"speed-up: first pass {theirs['passes'][0] / mine['passes'][0]:.1f}x, "
          f"best pass {min(theirs['passes']) / min(mine['passes']):.1f}x, "
          f"import + first pass {(theirs['import'] + theirs['passes'][0]) / (mine['import'] + mine['passes'][0]):.1f}x")


if __name__ == "__main__":
    sys.exit(main())
