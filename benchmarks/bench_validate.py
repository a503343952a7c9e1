"""How fast is `validate_case`? The generators call it for every cousin they make.

    python benchmarks/bench_validate.py [INPUT]        # default: $IFEVALPP_ORIGINAL

Prints the one-off warm-up (tokenizer and language profiles), then the time for
all cases with cold per-prompt caches and again with warm ones, with and
without the witness. The target is all 541 originals in under a second.
"""

from __future__ import annotations

import json
import os
import sys
import time


def _load(path: str) -> list[dict]:
    with open(path, encoding="utf-8") as handle:
        return [json.loads(line) for line in handle if line.strip()]


def _clear_caches() -> None:
    from ifevalpp import text
    from ifevalpp.constraints.support import count_phrases, phrases
    text.clear_caches()
    count_phrases.counts.cache_clear()
    phrases.sentences.cache_clear()


def _time(records: list[dict], *, witness: bool) -> float:
    from ifevalpp.validate import validate_case
    started = time.perf_counter()
    for record in records:
        validate_case(record, witness=witness)
    return time.perf_counter() - started


def main(argv: list[str]) -> int:
    path = argv[1] if len(argv) > 1 else os.environ.get("IFEVALPP_ORIGINAL")
    if not path:
        print("usage: bench_validate.py INPUT (or set IFEVALPP_ORIGINAL)", file=sys.stderr)
        return 2
    records = _load(path)
    started = time.perf_counter()
    from ifevalpp.validate import validate_case
    validate_case(records[0])
    print(f"warm-up (imports, Punkt, language profiles): {time.perf_counter() - started:.3f} s")
    for witness in (True, False):
        _clear_caches()
        cold = _time(records, witness=witness)
        warm = _time(records, witness=witness)
        label = "with witness   " if witness else "without witness"
        print(f"{label}: {len(records)} cases in {cold:.3f} s (cold caches), "
              f"{warm:.3f} s (warm caches); {1000 * cold / len(records):.2f} ms per case")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
