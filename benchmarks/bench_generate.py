"""Wall time of the default `generate-families` run on the 541 GitHub cases.

    python benchmarks/bench_generate.py [path/to/input_data.jsonl]

The path defaults to $IFEVALPP_ORIGINAL. Prints wall time, prompts made and coverage;
the target is under 60 s on a developer machine.
"""

from __future__ import annotations

import os
import sys
import time


def main() -> int:
    path = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("IFEVALPP_ORIGINAL")
    if not path:
        print("give the IFEval original as an argument or set IFEVALPP_ORIGINAL")
        return 2
    from ifevalpp.cases import load_variants
    from ifevalpp.generate import generate_families

    started = time.perf_counter()
    variants = load_variants(path)
    result = generate_families(variants, seed=0)
    elapsed = time.perf_counter() - started
    print(f"cases {len(result.cases)}  prompts {len(result.variants)}  "
          f"coverage {100 * result.coverage():.1f}%  validator {result.validator}  "
          f"wall {elapsed:.1f} s")
    return 0 if elapsed < 60 else 1


if __name__ == "__main__":
    sys.exit(main())
