"""Formats people already have: lm-eval sample logs in, the official evaluator's files out."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.evaluate import score
from ifevalpp.report.document import json_document
from ifevalpp.report.files import write_outputs
from tests.evaluate.lm_eval_samples import write_samples
from tests.helpers import SMALL_CASES, SMALL_RESPONSES, write_lines

ROOT = Path(__file__).resolve().parents[2]
RANDOM_LETTER_KEYS = {1122, 1129}  # the official code swaps their letter at random


def _read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _headline(report) -> list[float]:
    return [round(100 * report.value(f"ifeval/{name}"), 2) for name in
            ("prompt_strict", "instruction_strict", "prompt_loose", "instruction_loose")]


@pytest.fixture()
def small(tmp_path: Path) -> tuple[Path, Path]:
    cases = write_lines(tmp_path / "cases.jsonl", SMALL_CASES)
    answers = {record["prompt"]: record["response"] for record in SMALL_RESPONSES}
    return cases, write_samples(tmp_path, SMALL_CASES, answers)


# lm-evaluation-harness sample logs ---------------------------------------------------------

def test_an_lm_eval_sample_log_scores_like_the_same_answers_in_the_official_format(
        small, tmp_path):
    cases, samples = small
    plain = write_lines(tmp_path / "plain.jsonl", SMALL_RESPONSES)
    from_log = score(samples, cases, bootstrap=0)
    from_plain = score(plain, cases, bootstrap=0)
    assert [(r.key, r.strict, r.loose) for r in from_log.scored] == \
        [(r.key, r.strict, r.loose) for r in from_plain.scored]
    assert _headline(from_log) == [66.67, 75.0, 66.67, 75.0]


def test_the_cli_scores_an_lm_eval_log_in_a_subprocess(small, tmp_path):
    cases, samples = small
    result = subprocess.run([sys.executable, "-m", "ifevalpp", "score", str(samples), "--input",
                             str(cases), "--bootstrap", "0", "--format", "json"],
                            capture_output=True, text=True, cwd=ROOT, timeout=120,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["ifeval"]["prompt_strict"]["value"] == pytest.approx(2 / 3)


def test_an_lm_eval_doc_that_differs_from_the_case_file_is_refused(small, tmp_path):
    cases, samples = small
    lines = samples.read_text(encoding="utf-8").splitlines()
    doctored = json.loads(lines[1])
    doctored["doc"]["instruction_id_list"] = ["punctuation:no_comma"]
    lines[1] = json.dumps(doctored)
    bad = tmp_path / "bad_samples.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["score", str(bad), "--input", str(cases)])
    assert result.exit_code == 2
    assert "bad_samples.jsonl, line 2, field 'instruction_id_list'" in result.output


def test_a_response_to_another_version_of_the_prompt_is_refused(tmp_path):
    cases = write_lines(tmp_path / "cases.jsonl", SMALL_CASES)
    answers = write_lines(tmp_path / "answers.jsonl", [
        {"key": 1, "prompt": SMALL_CASES[0]["prompt"] + " ", "response": "no commas here"}])
    result = CliRunner().invoke(main, ["score", str(answers), "--input", str(cases)])
    assert result.exit_code == 2
    assert "answers.jsonl, line 1, field 'prompt'" in result.output
    assert "different prompt than 1:original:0" in result.output


def test_an_lm_eval_log_of_the_gpt4_answers_gives_the_official_numbers(reference_dir,
                                                                         original_path,
                                                                         tmp_path):
    cases = _read(original_path)
    answers = {row["prompt"]: row["response"] for row in
               _read(reference_dir / "gpt4_responses.jsonl") if row.get("response") is not None}
    samples = write_samples(tmp_path, cases, answers)
    assert len(samples.read_text(encoding="utf-8").splitlines()) == 540
    report = score(samples, original_path, missing="exclude")  # 2785 has no answer
    assert _headline(report) == [77.22, 83.77, 79.81, 85.70]


# the official evaluator's output files -----------------------------------------------------

def test_eval_results_files_have_the_official_shape_and_follow_the_verdicts(small, tmp_path):
    cases, _ = small
    report = score(write_lines(tmp_path / "r.jsonl", SMALL_RESPONSES), cases, bootstrap=0)
    write_outputs(report, tmp_path / "out")
    strict = _read(tmp_path / "out" / "eval_results_strict.jsonl")
    assert [sorted(row) for row in strict] == [["follow_all_instructions",
                                                "follow_instruction_list",
                                                "instruction_id_list", "prompt", "response"]] * 3
    assert [row["follow_all_instructions"] for row in strict] == [True, False, True]
    assert strict[1]["response"] == SMALL_RESPONSES[1]["response"]
    first_line = (tmp_path / "out" / "eval_results_strict.jsonl").read_text().splitlines()[0]
    assert first_line.startswith('{"follow_all_instructions": true, "follow_instruction_list"')


def test_eval_results_equal_the_official_evaluators_outputs_but_for_the_random_letter_keys(
        reference_dir, original_path, tmp_path):
    report = score(reference_dir / "gpt4_responses.jsonl", original_path, missing="exclude")
    write_outputs(report, tmp_path / "out")
    key_of = {case["prompt"]: case["key"] for case in _read(original_path)}
    for mode in ("strict", "loose"):
        ours = (tmp_path / "out" / f"eval_results_{mode}.jsonl").read_text().splitlines()
        official = (reference_dir / f"gpt4_official_{mode}.jsonl").read_text().splitlines()
        assert len(ours) == len(official) == 540
        for mine, theirs in zip(ours, official):
            a, b = json.loads(mine), json.loads(theirs)
            assert a["prompt"] == b["prompt"] and a["response"] == b["response"]
            assert a["instruction_id_list"] == b["instruction_id_list"]
            if key_of[a["prompt"]] in RANDOM_LETTER_KEYS:
                continue
            assert a["follow_instruction_list"] == b["follow_instruction_list"], a["prompt"][:60]
            assert a["follow_all_instructions"] == b["follow_all_instructions"]
            assert mine == theirs  # byte for byte: key order, escaping, separators


def test_format_json_prints_metrics_json_to_stdout_and_nothing_else(small, tmp_path):
    cases, _ = small
    responses = write_lines(tmp_path / "r.jsonl", SMALL_RESPONSES)
    result = CliRunner().invoke(main, ["score", str(responses), "--input", str(cases),
                                       "--bootstrap", "50", "--format", "json",
                                       "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.stdout)
    assert printed == json.loads((tmp_path / "out" / "metrics.json").read_text())
    assert printed == json_document(score(responses, cases, bootstrap=50))
    assert "wrote" in result.stderr
