"""`ifevalpp score` as a user meets it: tables, files, missing responses and bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.evaluate.plain import results_records, score_file
from tests.helpers import SMALL_CASES, SMALL_RESPONSES, write_lines


@pytest.fixture()
def files(tmp_path: Path) -> tuple[Path, Path]:
    return (write_lines(tmp_path / "cases.jsonl", SMALL_CASES),
            write_lines(tmp_path / "responses.jsonl", SMALL_RESPONSES))


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_score_prints_the_four_metrics_and_writes_files_matching_the_library(files, tmp_path):
    cases, responses = files
    result = run("score", str(responses), "--input", str(cases), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert "prompt-level" in result.output and "instruction-level" in result.output
    # Case 1 and 3 pass, case 2 has too few words: 2/3 prompts, 3/4 instructions.
    assert "66.67" in result.output and "75.00" in result.output
    written = [json.loads(line) for line in
               (tmp_path / "out" / "results.jsonl").read_text().splitlines()]
    assert written == results_records(score_file(responses, cases), "official")
    metrics = json.loads((tmp_path / "out" / "metrics.json").read_text())
    assert metrics["profile"] == "official"
    assert metrics["protocol"] == {"name": "official", "label": "official", "profile": "official",
                                   "estimator": "unordered", "missing": "exclude",
                                   "reasoning": "graded as given", "overridden": ""}
    assert metrics["ifeval"]["prompt_strict"]["value"] == pytest.approx(2 / 3)
    assert (tmp_path / "out" / "by_type.csv").read_text().startswith("level,name,count")


def test_every_result_names_the_profile(files, tmp_path):
    cases, responses = files
    run("score", str(responses), "--input", str(cases), "--profile", "revised",
        "--out", str(tmp_path / "out"))
    rows = [json.loads(line) for line in (tmp_path / "out" / "results.jsonl").read_text().splitlines()]
    assert {row["profile"] for row in rows} == {"revised"}


def test_a_missing_response_is_listed_and_excluded_not_failed(files, tmp_path):
    cases, _ = files
    partial = write_lines(tmp_path / "partial.jsonl", SMALL_RESPONSES[:2])
    result = run("score", str(partial), "--input", str(cases), "--missing", "exclude")
    assert result.exit_code == 0
    assert "Missing: 1 prompt without a usable response" in result.output
    assert "3 / original" in result.output
    assert "2 prompts" in result.output


def test_require_all_turns_a_missing_response_into_exit_2(files, tmp_path):
    cases, _ = files
    partial = write_lines(tmp_path / "partial.jsonl", SMALL_RESPONSES[:2])
    result = CliRunner().invoke(main, ["score", str(partial), "--input", str(cases),
                                       "--require-all"])
    assert result.exit_code == 2
    assert "have no usable response" in result.output


def test_a_failed_request_is_reported_missing_not_scored(files, tmp_path):
    cases, _ = files
    keyed = [{"key": 1, "response": "no commas here"},
             {"key": 2, "error": "HTTP 500 after 5 attempts"},
             {"key": 3, "response": "tea is lovely in the morning"}]
    report = score_file(write_lines(tmp_path / "keyed.jsonl", keyed), cases, missing="exclude")
    assert [item.key for item in report.missing] == ["2:original:0"]
    assert "request failed" in report.missing[0].reason
    assert report.metrics.prompts == 2


def _bad_input(tmp_path: Path, cases: Path, lines: list) -> tuple[int, str, Path]:
    bad = write_lines(tmp_path / "bad.jsonl", lines)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["score", str(bad), "--input", str(cases), "--out", str(out)])
    return result.exit_code, result.output, out


@pytest.mark.parametrize("lines, expected", [
    ([SMALL_RESPONSES[0], "{not json"], "line 2: malformed JSON"),
    ([SMALL_RESPONSES[0], {"prompt": SMALL_RESPONSES[1]["prompt"]}], "line 2"),
    ([SMALL_RESPONSES[0], SMALL_RESPONSES[0]], "line 2, field 'prompt'"),
    ([{"key": 1, "response": "a"}, {"key": 1, "response": "b"}], "line 2, field 'key'"),
    ([{"key": "1:sideways:0", "response": "a"}], "line 1, field 'key'"),
], ids=["malformed-json", "missing-response-field", "duplicate-prompt", "duplicate-key",
        "unknown-kind"])
def test_bad_responses_exit_2_naming_file_line_and_field_and_write_nothing(
        files, tmp_path, lines, expected):
    cases, _ = files
    code, output, out = _bad_input(tmp_path, cases, lines)
    assert code == 2
    assert "bad.jsonl" in output and expected in output
    assert not out.exists()


@pytest.mark.parametrize("record, field", [
    ({"instruction_id_list": ["punctuation:no_commas"], "kwargs": [{}]}, "instruction_id_list"),
    ({"instruction_id_list": ["length_constraints:number_words"],
      "kwargs": [{"num_words": "12", "relation": "at least"}]}, "kwargs.0.num_words"),
    ({"instruction_id_list": ["length_constraints:number_words"],
      "kwargs": [{"num_words": 12, "relation": "at least", "words": 3}]}, "kwargs.0.words"),
    ({"instruction_id_list": ["punctuation:no_comma"], "kwargs": [{}, {}]}, None),
], ids=["unknown-id", "wrong-type", "unknown-kwarg", "misaligned"])
def test_bad_cases_exit_2_naming_the_field(tmp_path, record, field):
    cases = write_lines(tmp_path / "cases.jsonl",
                        [SMALL_CASES[0], {"key": 9, "prompt": "Say hi.", **record}])
    responses = write_lines(tmp_path / "responses.jsonl", SMALL_RESPONSES[:1])
    result = CliRunner().invoke(main, ["score", str(responses), "--input", str(cases)])
    assert result.exit_code == 2
    assert "cases.jsonl, line 2" in result.output
    if field:
        assert f"field '{field}'" in result.output


def test_every_output_names_the_ifevalpp_version_and_the_profile(files, tmp_path):
    from ifevalpp import __version__
    from tests.helpers import run_cli

    cases, responses = files
    out = tmp_path / "out"
    result = run_cli("score", str(responses), "--input", str(cases), "--profile", "revised",
                     "--bootstrap", "0", "--out", str(out))
    assert result.returncode == 0, result.stderr
    line = f"ifevalpp {__version__}, profile revised"
    assert line in result.stdout
    metrics = json.loads((out / "metrics.json").read_text())
    manifest = json.loads((out / "results.manifest.json").read_text())
    for provenance in (metrics["provenance"], manifest["provenance"]):
        assert provenance["ifevalpp_version"] == __version__
        assert provenance["profile"] == "revised"
        assert provenance["dependencies"]["syllapy"] == "0.7.2"
    assert manifest["records"] == 3 and len(manifest["sha256"]) == 64
    assert line in (out / "report.md").read_text() and line in (out / "report.html").read_text()


def test_a_single_protocol_score_loads_blas_with_one_thread_and_leaves_the_environment(
        files, tmp_path):
    # It multiplies no matrices: OpenBLAS's thread pools would only spin (0.18 s of CPU).
    pytest.importorskip("threadpoolctl")
    cases, responses = files
    probe = (
        "import json, os, sys\nfrom ifevalpp.cli import main\n"
        f"sys.argv = ['ifevalpp', 'score', {str(responses)!r}, '--input', {str(cases)!r},"
        f" '--out', {str(tmp_path / 'out')!r}]\n"
        "try:\n    main()\nexcept SystemExit as stop:\n    assert not stop.code, stop.code\n"
        "import threadpoolctl\n"
        "print(json.dumps([os.environ.get('OPENBLAS_NUM_THREADS'), sorted({info['num_threads']"
        " for info in threadpoolctl.threadpool_info() if info['internal_api'] == 'openblas'})]))")
    env = {name: value for name, value in os.environ.items() if name != "OPENBLAS_NUM_THREADS"}
    completed = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                               check=True, env=env)
    assert json.loads(completed.stdout.strip().splitlines()[-1]) == [None, [1]]
