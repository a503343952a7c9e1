"""On the 540 GPT-4 responses the reward is `ifevalpp score`'s per-prompt verdict, however called.

Keys 1122 and 1129 (a letter_frequency 'letter' outside a-z) are handled
identically by both: both use our checkers, which count the character
literally.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.reward import batch, export_rl, score_batch, shutdown_workers, trl_reward
from ifevalpp.reward.verl import verl_compute_score, verl_compute_score_batch

pytestmark = pytest.mark.reference


def _read(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


@pytest.fixture(scope="module")
def scored(reference_dir: Path, original_path: Path, tmp_path_factory) -> dict:
    """`ifevalpp score` results per prompt, the cases and the responses, in results order."""
    out = tmp_path_factory.mktemp("scored")
    result = CliRunner().invoke(main, ["score", str(reference_dir / "gpt4_responses.jsonl"),
                                       "--input", str(original_path), "--missing", "exclude",
                                       "--out", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    results = _read(out / "results.jsonl")
    cases = {case["prompt"]: case for case in _read(original_path)}
    answers = {row["prompt"]: row["response"] for row in
               _read(reference_dir / "gpt4_responses.jsonl")}
    return {"results": results, "cases": [cases[row["prompt"]] for row in results],
            "responses": [answers[row["prompt"]] for row in results], "original": original_path}


def _columns(scored: dict) -> tuple[list[str], list[list[str]], list[list[dict]]]:
    return (scored["responses"], [case["instruction_id_list"] for case in scored["cases"]],
            [case["kwargs"] for case in scored["cases"]])


def test_all_540_responses_are_compared(scored):
    assert len(scored["results"]) == 540


@pytest.mark.parametrize("mode", ["strict", "loose"])
def test_reduce_all_equals_score_per_prompt(scored, mode):
    expected = [float(row[f"follow_all_{mode}"]) for row in scored["results"]]
    assert score_batch(*_columns(scored), mode=mode, reduce="all") == expected


@pytest.mark.parametrize("mode", ["strict", "loose"])
def test_reduce_fraction_equals_the_share_of_score_instructions(scored, mode):
    expected = [sum(row[mode]) / len(row[mode]) for row in scored["results"]]
    assert score_batch(*_columns(scored), mode=mode, reduce="fraction") == expected


def test_the_process_pool_gives_the_same_540_rewards(scored, monkeypatch):
    monkeypatch.setattr(batch, "PARALLEL_THRESHOLD", 100)
    try:
        pooled = score_batch(*_columns(scored), workers=2)
    finally:
        shutdown_workers()
    assert pooled == [float(row["follow_all_strict"]) for row in scored["results"]]


def test_exported_rows_through_trl_and_verl_equal_score(scored, tmp_path):
    export_rl(scored["original"], tmp_path / "rl.jsonl")
    rows = {row["prompt"][0]["content"]: row
            for row in _read(tmp_path / "rl.jsonl")}
    mine = [rows[case["prompt"]] for case in scored["cases"]]
    expected = [float(row["follow_all_strict"]) for row in scored["results"]]
    trl = trl_reward()(prompts=[row["prompt"] for row in mine],
                       completions=[[{"role": "assistant", "content": text}]
                                    for text in scored["responses"]],
                       completion_ids=[[0]] * len(mine),
                       **{name: [row[name] for row in mine]
                          for name in ("instruction_id_list", "kwargs", "key")})
    assert trl == expected
    assert [verl_compute_score(data_source=row["data_source"], solution_str=text,
                               ground_truth=row["reward_model"]["ground_truth"],
                               extra_info=row["extra_info"])
            for row, text in zip(mine, scored["responses"])] == expected
    assert verl_compute_score_batch(
        data_sources=[row["data_source"] for row in mine], solution_strs=scored["responses"],
        ground_truths=[row["reward_model"]["ground_truth"] for row in mine],
        extra_infos=[row["extra_info"] for row in mine]) == expected
