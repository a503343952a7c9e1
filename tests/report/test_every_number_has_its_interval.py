"""An interval and an n beside every proportion in every table: the per-type distractor
table, compare's two runs, the protocols table, first-k's sampling variant."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.evaluate import score
from ifevalpp.evaluate.compare import compare_runs
from ifevalpp.report.compare import format_comparison
from ifevalpp.report.sections import distractor_sections, sampling_section
from tests.evaluate.builders import (distractor_answers, distractor_family_prompts,
                                     family_prompts, responses_for, write_lines)

INTERVAL = re.compile(r"\d+\.\d\d \[\d+\.\d\d, \d+\.\d\d\]")


def distractor_run(tmp_path: Path, name: str = "run") -> tuple[Path, Path]:
    prompts = distractor_family_prompts()
    return (write_lines(tmp_path / f"{name}-responses.jsonl", distractor_answers(prompts)),
            write_lines(tmp_path / f"{name}-families.jsonl", prompts))


def test_the_distractor_table_by_type_has_an_interval_for_every_rate(tmp_path):
    report = score(*distractor_run(tmp_path))
    per_type = distractor_sections(report)[1]
    assert per_type.rows
    for row in per_type.rows:
        assert all(INTERVAL.fullmatch(cell) for cell in row[2:]), row  # four rates, each


def test_compare_shows_each_runs_number_with_its_interval_and_n(tmp_path):
    runs = []
    for name in ("a", "b"):
        responses, families = distractor_run(tmp_path, name)
        out = tmp_path / name
        result = CliRunner().invoke(main, ["score", str(responses), "--input", str(families),
                                           "--out", str(out)], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        runs.append(out)
    comparison = compare_runs(*runs, bootstrap=50)
    row = comparison.delta("ifeval/prompt_strict")
    assert row["a_n"] == row["b_n"] == 4 and row["a_ci_low"] < row["a"] <= row["a_ci_high"]
    line = next(line for line in format_comparison(comparison).splitlines()
                if line.startswith("prompt-level strict"))
    assert re.search(r"100\.00 \[39\.76, 100\.00\] n=4 +100\.00 \[39\.76, 100\.00\] n=4", line)


def test_first_k_sampling_numbers_have_their_interval_and_n(tmp_path):
    prompts = family_prompts([1, 2, 3, 4])
    answers = responses_for(prompts, samples=2, sample_passes={("1:original:0", 0): False})
    report = score(write_lines(tmp_path / "responses.jsonl", answers),
                   write_lines(tmp_path / "families.jsonl", prompts), protocol="ifevalpp-paper")
    section = sampling_section(report)
    assert section.headers[:2] == ["s", "n"] and section.rows[0][1] == 4
    assert all(INTERVAL.fullmatch(cell) for row in section.rows for cell in row[2:])
    assert section.rows[0][2] == "75.00 [19.41, 99.37]"  # budget 1: 3 of 4 originals pass
