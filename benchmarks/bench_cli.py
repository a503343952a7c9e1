"""`ifevalpp score` against the official evaluators as whole processes (run by hand, not in CI).

What a user waits for is a command, start-up included. This times, alternated, one command
of each side per round (ours first, then theirs), every round in fresh processes, with
/usr/bin/time (GNU time: elapsed wall seconds and the peak resident set), and prints the
median of each and the ratio of the medians:

* IFEval: `python -m instruction_following_eval.evaluation_main` (google-research's
  instruction_following_eval, run from OFFICIAL_DIR, the folder that holds that package)
  against `ifevalpp score RESPONSES --missing exclude --out DIR` on GPT-4's answers. The
  official program stops at the one prompt GPT-4 did not answer (key 2785), so both sides
  get the 540 answered cases (ifevalpp excludes the unanswered one itself);
* IFBench (with --ifbench): IFBench's `python -m run_eval` (run from IFBENCH_DIR, a
  checkout of allenai/IFBench at db69a6f) against `ifevalpp score RESPONSES --input CASES
  --protocol ifbench --out DIR` on the sample responses IFBench ships. `words:start_verb`
  prompts and their responses are left out of both: that type needs NLTK's tagger data,
  which IFBench downloads at import and ifevalpp does not carry.

Both sides read compiled bytecode, as installed packages do: the children run without
PYTHONDONTWRITEBYTECODE and with PYTHONPYCACHEPREFIX in the temporary directory, and an
untimed first round writes it (otherwise every run compiles every module's source, which
costs ifevalpp's ~180 modules several tenths of a second). Every output of each side is written (ifevalpp: results, metrics, the official-format
files, CSVs, report.md and report.html) into a fresh temporary directory. Nothing of either
evaluator is copied here; each runs in its own Python, which needs its packages (IFEval:
absl-py, langdetect, nltk, immutabledict; IFBench: its pyproject's pins) and NLTK data
(NLTK_DATA: punkt, and for IFBench punkt_tab and stopwords) present, so that nothing is
downloaded while timed.

    python benchmarks/bench_cli.py [--official-dir OFFICIAL_DIR --official-python PY] \\
        [--ifbench IFBENCH_DIR --ifbench-python PY --ifbench-data DIR] \\
        [--data /path/to/ifeval-data] [--repeat 5] [--python PYTHON]

The machine is shared or not: run it on a quiet one, and quote medians.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

DEFAULT_DATA = Path(os.environ.get("IFEVALPP_REFERENCE_DIR", "/work/shared/ifeval"))
TIME = "/usr/bin/time"


def timed(command: list[str], *, cwd: Path | None = None, env: dict[str, str] | None = None
          ) -> tuple[float, float]:
    """Wall seconds and peak MiB of one run of `command` (its output is discarded)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        completed = subprocess.run([TIME, "-f", "%e %M", "-o", report.name, *command], cwd=cwd,
                                   env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                   text=True)
        if completed.returncode != 0:
            raise SystemExit(f"failed ({completed.returncode}): {' '.join(command)}\n"
                             f"{completed.stderr[-2000:]}")
        wall, peak_kib = report.read().split()[-2:]
    return float(wall), float(peak_kib) / 1024


def answered_cases(cases: Path, responses: Path, target: Path,
                   skip_type: str | None = None) -> Path:
    """The cases some response answers (and, with `skip_type`, that do not ask for it)."""
    answered = {json.loads(line)["prompt"]
                for line in responses.read_text(encoding="utf-8").splitlines() if line.strip()}
    kept = []
    for line in cases.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if skip_type and skip_type in record["instruction_id_list"]:
            continue
        if skip_type or record["prompt"] in answered:
            kept.append(line)
    target.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return target


def responses_to(cases: Path, responses: Path, target: Path) -> Path:
    prompts = {json.loads(line)["prompt"] for line in cases.read_text(encoding="utf-8").splitlines()}
    kept = [line for line in responses.read_text(encoding="utf-8").splitlines()
            if line.strip() and json.loads(line)["prompt"] in prompts]
    target.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return target


