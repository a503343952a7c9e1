"""The ifevalpp-paper profile gives the IFEval++ release's verdicts on the 540 GPT-4 responses.

Reference: `gpt4_ifevalpp_paper_{strict,loose}.jsonl`, the release's evaluator
(jianshuod/IFEval-pp 722fe95, NLTK 3.9.2, langdetect seed 0) run with the
GitHub kwargs on the 540 prompts that have a response. Every one of the 832
instruction results is compared, strict and loose (no exceptions: the release
counts '#' and '!' literally too).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from ifevalpp.cli import main
from tests.helpers import read_jsonl, reference_disagreements


def test_paper_profile_agrees_with_the_release_on_all_832_instruction_results(
        reference_dir: Path, original_path: Path) -> None:
    compared, problems = reference_disagreements(
        original_path, reference_dir / "gpt4_ifevalpp_paper_strict.jsonl",
        reference_dir / "gpt4_ifevalpp_paper_loose.jsonl", profile="ifevalpp-paper")
    assert compared == 832
    assert not problems, "\n".join(problems)


def test_the_reference_ran_with_the_github_kwargs(reference_dir: Path,
                                                  original_path: Path) -> None:
    cases = {case["prompt"]: case for case in read_jsonl(original_path)}
    rows = read_jsonl(reference_dir / "gpt4_ifevalpp_paper_strict.jsonl")
    assert len(rows) == 540
    assert all(cases[row["prompt"]]["kwargs"] == row["kwargs"] for row in rows)


def _headline(output: str) -> list[str]:
    values = []
    for name in ("prompt-level strict", "instruction-level strict", "prompt-level loose",
                 "instruction-level loose"):
        line = next(line for line in output.splitlines() if line.startswith(name))
        values.append(line.split()[3])  # metric name (2 words), n, value
    return values


def _score(reference_dir: Path, original_path: Path, *extra: str) -> str:
    result = CliRunner().invoke(main, ["score", str(reference_dir / "gpt4_responses.jsonl"),
                                       "--input", str(original_path), "--bootstrap", "0",
                                       "--workers", "1", *extra], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_score_prints_the_release_aggregates_on_the_prompts_it_scored(
        reference_dir: Path, original_path: Path) -> None:
    # The reference run scored the 540 prompts that have a response: key 2785 is left out.
    output = _score(reference_dir, original_path, "--protocol", "ifevalpp-paper",
                    "--missing", "exclude")
    assert _headline(output) == ["76.85", "83.41", "79.44", "85.34"]
    assert "540 prompts, 832 instructions" in output


def test_the_paper_protocol_fails_the_prompt_without_a_response(
        reference_dir: Path, original_path: Path) -> None:
    # The release's strict evaluator fails every instruction of a prompt the response file
    # does not answer (2785, whose prompt changed after the GPT-4 run): 415/541, 694/834, ...
    output = _score(reference_dir, original_path, "--protocol", "ifevalpp-paper")
    assert _headline(output) == ["76.71", "83.21", "79.30", "85.13"]
    assert "541 prompts, 834 instructions" in output
    assert "scored as failing every instruction (--missing fail): 2785 / original" in output


@pytest.mark.parametrize("profile", ["official", "revised"])
def test_the_other_profiles_differ_from_the_release_on_the_same_responses(
        reference_dir: Path, original_path: Path, profile: str) -> None:
    output = _score(reference_dir, original_path, "--profile", profile, "--missing", "exclude")
    assert _headline(output) != ["76.85", "83.41", "79.44", "85.34"]


def test_protocols_prints_the_gpt4_numbers_side_by_side(reference_dir: Path,
                                                        original_path: Path) -> None:
    output = _score(reference_dir, original_path, "--protocols",
                    "official,revised,ifevalpp-paper")
    line = next(line for line in output.splitlines() if line.startswith("prompt-level strict"))
    # Each protocol's value with its own interval and n: ifevalpp-paper fails 2785 and
    # counts 541 prompts.
    words = line.split()
    assert (words[2], words[5], words[6], words[9], words[10]) == ("77.22", "540", "76.67",
                                                                  "540", "-0.56")
    assert (words[11], words[12], words[15], words[16]) == ("n/a", "76.71", "541", "-0.51")
    assert output.startswith("540 of 541 prompts answered; the one without a usable response "
                             "is left out of every number under official and revised, scored as "
                             "failing every instruction under ifevalpp-paper.")
    assert "n differs between protocols" in output
    flips = next(line for line in output.splitlines() if line.startswith("all types"))
    assert flips.split()[2:5] == ["832", "6", "(+1/−5,"]
    assert "9 (+3/−6, 1.08%)" in flips
