"""Benchmark `ifevalpp score --k 10` end to end, by hand (not a timed test).

Builds synthetic families from the IFEval reference data in a temporary
directory (never committed): every case becomes a family of ten prompts (the
original and three cousins of each kind, with the original's instructions) and
every prompt gets `--samples` responses, each the GPT-4 response with a light,
seeded variation (a word doubled, sometimes a comma sentence appended, the text
lower- or upper-cased, a paragraph dropped, a preamble added) so that verdicts
differ across cousins and no two responses share a text (no cache hits).

Then it runs, as a subprocess, and reports the wall time of

    ifevalpp score RESPONSES --input FAMILIES --k 10 --out DIR

Usage (the defaults are the acceptance target: 5,410 prompts x 4 samples,
10,000 resamples, under 15 s on a 2-core machine):

    python benchmarks/bench_score.py [--data /work/shared/ifeval] [--samples 4]
        [--bootstrap 10000] [--repeat 1] [--keep DIR] [--profile]
        [--protocols official,revised,ifevalpp-paper]

With `--protocols`, each repeat also times the same command with `--protocols
LIST` (target: under 2x the single-protocol time) and prints both and the ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

KINDS = (("original", 1), ("rephrasing", 3), ("distractor", 3), ("reconfiguration", 3))
DEFAULT_DATA = Path(os.environ.get("IFEVALPP_REFERENCE_DIR", "/work/shared/ifeval"))


def _vary(text: str, rng: random.Random) -> str:
    """A light variation of a response; always a different string from `text`."""
    words = text.split(" ")
    position = rng.randrange(len(words))
    words.insert(position, words[position])  # one doubled word makes every text distinct
    text = " ".join(words)
    roll = rng.random()
    if roll < 0.06:
        text += " That is, in short, my answer."
    elif roll < 0.09:
        text = text.lower()
    elif roll < 0.11:
        text = text.upper()
    elif roll < 0.14:
        text = "\n\n".join(text.split("\n\n")[:-1]) or text + " Done."
    elif roll < 0.16:
        text = "Sure, here it is.\n\n" + text
    return text


def build(data: Path, out: Path, *, samples: int, seed: int = 0) -> tuple[Path, Path, int]:
    """Write families.jsonl and responses.jsonl under `out`; return their paths and the count."""
    cases = [json.loads(line) for line in (data / "input_data.jsonl").read_text().splitlines()
             if line.strip()]
    responses = {}
    for line in (data / "gpt4_responses.jsonl").read_text().splitlines():
        if line.strip():
            record = json.loads(line)
            responses[record["prompt"]] = record["response"]
    rng = random.Random(seed)
    families = out / "families.jsonl"
    answers = out / "responses.jsonl"
    count = 0
    with open(families, "w", encoding="utf-8") as fam, open(answers, "w", encoding="utf-8") as res:
        for case in cases:
            for kind, size in KINDS:
                for index in range(0 if kind == "original" else 1, size + (kind != "original")):
                    key = f"{case['key']}:{kind}:{index}"
                    prompt = case["prompt"] if kind == "original" else \
                        f"{case['prompt']}\n\n({kind} {index})"
                    fam.write(json.dumps({
                        "key": key, "case": case["key"], "kind": kind, "index": index,
                        "prompt": prompt, "instruction_id_list": case["instruction_id_list"],
                        "kwargs": case["kwargs"]}) + "\n")
                    base = responses.get(case["prompt"])
                    for sample in range(samples):
                        if base is None:  # the one prompt GPT-4 never answered: a failed request
                            record = {"key": key, "prompt": prompt, "sample": sample,
                                      "error": "no response in the source data"}
                        else:
                            record = {"key": key, "prompt": prompt, "sample": sample,
                                      "response": _vary(base, rng)}
                        res.write(json.dumps(record) + "\n")
                        count += 1
    return families, answers, count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--samples", type=int, default=4)
    parser.add_argument("--bootstrap", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--keep", type=Path, help="build the data here and keep it")
    parser.add_argument("--profile", action="store_true",
                        help="also run once under cProfile and print the top functions")
    parser.add_argument("--protocols", metavar="A,B,...",
                        help="also time `score --protocols A,B,...` against the single run")
    args = parser.parse_args()
    if not (args.data / "input_data.jsonl").exists():
        print(f"no IFEval data in {args.data} (set IFEVALPP_REFERENCE_DIR)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="ifevalpp-bench-") as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        families, answers, count = build(args.data, work, samples=args.samples)
        print(f"{count} responses to {sum(1 for _ in open(families))} family prompts in {work}")
        shared = ["ifevalpp", "score", str(answers), "--input", str(families), "--k", "10",
                  "--bootstrap", str(args.bootstrap)]
        command = shared + ["--missing", "exclude", "--out", str(work / "out")]
        print("$", " ".join(command))
        several = shared + ["--protocols", args.protocols, "--out", str(work / "out3")] \
            if args.protocols else None
        times, multi = [], []
        for _ in range(args.repeat):
            for timed, cmd in ((times, command), (multi, several)):
                if cmd is None:
                    continue
                start = time.perf_counter()
                done = subprocess.run(cmd, capture_output=True, text=True)
                timed.append(time.perf_counter() - start)
                if done.returncode != 0:
                    print(done.stdout, done.stderr, sep="\n", file=sys.stderr)
                    return done.returncode
                if cmd is command:
                    single_output = done.stdout
        print("\n".join(single_output.splitlines()[:40]))
        print(f"wall time: {', '.join(f'{t:.2f} s' for t in times)} (best {min(times):.2f} s)")
        if several:
            print("$", " ".join(several))
            print(f"--protocols wall time: {', '.join(f'{t:.2f} s' for t in multi)} (best "
                  f"{min(multi):.2f} s); ratio of bests {min(multi) / min(times):.2f}, per "
                  f"repeat {', '.join(f'{m / t:.2f}' for m, t in zip(multi, times))}")
        if args.profile:
            stats, runner = work / "profile.out", work / "run_cli.py"
            runner.write_text("import sys\nfrom ifevalpp.cli import main\nsys.exit(main())\n")
            subprocess.run([sys.executable, "-m", "cProfile", "-o", str(stats), str(runner),
                            *command[1:]], capture_output=True)
            import pstats
            pstats.Stats(str(stats)).sort_stats("cumulative").print_stats(35)
    return 0


if __name__ == "__main__":
    sys.exit(main())
