"""`ifevalpp validate` as a user meets it: summary, formats, exit codes, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.validate import validate_records
from tests.helpers import case, write_lines

CLEAN = case(1, "Describe a lighthouse in at least 20 words, without any commas.",
             ("length_constraints:number_words", {"relation": "at least", "num_words": 20}),
             ("punctuation:no_comma", {}))
WRONG_NUMBER = case(2, "Write at least 400 words about tides.",
                    ("length_constraints:number_words", {"relation": "at least", "num_words": 350}))
ONLY_WARNING = case(3, "Describe a harbour in all lowercase letters.",
                    ("change_case:english_lowercase", {}))


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture()
def cases_file(tmp_path: Path) -> Path:
    return write_lines(tmp_path / "cases.jsonl", [CLEAN, WRONG_NUMBER, ONLY_WARNING])


def test_table_prints_the_summary_by_code_and_type_then_each_finding(cases_file):
    result = run("validate", str(cases_file))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == ("validated 3 cases (profile official): 1 with an error (33.3%), "
                        "1 with a warning")
    assert "by code" in lines and "by instruction type" in lines and "findings" in lines
    assert any(line.startswith("REFLECT_NUMBER_MISMATCH") for line in lines)
    assert any(line.startswith("length_constraints:number_words") for line in lines)


def test_jsonl_matches_the_library(cases_file):
    result = run("validate", str(cases_file), "--format", "jsonl")
    written = [json.loads(line) for line in result.output.splitlines()]
    report = validate_records([CLEAN, WRONG_NUMBER, ONLY_WARNING])
    assert written == [finding.model_dump(mode="json") for finding in report.findings]


def test_json_holds_summary_and_findings(cases_file):
    document = json.loads(run("validate", str(cases_file), "--format", "json").output)
    assert document["cases"] == 3 and document["cases_with_error"] == 1
    assert {row["code"] for row in document["by_code"]} == {
        "REFLECT_NUMBER_MISMATCH", "REFLECT_IMPLICIT_ENGLISH"}
    assert len(document["findings"]) == 2


def test_fail_on_warning_exits_1_for_warnings_only(tmp_path):
    path = write_lines(tmp_path / "warn.jsonl", [CLEAN, ONLY_WARNING])
    assert run("validate", str(path)).exit_code == 0
    assert run("validate", str(path), "--fail-on", "warning").exit_code == 1


def test_fail_on_never_exits_0_despite_errors(cases_file):
    assert run("validate", str(cases_file), "--fail-on", "never").exit_code == 0


def test_a_clean_file_exits_0_and_says_so(tmp_path):
    result = run("validate", str(write_lines(tmp_path / "ok.jsonl", [CLEAN])))
    assert result.exit_code == 0
    assert result.output.splitlines()[0].endswith("0 with an error (0.0%), 0 with a warning")


def test_schema_problems_are_findings_not_a_crash(tmp_path):
    broken = [{"key": 9, "prompt": "Describe rain.", "instruction_id_list": ["x:y"],
               "kwargs": [{}]},
              {"key": 10, "prompt": "Describe rain.", "instruction_id_list": [],
               "kwargs": [{}]},
              [1, 2, 3]]
    result = run("validate", str(write_lines(tmp_path / "broken.jsonl", broken)),
                 "--format", "jsonl")
    assert result.exit_code == 1
    found = [json.loads(line) for line in result.output.splitlines()]
    assert [(row["key"], row["code"]) for row in found] == [
        (9, "SCHEMA_UNKNOWN_ID"), (10, "SCHEMA_MISALIGNED"), ("line 3", "SCHEMA_RECORD")]


def test_malformed_json_is_unreadable_input_exit_2(tmp_path):
    path = write_lines(tmp_path / "bad.jsonl", ['{"key": 1, "prompt": '])
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2
    assert "line 1" in result.output and "malformed JSON" in result.output


def test_missing_file_exits_2(tmp_path):
    result = CliRunner().invoke(main, ["validate", str(tmp_path / "nope.jsonl")])
    assert result.exit_code == 2 and "file not found" in result.output


def test_without_input_or_a_fetched_original_exits_2_saying_how_to_fetch(tmp_path, monkeypatch):
    monkeypatch.setenv("IFEVALPP_DATA", str(tmp_path / "data"))
    result = CliRunner().invoke(main, ["validate"])
    assert result.exit_code == 2
    assert str(tmp_path / "data" / "original" / "github.jsonl") in result.output
    assert "ifevalpp fetch --revision github" in result.output and "--from" in result.output


def test_default_input_is_the_fetched_original_in_the_data_directory(tmp_path, monkeypatch):
    monkeypatch.setenv("IFEVALPP_DATA", str(tmp_path / "data"))
    (tmp_path / "data" / "original").mkdir(parents=True)
    write_lines(tmp_path / "data" / "original" / "github.jsonl", [CLEAN])
    monkeypatch.chdir(tmp_path / "data")  # from anywhere
    result = run("validate")
    assert result.exit_code == 0 and result.output.startswith("validated 1 cases")


def test_family_records_are_read_by_key(tmp_path):
    family = dict(WRONG_NUMBER, key="2:rephrasing:1", case=2, kind="rephrasing", index=1)
    result = run("validate", str(write_lines(tmp_path / "family.jsonl", [family])),
                 "--format", "jsonl")
    assert json.loads(result.output)["key"] == "2:rephrasing:1"


def test_profile_revised_accepts_at_most(tmp_path):
    record = case(4, "Answer in at most 80 words.",
                  ("length_constraints:number_words", {"relation": "at most", "num_words": 80}))
    path = write_lines(tmp_path / "at_most.jsonl", [record])
    assert run("validate", str(path)).exit_code == 1
    assert run("validate", str(path), "--profile", "revised").exit_code == 0
