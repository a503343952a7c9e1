"""The committed sample of 20 families (tests/fixtures/sample/, made by tests/generate/sample/make_sample.py) is what generation makes now:
a change to generation shows in the git diff of families.jsonl (see make_sample.py for why it exists
beside the pins of the default files)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "sample"))
from make_sample import CASES, FAMILIES, sample_lines  # noqa: E402


def _by_key(lines):
    return {json.loads(line)["key"]: line for line in lines}


def test_the_sample_covers_every_instruction_type_in_twenty_families():
    from ifevalpp.constraints import REGISTRY

    cases = [json.loads(line) for line in CASES.read_text(encoding="utf-8").splitlines()]
    assert len(cases) == 20
    assert {instruction_id for case in cases for instruction_id in case["instruction_id_list"]} \
        == set(REGISTRY)


def test_generation_makes_the_committed_sample():
    made = _by_key(sample_lines())
    committed = _by_key(FAMILIES.read_text(encoding="utf-8").splitlines(keepends=True))
    differ = sorted(key for key in made.keys() | committed.keys()
                    if made.get(key) != committed.get(key))
    assert differ == [], (f"{len(differ)} sample prompts differ ({', '.join(differ[:12])}); if "
                          f"the change is meant, run `python tests/generate/sample/make_sample.py` and "
                          f"commit families.jsonl with it")
    assert list(made) == list(committed)
