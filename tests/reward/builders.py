"""A small family file of our own wording for the reward and export tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import SMALL_CASES, write_lines


def small_families() -> list[dict[str, Any]]:
    """The three SMALL_CASES as originals, each with one rephrasing of our own."""
    records = []
    for case in SMALL_CASES:
        for kind, index, prompt in (("original", 0, case["prompt"]),
                                    ("rephrasing", 1, "Please: " + case["prompt"].lower())):
            records.append({"key": f"{case['key']}:{kind}:{index}", "case": case["key"],
                            "kind": kind, "index": index, "prompt": prompt,
                            "instruction_id_list": case["instruction_id_list"],
                            "kwargs": case["kwargs"]})
    return records


def write_families(path: Path) -> Path:
    return write_lines(path, small_families())


# For each case key, an answer that follows every instruction and one that does not.
ANSWERS = {
    1: ("A tall white tower stands by the sea", "A tall, white tower stands by the sea"),
    2: ("Keep a regular bedtime, avoid late coffee, and leave screens outside the bedroom "
        "tonight.", "Sleep early."),
    3: ("green tea calms the mind and warms the hands.", "Green tea calms the mind."),
}
