"""Answer throughput of the embedded SmolLM2-135M server by number of slots (run by hand).

    python benchmarks/bench_embedded.py [--prompts 16] [--max-tokens 96] [--slots 1,2,4,8]

Each setting starts `ifevalpp.embedded.EmbeddedServer` (one compute thread),
runs `ifevalpp.respond` over the same prompts at temperature 0 with one request
in flight per slot, and reports completion tokens per second of wall time.
This is what decides the `study --model embedded` default of 4 slots: batching
several requests on one thread amortises reading the weights.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ifevalpp.embedded import EmbeddedServer, EmbeddedSettings  # noqa: E402
from ifevalpp.respond import RespondConfig, SamplingParams, respond  # noqa: E402

SUBJECTS = ["a harbour", "a bakery", "winter birds", "a kite", "a station", "a chess club",
            "an orchard", "a night market", "a tide pool", "a tram ride", "a lighthouse",
            "a library", "a glacier", "a violin", "a letter", "a bridge"]


def write_prompts(path: Path, count: int) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        for number in range(count):
            subject = SUBJECTS[number % len(SUBJECTS)]
            handle.write(json.dumps({
                "key": number, "prompt": f"Write a short paragraph about {subject} ({number}).",
                "instruction_id_list": [], "kwargs": []}) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--prompts", type=int, default=16)
    parser.add_argument("--max-tokens", type=int, default=96)
    parser.add_argument("--slots", default="1,2,4,8")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        prompts = Path(scratch) / "prompts.jsonl"
        write_prompts(prompts, options.prompts)
        print(f"{'slots':>5}  {'tokens':>7}  {'wall s':>7}  {'tokens/s':>8}")
        for slots in [int(value) for value in options.slots.split(",")]:
            settings = EmbeddedSettings.bundled(slots=slots,
                                                context_per_slot=1024 + options.max_tokens)
            with EmbeddedServer(settings) as server:
                config = RespondConfig(
                    inputs=[prompts], out_dir=Path(scratch) / f"run-{slots}", model=server.model,
                    base_urls=[server.base_url], concurrency=slots,
                    sampling=SamplingParams(temperature=0.0, max_tokens=options.max_tokens))
                started = time.perf_counter()
                summary = respond(config)
                wall = time.perf_counter() - started
            tokens = summary.session.completion_tokens
            print(f"{slots:>5}  {tokens:>7}  {wall:>7.1f}  {tokens / wall:>8.1f}", flush=True)


if __name__ == "__main__":
    main()
