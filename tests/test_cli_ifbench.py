"""The verbs a user runs on IFBench's data: `score --protocols`, `validate`, `export-rl` and the
reward it feeds (IFBench's ids, its kwargs padded with nulls over every argument name)."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.constraints import check_all
from ifevalpp.reward import score_batch, verl_compute_score
from tests.helpers import read_jsonl


def _run(*arguments: str) -> str:
    result = CliRunner().invoke(main, list(arguments), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def _fetch(ifbench_dir: Path) -> None:
    _run("fetch", "--revision", "ifbench", "--from", str(ifbench_dir / "IFBench_test.jsonl"))


def _sample(ifbench_dir: Path) -> list[tuple[dict, str]]:
    """IFBench's test cases with their sample response (start_verb left out: no tagger)."""
    responses = {row["prompt"].strip(): row["response"]
                 for row in read_jsonl(ifbench_dir / "sample_output.jsonl")}
    return [(case, responses[case["prompt"].strip()])
            for case in read_jsonl(ifbench_dir / "IFBench_test.jsonl")
            if case["prompt"].strip() in responses
            and "words:start_verb" not in case["instruction_id_list"]]


def test_score_under_the_ifbench_and_revised_protocols_writes_both_and_their_flips(
        ifbench_dir: Path, tmp_path: Path) -> None:
    _fetch(ifbench_dir)
    out = tmp_path / "both"
    # --allow-unmatched: the sample's line 269 answers no prompt (tests/test_parity_ifbench.py)
    printed = _run("score", str(ifbench_dir / "sample_output.jsonl"), "--input", "ifbench",
                   "--protocols", "ifbench,revised", "--allow-unmatched", "--bootstrap", "200",
                   "--out", str(out), "--no-progress")
    assert "Verdict flips against ifbench" in printed
    reference = {row["prompt"]: row["follow_instruction_list"]
                 for row in read_jsonl(ifbench_dir / "ifbench_sample_strict.jsonl")}
    ours = {row["prompt"]: row["follow_instruction_list"]
            for row in read_jsonl(out / "ifbench" / "eval_results_strict.jsonl")}
    assert all(ours[prompt] == verdicts for prompt, verdicts in reference.items()
               if verdicts is not None)
    for protocol in ("ifbench", "revised"):
        metrics = json.loads((out / protocol / "metrics.json").read_text())
        assert metrics["protocol"]["name"] == protocol
    flipped = {row["instruction_id"] for row in _csv_rows(out / "flips.csv")
               if row["flipped"] != "0"}
    assert flipped <= {"repeat:repeat_span", "ratio:overlap", "count:keywords_multiple",
                       "custom:sentence_alphabet", "words:words_position",
                       "ratio:sentence_words", "all types"}
    assert "ratio:overlap" in flipped


def _csv_rows(path: Path) -> list[dict]:
    import csv

    with open(path, encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_validate_ifbench_finds_no_error_in_the_300_prompts(ifbench_dir: Path) -> None:
    _fetch(ifbench_dir)
    printed = _run("validate", "ifbench")
    assert "validated 300 cases" in printed
    assert "0 with an error" in printed


def test_export_rl_rows_of_ifbench_give_the_checkers_verdicts_as_rewards(
        ifbench_dir: Path, tmp_path: Path) -> None:
    _fetch(ifbench_dir)
    out = tmp_path / "rl.jsonl"
    _run("export-rl", "ifbench", "--out", str(out), "--profile", "ifbench")
    rows = {row["prompt"][-1]["content"].strip(): row for row in read_jsonl(out)}
    assert len(rows) == 300
    for case, response in _sample(ifbench_dir)[::10]:
        row = rows[case["prompt"].strip()]
        strict, _ = check_all(case["instruction_id_list"], case["kwargs"], response,
                              prompt=case["prompt"], profile="ifbench")
        reward = verl_compute_score(row["data_source"], response,
                                    row["reward_model"]["ground_truth"], row["extra_info"],
                                    profile="ifbench")
        assert reward == float(all(strict)), case["key"]


def test_score_batch_with_ifbench_ids_and_padded_kwargs_equals_check_all(
        ifbench_dir: Path) -> None:
    sample = _sample(ifbench_dir)[::7]
    rewards = score_batch([response for _, response in sample],
                          [case["instruction_id_list"] for case, _ in sample],
                          [case["kwargs"] for case, _ in sample],
                          prompts=[case["prompt"] for case, _ in sample],
                          mode="loose", reduce="fraction", profile="ifbench")
    for (case, response), reward in zip(sample, rewards):
        _, loose = check_all(case["instruction_id_list"], case["kwargs"], response,
                             prompt=case["prompt"], profile="ifbench")
        assert reward == sum(loose) / len(loose), case["key"]
    assert any(None in kwargs.values() for case, _ in sample for kwargs in case["kwargs"])
