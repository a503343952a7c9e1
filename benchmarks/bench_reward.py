"""Benchmark the reward API by hand (not a timed test): throughput of a big batch, latency of 64.

Builds the synthetic family responses of `bench_score.py` (541 cases x 10
prompts x 4 samples = 21,640 responses, each a seeded variation of a GPT-4
response, so no two texts are equal and no cache hit flatters the numbers; the
40 responses to the one prompt GPT-4 never answered are empty and score 0.0)
in a temporary directory, then measures

* completions per second of `score_batch(..., mode="strict", reduce="all")`
  on the whole batch, with 1 worker (in process) and with 2 workers (the
  process pool, already started: its one-time start-up is timed separately);
* the latency of one call on a batch of 64 (16 prompts x 4 samples, a typical
  rollout group), through `score_batch` and through the TRL reward function
  with conversational completions, each batch new to the caches.

Text caches are cleared before every repeat; each figure is given twice, with
everything cold and with the language detector's per-word caches warm (as
they are after a training run's first steps: its vocabulary recurs). The
machine's load average is printed with each figure, and the CPU time spent
per completion (this process and its workers), which depends much less on
what else the machine runs: on a shared machine, quote both.

Usage (targets: >= 10,000 completions/s with 2 workers, < 20 ms per 64):

    python benchmarks/bench_reward.py [--data /work/shared/ifeval] [--repeat 5]
        [--workers 1,2] [--latency-batches 100] [--mode strict] [--reduce all]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_score import DEFAULT_DATA, build  # noqa: E402

from ifevalpp import langid, loose, text  # noqa: E402
from ifevalpp.evaluate.scoring import warm_up  # noqa: E402
from ifevalpp.reward import score_batch, shutdown_workers, trl_reward  # noqa: E402


def load_batch(data: Path, work: Path) -> dict[str, list[Any]]:
    """Completions and their instruction columns, in file order (4 samples of each prompt)."""
    families, answers, _ = build(data, work, samples=4)
    prompts = {}
    for line in families.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        prompts[record["key"]] = record
    batch: dict[str, list[Any]] = {"completions": [], "ids": [], "kwargs": [], "prompts": []}
    for line in answers.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        prompt = prompts[record["key"]]
        batch["completions"].append(record.get("response") or "")
        batch["ids"].append(prompt["instruction_id_list"])   # shared by the prompt's 4 samples,
        batch["kwargs"].append(prompt["kwargs"])             # as a trainer's repeated rows are
        batch["prompts"].append(prompt["prompt"])
    return batch


def clear_caches(*, words: bool = True) -> None:
    """Forget every analysed text; with `words`, also the language detector's per-word n-grams.

    A training run keeps the word caches warm (its vocabulary recurs from step to step), so
    the benchmark reports both: everything cold, and words warm with every text new.
    """
    text.clear_caches()
    loose.loose_variants.cache_clear()
    if words:
        langid._forget_words()


def load() -> str:
    return "load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def cpu_seconds() -> float:
    """CPU time of this process and of its reaped children (the pool's workers, once stopped)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), \
        resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def throughput(batch: dict[str, list[Any]], workers: int, repeat: int, mode: str,
               reduce: str, *, warm_words: bool) -> None:
    count = len(batch["completions"])
    rates, starts, cpu = [], [], []
    for _ in range(repeat):
        shutdown_workers()
        clear_caches(words=not warm_words)
        if workers > 1:
            # Start the pool on texts that are not in the batch, so no worker cache holds them.
            warm = [f"Warm-up answer number {n}, which no benchmark text repeats." for n in
                    range(300)]
            started = time.perf_counter()
            score_batch(warm, [["punctuation:no_comma"]] * len(warm), [[{}]] * len(warm),
                        workers=workers)
            starts.append(time.perf_counter() - started)
        cpu_before, started = cpu_seconds(), time.perf_counter()
        score_batch(batch["completions"], batch["ids"], batch["kwargs"], mode=mode,
                    reduce=reduce, workers=workers)  # type: ignore[arg-type]
        rates.append(count / (time.perf_counter() - started))
        shutdown_workers()  # reaps the workers, so their CPU time is counted
        cpu.append(cpu_seconds() - cpu_before)
    state = "word caches warm" if warm_words else "all caches cold"
    line = (f"{workers} worker(s), {state}: {count} completions, "
            f"median {statistics.median(rates):,.0f}/s "
            f"(runs: {', '.join(f'{rate:,.0f}' for rate in rates)})")
    if starts:
        line += f"; pool start-up {1000 * statistics.median(starts):.0f} ms (median)"
    # Wall time depends on what else runs; CPU time much less: what free cores would do.
    per_completion = statistics.median(cpu) / count
    line += (f"; CPU {1e6 * per_completion:.0f} us per completion, i.e. "
             f"{workers / per_completion:,.0f}/s on {workers} free core(s)")
    print(f"{line}; {load()}")


