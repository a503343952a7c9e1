"""IFBench's types on hand-written edge cases: the verdicts in tests/fixtures/ifbench_edge_cases.jsonl are
IFBench's own evaluator's (allenai/IFBench at db69a6f, NLTK 3.9.2, emoji 2.15.0, syllapy 0.7.2;
`revised`: the same with IFBench's PR #34 applied), strict and loose, made by running it on these
texts. The texts and kwargs are ours.

Where IFBench's checker raises (its whole run stops) the row has no verdict, and ifevalpp
fails the instruction instead. `words:start_verb` rows need the tagger's files
(IFEVALPP_POS_TAGGER) and are skipped without them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ifevalpp.constraints import check_all, get

ROWS = [json.loads(line) for line in
        (Path(__file__).parents[1] / "fixtures" / "ifbench_edge_cases.jsonl").read_text(
            encoding="utf-8").splitlines()]
TYPES = sorted({row["instruction_id"] for row in ROWS})


def _expected(verdicts):
    return [False, False] if verdicts is None else verdicts


@pytest.mark.parametrize("instruction_id", TYPES)
def test_edge_cases_get_ifbench_verdicts_under_ifbench_and_revised(instruction_id):
    if get(instruction_id).unavailable():
        pytest.skip(get(instruction_id).unavailable())
    wrong = []
    for row in (row for row in ROWS if row["instruction_id"] == instruction_id):
        for profile in ("ifbench", "revised"):
            strict, loose = check_all([instruction_id], [row["kwargs"]], row["response"],
                                      profile=profile)
            if [strict[0], loose[0]] != _expected(row[profile]):
                wrong.append((profile, row["kwargs"], row["response"], row[profile],
                              [strict[0], loose[0]]))
    assert wrong == []


def test_every_ifbench_type_has_edge_cases():
    from ifevalpp.constraints import suite_ids

    assert TYPES == suite_ids("ifbench")


def test_a_csv_field_over_the_csv_module_limit_fails_where_ifbench_crashes():
    response = "ID,Country,City,Year,Count\n" + "x" * 140_000
    assert check_all(["custom:csv_city"], [{}], response, profile="ifbench") == ([False], [False])


def test_the_official_and_paper_profiles_judge_ifbench_types_as_ifbench_does():
    row = next(row for row in ROWS if row["instruction_id"] == "count:keywords_multiple")
    verdicts = {profile: check_all([row["instruction_id"]], [row["kwargs"]], row["response"],
                                   profile=profile)
                for profile in ("official", "ifevalpp-paper", "ifbench")}
    assert len({repr(value) for value in verdicts.values()}) == 1
