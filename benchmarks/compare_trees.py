"""Before/after speed of two source trees, interleaved, in CPU time (run by hand, not in CI).

    git worktree add /tmp/before main          # the "before" tree
    IFEVALPP_REFERENCE_DIR=../shared/ifeval python benchmarks/compare_trees.py /tmp/before . --rounds 10

On a shared machine wall-clock figures swing by tens of percent with the other
processes' load; process CPU time of this one process swings much less, and
alternating the two trees round by round spreads what noise is left evenly.
Each round runs one subprocess per tree (its `ifevalpp` imported from that tree
through PYTHONPATH) that measures, on the 540 GPT-4 responses and the 541
originals of `$IFEVALPP_REFERENCE_DIR`:

* check + check_loose of every instruction (per-text caches cleared; best of 5);
* validate_case of every original with the witness, caches cold and warm, and
  without the witness (best of 3).

With `--generate`, each round instead grows the 541 originals into families with the
default options (`generate_families`, seed 0: the pinned template file), one process per
tree, and measures its CPU time (the first case's imports and caches included).

Prints the median and range per tree, the after/before ratio of the medians and of the
fastest rounds (the least disturbed by other processes).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path


def _phrase_caches():
    """The prompt-phrase caches, wherever the tree keeps that module."""
    try:
        from ifevalpp.constraints.support import phrases
    except ImportError:  # trees from before the type homes
        from ifevalpp.validate import phrases  # type: ignore[no-redef]
    return phrases


def measure(reference: Path) -> dict[str, float]:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_check import load_pairs, one_pass  # the same pairs and pass as bench_check.py

    from ifevalpp import text
    from ifevalpp.loose import loose_variants
    from ifevalpp.validate import validate_case

    pairs = load_pairs(reference)
    records = [json.loads(line) for line in
               (reference / "input_data.jsonl").read_text(encoding="utf-8").splitlines()]

    def check_pass() -> None:
        one_pass(pairs)

    def clear() -> None:
        text.clear_caches()
        loose_variants.cache_clear()
        phrases = _phrase_caches()
        phrases.counts.cache_clear()
        phrases.sentences.cache_clear()

    def timed(function, *args) -> float:
        started = time.process_time()
        function(*args)
        return time.process_time() - started

    def validate_all(witness: bool) -> None:
        for record in records:
            validate_case(record, witness=witness)

    validate_case(records[0])  # imports, Punkt, language profiles
    check_pass()
    checks, cold, warm, bare = [], [], [], []
    for _ in range(5):
        clear()
        checks.append(timed(check_pass))
    for _ in range(3):
        clear()
        cold.append(timed(validate_all, True))
        warm.append(timed(validate_all, True))
        clear()
        bare.append(timed(validate_all, False))
    return {"check_responses_per_s": len(pairs) / min(checks),
            "validate_cold_s": min(cold), "validate_warm_s": min(warm),
            "validate_no_witness_cold_s": min(bare)}


def measure_generation(reference: Path, limit: int = 0) -> dict[str, float]:
    from ifevalpp.generate import generate_families
    from ifevalpp.original import load_path

    cases = load_path(reference / "input_data.jsonl")
    cases = cases[:limit] if limit else cases
    started = time.process_time()
    result = generate_families(cases, seed=0)
    elapsed = time.process_time() - started
    return {"generate_cpu_s": elapsed, "prompts": float(len(result.variants))}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--generate", action="store_true",
                        help="time family generation instead of checking and validation")
    parser.add_argument("--cases", type=int, default=0,
                        help="with --generate: only the first N originals (more rounds in the time)")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args(argv[1:])
    reference = Path(os.environ.get("IFEVALPP_REFERENCE_DIR", "../shared/ifeval")).resolve()
    if arguments.measure:
        measured = (measure_generation(reference, arguments.cases) if arguments.generate
                    else measure(reference))
        print(json.dumps(measured))
        return 0
    results: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
    for round_number in range(1, arguments.rounds + 1):
        for label, tree in (("before", arguments.before), ("after", arguments.after)):
            environment = dict(os.environ, PYTHONPATH=str(tree.resolve()))
            command = [sys.executable, __file__, str(tree), str(tree), "--measure"]
            extra = ["--generate", "--cases", str(arguments.cases)] if arguments.generate else []
            output = subprocess.run(command + extra,
                                    capture_output=True, text=True, check=True,
                                    env=environment, cwd="/").stdout
            for name, value in json.loads(output).items():
                results[label].setdefault(name, []).append(value)
        print(f"round {round_number}/{arguments.rounds} done", file=sys.stderr)
    for name in results["before"]:
        before, after = results["before"][name], results["after"][name]
        print(f"{name}: before {statistics.median(before):.4f} "
              f"[{min(before):.4f}-{max(before):.4f}]  after {statistics.median(after):.4f} "
              f"[{min(after):.4f}-{max(after):.4f}]  after/before "
              f"{statistics.median(after) / statistics.median(before):.3f} "
              f"(of the fastest rounds {min(after) / min(before):.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
