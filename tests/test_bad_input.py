"""Bad and useless input, as a user meets it in the real CLI: one line, exit 2, nothing written.

Covers the README's bad-input paragraph: bytes that are not UTF-8, empty files,
responses that match no case, nothing but failed requests; and the loud
warning when every scored response is empty.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import SMALL_CASES, SMALL_RESPONSES, run_cli, write_lines

LATIN1 = "Décrivez un phare sans virgules.".encode("latin-1")


@pytest.fixture()
def cases(tmp_path: Path) -> Path:
    return write_lines(tmp_path / "cases.jsonl", SMALL_CASES)


def latin1_jsonl(path: Path, records: list[dict], bad_line: int) -> Path:
    """A JSONL file whose line `bad_line` holds a Latin-1 é (not UTF-8)."""
    lines = [json.dumps(record).encode("utf-8") for record in records]
    record = records[bad_line - 1]
    lines[bad_line - 1] = json.dumps({**record, "prompt": "@"}).encode("utf-8").replace(
        b'"@"', b'"' + LATIN1 + b'"')
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path


def assert_one_line_error(result, *needles: str) -> None:
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
    assert "Traceback" not in result.stderr


# not UTF-8 ---------------------------------------------------------------------------------

def test_a_latin1_responses_file_is_one_line_naming_file_and_line(cases, tmp_path):
    responses = latin1_jsonl(tmp_path / "answers.jsonl", SMALL_RESPONSES, bad_line=2)
    result = run_cli("score", str(responses), "--input", str(cases), "--out", str(tmp_path / "o"))
    assert_one_line_error(result, "answers.jsonl, line 2: not UTF-8 text (byte 0xe9 at column")
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("verb", ["score", "validate", "generate-families", "respond"])
def test_a_latin1_case_file_is_one_line_naming_file_and_line_for_every_verb(verb, tmp_path):
    bad = latin1_jsonl(tmp_path / "latin1.jsonl", SMALL_CASES, bad_line=3)
    responses = write_lines(tmp_path / "r.jsonl", SMALL_RESPONSES)
    args = {"score": ["score", str(responses), "--input", str(bad)],
            "validate": ["validate", str(bad)],
            "generate-families": ["generate-families", "--original", str(bad), "--out",
                                  str(tmp_path / "f.jsonl"), "--no-progress"],
            "respond": ["respond", str(bad), "--model", "m", "--base-url",
                        "http://127.0.0.1:9/v1", "--out", str(tmp_path / "run")]}[verb]
    assert_one_line_error(run_cli(*args), "latin1.jsonl, line 3: not UTF-8 text")


def test_a_utf8_byte_order_mark_is_accepted(cases, tmp_path):
    responses = tmp_path / "bom.jsonl"
    text = "\n".join(json.dumps(record) for record in SMALL_RESPONSES) + "\n"
    responses.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))  # as Windows editors save
    result = run_cli("score", str(responses), "--input", str(cases), "--bootstrap", "0")
    assert result.returncode == 0, result.stderr


def test_a_latin1_metrics_json_in_a_run_is_named_by_compare(cases, tmp_path):
    responses = write_lines(tmp_path / "r.jsonl", SMALL_RESPONSES)
    assert run_cli("score", str(responses), "--input", str(cases), "--bootstrap", "0",
                   "--out", str(tmp_path / "a")).returncode == 0
    metrics = tmp_path / "a" / "metrics.json"
    metrics.write_bytes(metrics.read_bytes().replace(b'"official"', b'"' + LATIN1 + b'"', 1))
    result = run_cli("compare", str(tmp_path / "a"), str(tmp_path / "a"))
    assert_one_line_error(result, "metrics.json, line", "not UTF-8 text")


# empty or useless --------------------------------------------------------------------------

def test_an_empty_responses_file_is_an_error_and_writes_nothing(cases, tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n\n", encoding="utf-8")
    result = run_cli("score", str(empty), "--input", str(cases), "--out", str(tmp_path / "o"))
    assert_one_line_error(result, "empty.jsonl: no responses in the file")
    assert not (tmp_path / "o").exists()


def test_responses_that_match_no_case_are_an_error_and_write_nothing(cases, tmp_path):
    other = write_lines(tmp_path / "other.jsonl",
                        [{"prompt": "Something else entirely.", "response": "ok"},
                         {"key": 77, "response": "ok"}])
    result = run_cli("score", str(other), "--input", str(cases), "--out", str(tmp_path / "o"))
    assert_one_line_error(result, "other.jsonl: none of the 2 responses matches a case of",
                          "(first: line 1, its prompt)", "--input")
    assert not (tmp_path / "o").exists()


def test_nothing_but_failed_requests_is_an_error(cases, tmp_path):
    failed = write_lines(tmp_path / "failed.jsonl",
                         [{"key": key, "error": "HTTP 500"} for key in (1, 2, 3)])
    result = run_cli("score", str(failed), "--input", str(cases), "--out", str(tmp_path / "o"))
    assert_one_line_error(result, "no usable response: 3 of 3 record(s) are failed requests",
                          "--retry-errors")
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("verb", ["score", "validate", "generate-families", "respond"])
def test_an_empty_case_file_is_an_error_for_every_verb(verb, tmp_path):
    empty = tmp_path / "nocases.jsonl"
    empty.write_text("", encoding="utf-8")
    responses = write_lines(tmp_path / "r.jsonl", SMALL_RESPONSES)
    out = tmp_path / "out"
    args = {"score": ["score", str(responses), "--input", str(empty), "--out", str(out)],
            "validate": ["validate", str(empty)],
            "generate-families": ["generate-families", "--original", str(empty), "--out",
                                  str(out / "f.jsonl"), "--no-progress"],
            "respond": ["respond", str(empty), "--model", "m", "--base-url",
                        "http://127.0.0.1:9/v1", "--out", str(out)]}[verb]
    assert_one_line_error(run_cli(*args), "nocases.jsonl: no ")
    assert not out.exists()


def test_every_response_empty_is_said_loudly_in_every_output(cases, tmp_path):
    blank = write_lines(tmp_path / "blank.jsonl",
                        [{"prompt": case["prompt"], "response": "  \n"} for case in SMALL_CASES])
    result = run_cli("score", str(blank), "--input", str(cases), "--bootstrap", "0",
                     "--out", str(tmp_path / "o"))
    assert result.returncode == 0, result.stderr
    assert result.stderr.startswith("warning: every scored response (3) is empty or whitespace")
    # The answered count is the first line of every output; the warning comes right after.
    assert result.stdout.startswith("3 of 3 prompts answered.\n\nWARNING: every scored "
                                    "response (3) is empty")
    assert "Warning:** every scored response" in (tmp_path / "o" / "report.md").read_text()
    assert 'class="warning"' in (tmp_path / "o" / "report.html").read_text()
    metrics = json.loads((tmp_path / "o" / "metrics.json").read_text())
    assert metrics["warnings"][0].startswith("every scored response (3) is empty")


# files that are not responses -------------------------------------------------------------

def test_an_lm_eval_results_file_is_named_and_the_sample_log_asked_for(cases, tmp_path):
    results = tmp_path / "results_2026-01-01T00-00-00.json"
    results.write_text(json.dumps({
        "results": {"ifevalpp_ifeval": {"alias": "ifevalpp_ifeval",
                                        "prompt_level_strict_acc,none": 0.5}},
        "versions": {"ifevalpp_ifeval": 1.0}, "n-shot": {"ifevalpp_ifeval": 0},
        "configs": {}}, indent=2), encoding="utf-8")
    result = run_cli("score", str(results), "--input", str(cases), "--out", str(tmp_path / "o"))
    assert_one_line_error(result, "results_2026-01-01T00-00-00.json: an lm-evaluation-harness "
                                  "results file", "samples_<task>_<date>.jsonl")
    assert not (tmp_path / "o").exists()


def test_k_on_a_file_without_families_is_refused_and_writes_nothing(cases, tmp_path):
    responses = write_lines(tmp_path / "r.jsonl", SMALL_RESPONSES)
    result = run_cli("score", str(responses), "--input", str(cases), "--k", "10",
                     "--out", str(tmp_path / "o"))
    assert_one_line_error(result, "option '--k': reliable@10 needs families, and the case "
                                  "file has none")
    assert not (tmp_path / "o").exists()
