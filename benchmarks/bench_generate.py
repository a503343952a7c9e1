"""Wall time of the default `generate-families` run on the 541 GitHub cases.

    python benchmarks/bench_generate.py [path/to/input_data.jsonl] [--jobs N ...]

The path defaults to $IFEVALPP_ORIGINAL. Runs the generation once per number of worker
processes asked (default: one, then one per core, as the CLI does), checks that every run
makes the same families, and prints wall time, prompts made and coverage; the target is
under 60 s on a developer machine. For whole-process figures (start-up and writing the
file included) time `ifevalpp generate-families --jobs N` with /usr/bin/time instead.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", nargs="?", default=os.environ.get("IFEVALPP_ORIGINAL"))
    parser.add_argument("--jobs", type=int, action="append", default=None)
    args = parser.parse_args()
    if not args.path:
        print("give the IFEval original as an argument or set IFEVALPP_ORIGINAL")
        return 2
    from ifevalpp.cases import load_variants
    from ifevalpp.generate import generate_families
    from ifevalpp.generate.processes import cores

    variants = load_variants(args.path)
    dumps, slowest = [], 0.0
    for jobs in args.jobs or [1, cores()]:
        started = time.perf_counter()
        result = generate_families(variants, seed=0, jobs=jobs)
        elapsed = time.perf_counter() - started
        slowest = max(slowest, elapsed)
        dumps.append([json.dumps(variant.model_dump(mode="json")) for variant in result.variants])
        print(f"jobs {jobs}  cases {len(result.cases)}  prompts {len(result.variants)}  "
              f"coverage {100 * result.coverage():.1f}%  wall {elapsed:.1f} s")
    if any(dump != dumps[0] for dump in dumps):
        print("the runs made different families")
        return 1
    return 0 if slowest < 60 else 1


if __name__ == "__main__":
    sys.exit(main())
