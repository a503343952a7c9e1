"""The LLM backend's filter over the whole GitHub original, with the template backend as the
"model": its cousins are served as canned answers by the tests' fake OpenAI-compatible server.

    python benchmarks/bench_llm_replay.py [path/to/input_data.jsonl]

The path defaults to $IFEVALPP_ORIGINAL. Prints the wall time of the model backend over all
cousins (request, parse, proofs, strict validation; one attempt each, no cache on disk), how
many template cousins the model backend accepts per kind, and the reasons for the rest: the
model backend's checks are stricter than the template backend's construction in places
(statements its finders must read, distinct distractor requirements, harder-only values),
so this also lists template cousins that a model would have to redo.
"""

from __future__ import annotations

import collections
import os
import sys
import time
from pathlib import Path
from typing import Any


def answers_from(template: Any) -> dict[tuple[Any, str, int], dict[str, Any]]:
    """Each template cousin as the JSON answer a model would give for it."""
    answers = {}
    for variant in template.variants:
        if variant.kind == "original":
            continue
        answer: dict[str, Any] = {"prompt": variant.prompt, "kwargs": variant.kwargs}
        named = variant.distractor
        if variant.kind == "distractor" and named:
            answer["distractor"] = ({"id": named["instruction_id"], "kwargs": named["kwargs"]}
                                    if "instruction_id" in named
                                    else {"id": variant.generator.detail["requirement"]})
        answers[(variant.case, variant.kind, variant.index)] = answer
    return answers


def main() -> int:
    path = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("IFEVALPP_ORIGINAL")
    if not path:
        print("give the IFEval original as an argument or set IFEVALPP_ORIGINAL")
        return 2
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "generate"))
    from llm_fakes import CannedModel, FakeServer

    from ifevalpp.cases import load_variants
    from ifevalpp.generate import generate_families
    from ifevalpp.generate.llm import LLMSettings, generate_families_llm
    from ifevalpp.generate.llm.checks import cross_family
    from ifevalpp.respond import RetryPolicy

    cases = [variant for variant in load_variants(path) if variant.kind == "original"]
    template = generate_families(cases, seed=0)
    answers = answers_from(template)
    canned = CannedModel({case.prompt: case.case for case in cases}, answers)
    started = time.perf_counter()
    with FakeServer(canned) as server:
        settings = LLMSettings(model="template-replay", base_urls=[server.url], timeout_s=30,
                               retry=RetryPolicy(max_attempts=1), concurrency=2, cache_dir=None)
        result = generate_families_llm(cases, settings, seed=0, max_attempts=1)
    elapsed = time.perf_counter() - started
    made = collections.Counter(v.kind for v in result.variants if v.kind != "original")
    offered = collections.Counter(kind for _, kind, _ in answers)
    print(f"model backend over {len(answers)} template cousins: wall {elapsed:.1f} s "
          f"({1000 * elapsed / max(len(answers), 1):.1f} ms per cousin)")
    print("accepted: " + ", ".join(f"{kind} {made[kind]}/{offered[kind]}" for kind in offered))
    reasons = collections.Counter(
        (failure.kind, ":".join(failure.reason.split(":")[:2])[:110])
        for failure in result.failures if (failure.case, failure.kind, failure.index) in answers)
    for (kind, reason), number in reasons.most_common(15):
        print(f"  {number:>5} × {kind}: {reason}")
    print(f"prompts in two families: {len(cross_family(result.variants))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
