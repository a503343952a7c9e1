"""`score --estimator first-k` and `--missing exclude|fail` end to end, against hand-computed families."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.evaluate import score
from tests.evaluate.builders import family_prompts, responses_for, write_lines

# Family 1: the first rephrasing fails (its other cousins pass).
# Family 2: the third distractor fails.
# Family 3: every prompt passes.
# Family 4: the original fails.
FAILS = {"1:rephrasing:1": False, "2:distractor:3": False, "4:original:0": False}


@pytest.fixture()
def families(tmp_path: Path) -> tuple[Path, list[dict]]:
    prompts = family_prompts([1, 2, 3, 4])
    return write_lines(tmp_path / "families.jsonl", prompts), prompts


def test_first_k_numbers_match_the_hand_computed_families(families, tmp_path):
    path, prompts = families
    responses = write_lines(tmp_path / "responses.jsonl", responses_for(prompts, FAILS))
    report = score(responses, path, estimator="first-k", bootstrap=0)
    assert report.protocol.label == "official, estimator=first-k"
    assert report.value("reliable/strict/1") == pytest.approx(3 / 4)   # family 4's original fails
    assert report.value("reliable/strict/10") == pytest.approx(1 / 4)  # only family 3
    assert report.value("drop/strict") == pytest.approx(1 - (1 / 4) / (3 / 4))
    assert report.value("by_kind/rephrasing/strict/2") == pytest.approx(2 / 4)  # 1 and 4 fail
    assert report.value("by_kind/rephrasing/strict/4") == pytest.approx(2 / 4)
    assert report.value("by_kind/distractor/strict/2") == pytest.approx(3 / 4)  # 4 fails
    assert report.value("by_kind/distractor/strict/4") == pytest.approx(2 / 4)  # 2 and 4 fail
    assert report.reliable_ks == [1, 10]


def test_first_k_depends_on_cousin_order_but_unordered_does_not(families, tmp_path):
    path, prompts = families
    responses = write_lines(tmp_path / "responses.jsonl", responses_for(prompts, FAILS))
    # Move family 1's failing first rephrasing behind its other rephrasings in the file.
    failing = next(p for p in prompts if p["key"] == "1:rephrasing:1")
    reordered = [p for p in prompts if p is not failing]
    reordered.insert(reordered.index(next(p for p in prompts if p["key"] == "1:rephrasing:3")) + 1,
                     failing)
    moved = write_lines(tmp_path / "reordered.jsonl", reordered)
    before = score(responses, path, estimator="first-k", bootstrap=0)
    after = score(responses, moved, estimator="first-k", bootstrap=0)
    assert before.value("by_kind/rephrasing/strict/2") == pytest.approx(2 / 4)
    assert after.value("by_kind/rephrasing/strict/2") == pytest.approx(3 / 4)
    assert after.value("by_kind/rephrasing/strict/4") == pytest.approx(2 / 4)
    unordered = [score(responses, p, bootstrap=0).value("by_kind/rephrasing/strict/2")
                 for p in (path, moved)]
    assert unordered[0] == pytest.approx(unordered[1])


def test_missing_exclude_leaves_the_family_out_and_fail_scores_it_as_failing(families, tmp_path):
    path, prompts = families
    records = responses_for(prompts, errors=[("3:original:0", 0)])
    responses = write_lines(tmp_path / "responses.jsonl", records)
    excluded = score(responses, path, missing="exclude", bootstrap=0)
    failed = score(responses, path, missing="fail", bootstrap=0)
    assert excluded.n_excluded == 1 and excluded.estimate("ifeval/prompt_strict").count == 3
    assert excluded.value("ifeval/prompt_strict") == 1.0
    assert excluded.value("reliable/strict/10") == 1.0        # three usable families, all pass
    assert failed.n_excluded == 0 and failed.estimate("ifeval/prompt_strict").count == 4
    assert failed.value("ifeval/prompt_strict") == pytest.approx(3 / 4)
    assert failed.value("ifeval/instruction_loose") == pytest.approx(3 / 4)
    assert failed.value("reliable/strict/10") == pytest.approx(3 / 4)
    assert failed.protocol.label == "official, missing=fail"
    record = next(r for r in failed.scored if r.key == "3:original:0")
    assert record.missing_reason.startswith("request failed") and record.strict == [False]


def test_first_k_with_missing_exclude_drops_the_family_from_every_denominator(families,
                                                                               tmp_path):
    path, prompts = families
    records = responses_for(prompts, FAILS, errors=[("3:distractor:2", 0)])
    responses = write_lines(tmp_path / "responses.jsonl", records)
    report = score(responses, path, estimator="first-k", missing="exclude", bootstrap=0)
    assert report.value("reliable/strict/1") == pytest.approx(2 / 3)
    assert report.value("reliable/strict/10") == 0.0
    paper_like = score(responses, path, estimator="first-k", missing="fail", bootstrap=0)
    assert paper_like.value("reliable/strict/1") == pytest.approx(3 / 4)
    assert paper_like.value("by_kind/distractor/strict/2") == pytest.approx(3 / 4)
    assert paper_like.value("by_kind/distractor/strict/4") == pytest.approx(1 / 4)


def test_first_k_with_samples_reports_the_release_sampling_variant(families, tmp_path):
    path, prompts = families
    records = responses_for(prompts, samples=2,
                            sample_passes={("1:rephrasing:1", 0): False,
                                           ("1:rephrasing:1", 1): True,
                                           ("2:original:0", 0): False,
                                           ("2:original:0", 1): False})
    responses = write_lines(tmp_path / "responses.jsonl", records)
    report = score(responses, path, estimator="first-k", bootstrap=0)
    budget1, budget2 = report.sampling
    assert budget1["rephrasing@2"] == pytest.approx(2 / 4)   # families 1 and 2 fail
    assert budget2["rephrasing@2"] == pytest.approx(3 / 4)   # family 1's second sample passes
    assert budget2["original"] == pytest.approx(3 / 4)


def test_the_cli_names_the_protocol_and_its_overridden_parts(families, tmp_path):
    path, prompts = families
    responses = write_lines(tmp_path / "responses.jsonl", responses_for(prompts, FAILS))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["score", str(responses), "--input", str(path),
                                       "--estimator", "first-k", "--missing", "fail",
                                       "--bootstrap", "200", "--out", str(out)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    first, _, protocol = result.output.split("\n")[:3]
    assert first == "40 of 40 prompts answered."
    assert protocol.startswith("Protocol official, estimator=first-k, missing=fail: profile "
                               "official, estimator first-k, missing responses fail")
    document = json.loads((out / "metrics.json").read_text())
    assert document["protocol"]["overridden"] == "estimator,missing"
    assert document["reliable_at_k"]["strict"].keys() == {"1", "10"}
    assert "estimator=first-k" in (out / "report.md").read_text()
    assert "estimator=first-k" in (out / "report.html").read_text()
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert {row["protocol"] for row in rows} == {"official, estimator=first-k, missing=fail"}
    assert (out / "by_type.csv").read_text().splitlines()[1].endswith(
        "official, estimator=first-k, missing=fail\"")
    assert "first_k_strict_all" in (out / "families.csv").read_text().splitlines()[0]


def test_compare_names_each_runs_protocol_and_rebuilds_first_k(families, tmp_path):
    path, prompts = families
    responses = write_lines(tmp_path / "responses.jsonl", responses_for(prompts, FAILS))
    runner = CliRunner()
    for name, extra in (("a", ["--estimator", "first-k"]), ("b", [])):
        done = runner.invoke(main, ["score", str(responses), "--input", str(path),
                                    "--bootstrap", "0", "--out", str(tmp_path / name), *extra],
                             catch_exceptions=False)
        assert done.exit_code == 0, done.output
    result = runner.invoke(main, ["compare", str(tmp_path / "a"), str(tmp_path / "b"),
                                  "--bootstrap", "200"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "(protocol official, estimator=first-k: profile official, estimator first-k" in \
        result.output
    assert "(protocol official: profile official, estimator unordered" in result.output
    assert "different reliable@k estimators (first-k vs unordered)" in result.output
    from ifevalpp.evaluate import compare_runs

    comparison = compare_runs(tmp_path / "a", tmp_path / "b", bootstrap=0)
    assert comparison.delta("by_kind/rephrasing/strict/2")["a"] == pytest.approx(2 / 4)
    assert comparison.protocols[0]["estimator"] == "first-k"


def test_the_paper_protocol_on_ifevalpp_keys_fetched_by_revision_name(tmp_path):
    from ifevalpp import original

    prompts = family_prompts([1, 2], ifevalpp_names=True)
    source = write_lines(tmp_path / "ifeval_pp_verified.jsonl", prompts)
    original.fetch("ifevalpp-families", source=str(source))  # into the (test's) data directory
    fails = {prompts[1]["key"]: False}                      # 1:rephrasing:1, the first one
    responses = write_lines(tmp_path / "responses.jsonl", responses_for(prompts, fails))
    result = CliRunner().invoke(main, ["score", str(responses), "--input", "ifevalpp-families",
                                       "--protocol", "ifevalpp-paper", "--bootstrap", "0",
                                       "--out", str(tmp_path / "out")], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    document = json.loads((tmp_path / "out" / "metrics.json").read_text())
    assert document["protocol"]["label"] == "ifevalpp-paper"
    assert document["by_kind"]["rephrasing"]["strict"]["2"]["value"] == pytest.approx(1 / 2)
    assert document["by_kind"]["reconfiguration"]["strict"]["4"]["value"] == 1.0
    assert document["reliable_at_k"]["strict"]["10"]["value"] == pytest.approx(1 / 2)
