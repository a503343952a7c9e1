"""Requests per second of `ifevalpp respond` against a zero-latency fake server (run by hand).

    python benchmarks/bench_respond.py [--requests 2000] [--concurrency 64] [--repeat 3]

The fake OpenAI server runs in its own process so it does not compete with the
client for the GIL; the client runs the library exactly as the CLI does
(durable writes, manifest, retries armed), minus the progress bar. Target on
the 2-core reference machine: at least 300 requests/s at concurrency 64.
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
FAKES = ROOT / "tests" / "respond" / "respond_fakes.py"

from ifevalpp.respond import RespondConfig, respond  # noqa: E402


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_ready(url: str, deadline_s: float = 10.0) -> None:
    stop = time.monotonic() + deadline_s
    while True:
        try:
            with urllib.request.urlopen(url + "/models", timeout=1) as answer:
                if answer.status == 200:
                    return
        except OSError:
            if time.monotonic() > stop:
                raise
            time.sleep(0.05)


def write_prompts(path: Path, count: int) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        for number in range(count):
            handle.write(json.dumps({"key": number, "prompt": f"Benchmark prompt {number}.",
                                     "instruction_id_list": [], "kwargs": []}) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=64)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()

    port = free_port()
    server = subprocess.Popen([sys.executable, str(FAKES), "--port", str(port)],
                              stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/v1"
    rates: list[float] = []
    try:
        wait_ready(url)
        with tempfile.TemporaryDirectory() as scratch:
            prompts = Path(scratch) / "prompts.jsonl"
            write_prompts(prompts, options.requests)
            for round_number in range(options.repeat):
                config = RespondConfig(inputs=[prompts], out_dir=Path(scratch) / f"run{round_number}",
                                       model="fake", base_urls=[url],
                                       concurrency=options.concurrency)
                started = time.perf_counter()
                summary = respond(config)
                elapsed = time.perf_counter() - started
                assert summary.session.done == options.requests, summary
                rates.append(options.requests / elapsed)
                print(f"round {round_number + 1}: {options.requests} requests in {elapsed:.2f} s "
                      f"= {rates[-1]:.0f} requests/s")
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(f"median {statistics.median(rates):.0f} requests/s at concurrency {options.concurrency} "
          f"(target >= 300)")


if __name__ == "__main__":
    main()
