"""No silent subsets: responses that answer another file, and prompts nobody answered.

`score` used to score whatever matched (2 of 541 GPT-4 answers against a two-family file
printed 100.00 [100.00, 100.00], exit 0) and to drop unanswered prompts by default. Now
both are refused with exit 2 and nothing written, unless the user says what to do.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.errors import InputError
from ifevalpp.evaluate import score
from ifevalpp.respond.config import RespondConfig
from ifevalpp.respond.manifest import input_files, manifest_for, new_session, write_manifest
from tests.evaluate.builders import family_prompts, responses_for, write_lines


def plain_cases(keys) -> list[dict]:
    return [{"key": key, "prompt": f"Case {key}: write about the sea without commas.",
             "instruction_id_list": ["punctuation:no_comma"], "kwargs": [{}]} for key in keys]


def plain_answers(cases) -> list[dict]:
    return [{"prompt": case["prompt"], "response": "calm blue water"} for case in cases]


def run(*args: str):
    return CliRunner().invoke(main, ["score", *args], catch_exceptions=False)


def fake_run(out: Path, asked: Path) -> None:
    """A respond run directory: manifest.json naming `asked` as its prompt file."""
    config = RespondConfig(inputs=[asked], out_dir=out, model="m",
                           base_urls=["http://127.0.0.1:9/v1"])
    session = new_session(config, started_at=datetime.now(timezone.utc))
    write_manifest(out / "manifest.json", manifest_for(config, input_files([asked]), session,
                                                       None))


# -- responses that answer another file ------------------------------------------------------

def test_responses_of_another_file_are_refused_and_nothing_is_written(tmp_path):
    every = plain_cases(range(1, 7))
    responses = write_lines(tmp_path / "responses.jsonl", plain_answers(every))
    two = write_lines(tmp_path / "two.jsonl", every[:2])
    result = run(str(responses), "--input", str(two), "--missing", "fail",
                 "--out", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert "4 of 6 responses match no prompt of" in result.output
    assert "only 2 do" in result.output and "--allow-unmatched" in result.output
    assert not (tmp_path / "out").exists()


def test_allow_unmatched_scores_the_matching_ones_and_says_so_on_the_first_line(tmp_path):
    every = plain_cases(range(1, 7))
    responses = write_lines(tmp_path / "responses.jsonl", plain_answers(every))
    two = write_lines(tmp_path / "two.jsonl", every[:2])
    result = run(str(responses), "--input", str(two), "--allow-unmatched",
                 "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == (
        "2 of 2 prompts answered; 4 responses match no prompt of the case file and were left "
        "out (--allow-unmatched).")
    metrics = json.loads((tmp_path / "out" / "metrics.json").read_text())
    assert metrics["answered"]["unmatched_responses"] == 4


def _five_and_a_stray(tmp_path: Path, policy: str):
    """Six cases, five answered, and one response that answers none of them (IFBench's own
    sample has such a line: seven answers run together)."""
    cases = plain_cases(range(1, 7))
    answers = plain_answers(cases[:5]) + [{"prompt": "Case 6 and case 7 run together.",
                                           "response": "calm blue water"}]
    responses = write_lines(tmp_path / "responses.jsonl", answers)
    six = write_lines(tmp_path / "six.jsonl", cases)
    return run(str(responses), "--input", str(six), "--missing", policy,
               "--out", str(tmp_path / "out"))


def test_a_stray_response_under_missing_fail_is_left_out_and_said_on_the_first_line(tmp_path):
    # Under --missing fail every prompt is in every number anyway.
    result = _five_and_a_stray(tmp_path, "fail")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == (
        "5 of 6 prompts answered; the one without a usable response is scored as failing every "
        "instruction (missing = fail); 1 response matches no prompt of the case file and was "
        "left out (missing = fail: a prompt it may answer counts as failing).")


def test_a_stray_response_is_refused_when_missing_prompts_would_be_left_out(tmp_path):
    result = _five_and_a_stray(tmp_path, "exclude")
    assert result.exit_code == 2
    assert "1 of 6 responses match no prompt" in result.output
    assert not (tmp_path / "out").exists()


def test_the_error_names_the_file_a_respond_manifest_says_they_answer(tmp_path):
    families = write_lines(tmp_path / "families.jsonl", family_prompts([1, 2]))
    out = tmp_path / "runs" / "m"
    out.mkdir(parents=True)
    fake_run(out, families)
    responses = write_lines(out / "responses.jsonl", responses_for(family_prompts([1, 2])))
    other = write_lines(tmp_path / "other.jsonl", family_prompts([1]))
    result = run(str(responses), "--input", str(other), "--missing", "fail")
    assert result.exit_code == 2
    assert f"the respond manifest beside them says they were collected on {families}" in \
        result.output


def test_family_keys_against_plain_cases_are_named_as_family_prompts(tmp_path):
    prompts = family_prompts([1])
    responses = write_lines(tmp_path / "responses.jsonl", responses_for(prompts))
    cases = write_lines(tmp_path / "cases.jsonl", [
        {"key": 1, "prompt": prompts[0]["prompt"], "instruction_id_list": ["punctuation:no_comma"],
         "kwargs": [{}]}])
    result = run(str(responses), "--input", str(cases))
    assert result.exit_code == 2
    assert "their keys are family prompts (e.g. 1:rephrasing:1)" in result.output


def test_plain_responses_name_the_fetched_revision_whose_prompts_they_are(tmp_path,
                                                                         private_data_dir):
    every = plain_cases(range(1, 7))
    (private_data_dir / "original").mkdir()
    write_lines(private_data_dir / "original" / "hf.jsonl", every)
    responses = write_lines(tmp_path / "responses.jsonl", plain_answers(every))
    result = run(str(responses), "--input", str(write_lines(tmp_path / "two.jsonl", every[:2])))
    assert result.exit_code == 2
    assert "they are prompts of the fetched revision 'hf': try --input hf" in result.output


def test_without_input_a_respond_run_is_scored_against_the_file_it_asked(tmp_path):
    prompts = family_prompts([1, 2])
    families = write_lines(tmp_path / "families.jsonl", prompts)
    out = tmp_path / "runs" / "demo"
    out.mkdir(parents=True)
    fake_run(out, families)
    responses = write_lines(out / "responses.jsonl", responses_for(prompts))
    result = run(str(responses), "--out", str(out / "scored"))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "20 of 20 prompts answered."
    metrics = json.loads((out / "scored" / "metrics.json").read_text())
    assert metrics["cases"] == str(families) and metrics["families"] == 2


def test_without_input_a_run_whose_prompt_file_is_gone_is_refused(tmp_path):
    families = write_lines(tmp_path / "families.jsonl", family_prompts([1]))
    out = tmp_path / "runs" / "demo"
    out.mkdir(parents=True)
    fake_run(out, families)
    responses = write_lines(out / "responses.jsonl", responses_for(family_prompts([1])))
    families.unlink()
    result = run(str(responses))
    assert result.exit_code == 2 and "that file is not there; give it with --input" in \
        result.output


# -- prompts nobody answered ------------------------------------------------------------------

def missing_two(tmp_path: Path) -> tuple[Path, Path]:
    cases = plain_cases(range(1, 11))
    return (write_lines(tmp_path / "responses.jsonl", plain_answers(cases[2:])),
            write_lines(tmp_path / "cases.jsonl", cases))


def test_unanswered_prompts_without_a_policy_are_refused_naming_the_count(tmp_path):
    responses, cases = missing_two(tmp_path)
    result = run(str(responses), "--input", str(cases), "--out", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert "2 of the 10 prompts of" in result.output and "--missing fail" in result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("args, prompts, value", [
    (["--missing", "fail"], 10, "80.00"), (["--missing", "exclude"], 8, "100.00"),
    (["--protocol", "ifevalpp-paper"], 10, "80.00"), (["--protocol", "official"], 8, "100.00")])
def test_a_chosen_policy_or_a_named_protocol_decides_how_they_count(tmp_path, args, prompts,
                                                                   value):
    responses, cases = missing_two(tmp_path)
    result = run(str(responses), "--input", str(cases), *args)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith("8 of 10 prompts answered; the 2 without "
                                                    "a usable response are ")
    line = next(line for line in result.output.splitlines()
                if line.startswith("prompt-level strict"))
    assert line.split()[2:4] == [str(prompts), value]


def test_the_library_refuses_the_same_way(tmp_path):
    responses, cases = missing_two(tmp_path)
    with pytest.raises(InputError, match="2 of the 10 prompts"):
        score(responses, cases)
    assert score(responses, cases, missing="fail").estimate("ifeval/prompt_strict").count == 10


def test_a_response_to_an_edited_prompt_makes_its_case_missing_not_a_stray(tmp_path):
    # The released GPT-4 file answers an earlier wording of key 2785 ("at least one
    # placeholder" became "at least 3 placeholders"): that case is unanswered, said so.
    cases = plain_cases(range(1, 5))
    cases[3]["prompt"] = ("Case 4: write about the sea without commas, and include at least "
                          "3 placeholders like [name].")
    answers = plain_answers(cases[:3]) + [{
        "prompt": "Case 4: write about the sea without commas, and include at least one "
                  "placeholder like [name].", "response": "calm blue water"}]
    responses = write_lines(tmp_path / "responses.jsonl", answers)
    path = write_lines(tmp_path / "cases.jsonl", cases)
    refused = run(str(responses), "--input", str(path))
    assert refused.exit_code == 2 and "answers another version of its prompt" in refused.output
    result = run(str(responses), "--input", str(path), "--missing", "exclude")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith("3 of 4 prompts answered; the one without")
    assert "match no prompt" not in result.output


@pytest.mark.parametrize("text, other", [
    ("Write about the sea without commas, with at least one placeholder like [name].",
     "Write about the sea without commas, with at least 3 placeholders like [name]."),
    ("Write about the sea.", "Write about the sea." + " Then list ten fish." * 40),
    ("abcdefghij" * 9, "abcdefghij" * 10),          # lengths alone allow 0.947
    ("abcdefghij" * 10, "jihgfedcba" * 10),         # same characters, another order
    ("same prompt", "same prompt"),
])
def test_an_edited_prompt_is_told_by_the_full_ratio_whatever_the_shortcut(text, other):
    # The upper bounds asked first (the lengths, the shared characters) skip the full match
    # of a long prompt against a short one; the verdict stays the ratio's.
    import difflib

    from ifevalpp.evaluate.coverage import EDITED_RATIO, _edited

    full = difflib.SequenceMatcher(None, text, other, autojunk=False).ratio() >= EDITED_RATIO
    assert _edited(text, other) is full
