"""A small scored family run shared by the report tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from ifevalpp.evaluate import score
from ifevalpp.evaluate.report_model import ReliabilityReport
from tests.evaluate.builders import family_prompts, responses_for, write_lines

FAILS = {"1:rephrasing:2": False, "1:reconfiguration:1": False, "2:distractor:1": False,
         "3:original:0": False, "4:distractor:2": False, "5:rephrasing:1": "loose",
         "6:reconfiguration:3": "loose"}


@pytest.fixture()
def family_report(tmp_path: Path) -> ReliabilityReport:
    prompts = family_prompts([1, 2, 3, 4, 5, 6])
    families = write_lines(tmp_path / "families.jsonl", prompts)
    responses = write_lines(tmp_path / "responses.jsonl", responses_for(prompts, FAILS))
    return score(responses, families, bootstrap=300)


@pytest.fixture()
def plain_report(tmp_path: Path) -> ReliabilityReport:
    cases = [{"key": key, "prompt": f"Case {key}: no commas please.",
              "instruction_id_list": ["punctuation:no_comma"], "kwargs": [{}]}
             for key in range(1, 7)]
    answers = [{"prompt": case["prompt"], "response": "a, b" if case["key"] == 3 else "ab"}
               for case in cases]
    return score(write_lines(tmp_path / "r.jsonl", answers),
                 write_lines(tmp_path / "c.jsonl", cases), bootstrap=300)