def compare(name: str, ours: list[str], theirs: list[str], theirs_cwd: Path, repeat: int,
            scratch: Path) -> None:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(scratch / "pycache")
    figures: dict[str, list[tuple[float, float]]] = {"ifevalpp score": [], name: []}
    for round_ in range(repeat + 1):  # round 0 writes the bytecode and warms caches: not counted
        for label, command, cwd in (("ifevalpp score", ours, None), (name, theirs, theirs_cwd)):
            out = scratch / f"out-{len(figures[label])}-{label.split()[0]}"
            shutil.rmtree(out, ignore_errors=True)
            out.mkdir()
            result = timed([part.replace("{out}", str(out)) for part in command], cwd=cwd,
                           env=env)
            if round_:
                figures[label].append(result)
    print(f"\n{name}: {repeat} alternated rounds, medians (min-max)")
    medians = {}
    for label, runs in figures.items():
        walls, peaks = [wall for wall, _ in runs], [peak for _, peak in runs]
        medians[label] = statistics.median(walls)
        print(f"  {label:<28} wall {statistics.median(walls):6.2f} s ({min(walls):.2f}-"
              f"{max(walls):.2f})   peak {statistics.median(peaks):6.1f} MiB")
    ratio = medians[name] / medians["ifevalpp score"]
    print(f"  ifevalpp score is {ratio:.2f}x as fast")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA,
                        help="IFEval data: input_data.jsonl and gpt4_responses.jsonl")
    parser.add_argument("--official-dir", type=Path,
                        help="folder holding the instruction_following_eval package "
                             "(without it, only the IFBench comparison runs)")
    parser.add_argument("--official-python", default=sys.executable)
    parser.add_argument("--ifbench", type=Path, help="a checkout of allenai/IFBench")
    parser.add_argument("--ifbench-python", default=sys.executable)
    parser.add_argument("--ifbench-data", type=Path,
                        help="IFBench_test.jsonl and sample_output.jsonl (default: its data/)")
    parser.add_argument("--python", default=sys.executable, help="the Python ifevalpp runs in")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if not Path(TIME).exists():
        print(f"{TIME} (GNU time) is needed", file=sys.stderr)
        return 1
    if args.official_dir is None and args.ifbench is None:
        parser.error("nothing to compare: give --official-dir, --ifbench or both")

    with tempfile.TemporaryDirectory(prefix="bench-cli-") as tmp:
        scratch = Path(tmp)
        if args.official_dir:
            responses = args.data / "gpt4_responses.jsonl"
            cases = answered_cases(args.data / "input_data.jsonl", responses,
                                   scratch / "cases.jsonl")
            ours = [args.python, "-m", "ifevalpp", "score", str(responses), "--input",
                    str(args.data / "input_data.jsonl"), "--missing", "exclude", "--out", "{out}"]
            theirs = [args.official_python, "-m", "instruction_following_eval.evaluation_main",
                      f"--input_data={cases}", f"--input_response_data={responses}",
                      "--output_dir={out}"]
            compare("official evaluation_main", ours, theirs, args.official_dir, args.repeat,
                    scratch)

        if args.ifbench:
            data = args.ifbench_data or args.ifbench / "data"
            cases = answered_cases(data / "IFBench_test.jsonl", data / "sample_output.jsonl",
                                   scratch / "ifbench_cases.jsonl", skip_type="words:start_verb")
            answers = responses_to(cases, data / "sample_output.jsonl",
                                   scratch / "ifbench_responses.jsonl")
            ours = [args.python, "-m", "ifevalpp", "score", str(answers), "--input", str(cases),
                    "--protocol", "ifbench", "--out", "{out}"]
            theirs = [args.ifbench_python, "-m", "run_eval", f"--input_data={cases}",
                      f"--input_response_data={answers}", "--output_dir={out}"]
            compare("IFBench run_eval", ours, theirs, args.ifbench, args.repeat, scratch)
    return 0


if __name__ == "__main__":
    sys.exit(main())
