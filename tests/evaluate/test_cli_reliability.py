"""`ifevalpp score --k/--bootstrap/--ci/--seed` as a user meets it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.evaluate import score
from tests.evaluate.builders import family_prompts, responses_for, write_lines

FAILS = {"1:rephrasing:2": False, "2:distractor:1": False, "3:original:0": False}


@pytest.fixture()
def files(tmp_path: Path) -> tuple[Path, Path]:
    prompts = family_prompts([1, 2, 3, 4])
    return (write_lines(tmp_path / "responses.jsonl", responses_for(prompts, FAILS)),
            write_lines(tmp_path / "families.jsonl", prompts))


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_score_with_k_prints_reliable_at_k_with_cis_and_writes_every_file(files, tmp_path):
    responses, families = files
    out = tmp_path / "out"
    result = run("score", str(responses), "--input", str(families), "--k", "10",
                 "--bootstrap", "400", "--out", str(out))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any(line.startswith("reliable@10 ") and "[" in line for line in lines)
    assert "relative drop @1→@10" in result.output
    assert "reliable@k by perturbation kind" in result.output
    assert "95% CI: Clopper-Pearson (exact binomial)" in result.output
    for name in ("results.jsonl", "metrics.json", "by_type.csv", "type_by_kind.csv",
                 "families.csv", "report.md", "report.html"):
        assert f"wrote {out / name}" in result.output
    document = json.loads((out / "metrics.json").read_text())
    library = score(responses, families, k=10, bootstrap=400)
    assert document["reliable_at_k"]["strict"]["10"]["value"] == \
        pytest.approx(library.value("reliable/strict/10"))
    assert document["reliable_at_k"]["strict"]["10"]["ci"] == pytest.approx(
        list(library.estimate("reliable/strict/10").ci))


def test_ci_level_and_seed_are_options(files):
    responses, families = files
    first = run("score", str(responses), "--input", str(families), "--bootstrap", "300",
                "--ci", "0.9", "--seed", "3")
    again = run("score", str(responses), "--input", str(families), "--bootstrap", "300",
                "--ci", "0.9", "--seed", "3")
    assert "90% CI" in first.output and first.output == again.output


def test_k_smaller_than_the_family_size_limits_the_table(files):
    responses, families = files
    result = run("score", str(responses), "--input", str(families), "--k", "3",
                 "--bootstrap", "0")
    assert "reliable@3 " in result.output and "reliable@4 " not in result.output
    assert "relative drop @1→@3" in result.output
    # --bootstrap 0 used to mean "no intervals"; the exact intervals need no resampling.
    assert "95% CI: Clopper-Pearson (exact binomial)" in result.output
    assert "n/a" not in result.output.split("reliable@k, estimator")[1].split("\n\n")[0]


@pytest.mark.parametrize("args", [["--k", "0"], ["--ci", "1.5"], ["--bootstrap", "-1"]])
def test_invalid_options_are_usage_errors(files, args):
    responses, families = files
    result = CliRunner().invoke(main, ["score", str(responses), "--input", str(families), *args])
    assert result.exit_code == 2


def test_k_1_reports_reliable_at_1_without_a_drop(files, tmp_path):
    responses, families = files
    result = run("score", str(responses), "--input", str(families), "--k", "1",
                 "--bootstrap", "0", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert "reliable@1 " in result.output and "relative drop" not in result.output
    document = json.loads((tmp_path / "out" / "metrics.json").read_text())
    assert list(document["reliable_at_k"]["strict"]) == ["1"]
    assert document["relative_drop"] == {}
    compared = run("compare", str(tmp_path / "out"), str(tmp_path / "out"), "--k", "1",
                   "--bootstrap", "0")
    assert compared.exit_code == 0, compared.output
    assert "reliable@1 strict" in compared.output and "McNemar" in compared.output