def latency(batch: dict[str, list[Any]], batches: int, mode: str, reduce: str, *,
            warm_words: bool) -> None:
    clear_caches(words=not warm_words)
    count = len(batch["completions"])
    step = max(64, (count // batches) // 64 * 64)
    starts = list(range(0, count - 64 + 1, step))[:batches]
    reward = trl_reward(mode=mode, reduce=reduce)  # type: ignore[arg-type]
    for label in ("score_batch", "trl_reward (conversational)"):
        times, cpu = [], []
        for start in starts:
            piece = {name: column[start:start + 64] for name, column in batch.items()}
            began, cpu_began = time.perf_counter(), time.process_time()
            if label == "score_batch":
                score_batch(piece["completions"], piece["ids"], piece["kwargs"], mode=mode,
                            reduce=reduce)  # type: ignore[arg-type]
            else:
                reward(prompts=[[{"role": "user", "content": p}] for p in piece["prompts"]],
                       completions=[[{"role": "assistant", "content": c}]
                                    for c in piece["completions"]],
                       completion_ids=[[0]] * 64, instruction_id_list=piece["ids"],
                       kwargs=[json.dumps(k) for k in piece["kwargs"]], trainer_state=None)
            times.append(1000 * (time.perf_counter() - began))
            cpu.append(1000 * (time.process_time() - cpu_began))
        clear_caches(words=not warm_words)
        times.sort()
        cpu.sort()
        state = "word caches warm" if warm_words else "all caches cold"
        print(f"64 per call, {label}, {state}: median {statistics.median(times):.1f} ms, "
              f"p90 {times[int(0.9 * (len(times) - 1))]:.1f} ms, max {times[-1]:.1f} ms; "
              f"CPU median {statistics.median(cpu):.1f} ms, p90 "
              f"{cpu[int(0.9 * (len(cpu) - 1))]:.1f} ms, max {cpu[-1]:.1f} ms "
              f"({len(times)} batches); {load()}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--latency-batches", type=int, default=100)
    parser.add_argument("--mode", default="strict", choices=["strict", "loose"])
    parser.add_argument("--reduce", default="all", choices=["all", "fraction"])
    args = parser.parse_args()
    if not (args.data / "input_data.jsonl").exists():
        print(f"no IFEval data in {args.data} (set IFEVALPP_REFERENCE_DIR)", file=sys.stderr)
        return 2
    print(f"{os.cpu_count()} cores; mode={args.mode} reduce={args.reduce}; {load()}")
    with tempfile.TemporaryDirectory(prefix="ifevalpp-bench-reward-") as tmp:
        batch = load_batch(args.data, Path(tmp))
    warm_up()  # the tokenizers and language profiles load once, outside every timing
    for warm_words in (False, True):
        if warm_words:  # one pass over the batch teaches the detector its words
            score_batch(batch["completions"], batch["ids"], batch["kwargs"], workers=1)
        for workers in (int(value) for value in args.workers.split(",")):
            throughput(batch, workers, args.repeat, args.mode, args.reduce,
                       warm_words=warm_words)
        latency(batch, args.latency_batches, args.mode, args.reduce, warm_words=warm_words)
    return 0


if __name__ == "__main__":
    sys.exit(main())
