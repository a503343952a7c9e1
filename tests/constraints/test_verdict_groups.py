"""Scoring under several profiles checks a type once per group of profiles that judge it alike
(`Constraint.verdict_groups`): the shortcut must give exactly the per-profile verdicts."""

from __future__ import annotations

from pathlib import Path

import pytest

from ifevalpp.constraints import check_all, check_all_profiles
from ifevalpp.errors import ParamsError
from tests.constraints.test_paper_profile import CASES
from tests.helpers import read_jsonl

PROFILES = ("official", "revised", "ifevalpp-paper")
TEXTS = sorted({row[3] for row in CASES}) + [
    "", "   ", "<think>a, b</think>\n\nSECTION 1 x SECTION 2 y", "12345", "ԲԱՐԵՎ ՁԵԶ",
    "a\n******\nb", "a ******* b", "Write a poem, please! Sure."]
SETTINGS = sorted({(row[1], repr(row[2])): row for row in CASES}.values(), key=lambda row: row[0])


def _per_profile(ids, kwargs, text):
    results = []
    for profile in PROFILES:
        try:
            results.append(check_all(ids, kwargs, text, profile=profile))
        except ParamsError:
            results.append("refused")
    return results


@pytest.mark.parametrize("row", SETTINGS, ids=[row[0] for row in SETTINGS])
def test_grouped_checking_equals_checking_each_profile(row):
    _, instruction_id, kwargs, *_ = row
    for text in TEXTS:
        expected = _per_profile([instruction_id], [kwargs], text)
        usable = [p for p, result in zip(PROFILES, expected) if result != "refused"]
        got = check_all_profiles([instruction_id], [kwargs], text, profiles=usable)
        assert got == [result for result in expected if result != "refused"], (text, usable)


def test_grouped_checking_on_the_gpt4_responses(reference_dir: Path, original_path: Path):
    cases = {case["prompt"]: case for case in read_jsonl(original_path)}
    for row in read_jsonl(reference_dir / "gpt4_official_strict.jsonl"):
        case = cases[row["prompt"]]
        for text in (row["response"], "<think>x, y</think>\n\n" + row["response"]):
            got = check_all_profiles(case["instruction_id_list"], case["kwargs"], text,
                                     profiles=PROFILES)
            assert got == _per_profile(case["instruction_id_list"], case["kwargs"], text)
