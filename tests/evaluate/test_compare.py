"""`compare`: paired differences of two scored runs, the exact McNemar test, the family guard."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from scipy.stats import binomtest

from ifevalpp.cli import main
from ifevalpp.errors import InputError
from ifevalpp.evaluate.compare import compare_runs, load_run, mcnemar_exact
from tests.evaluate.builders import family_prompts, responses_for, write_lines

CASES = list(range(1, 9))


def scored_run(tmp_path: Path, name: str, passes: dict[str, bool], *, prompts=None,
               extra: tuple[str, ...] = ()) -> Path:
    """Write families + responses and `ifevalpp score --out` them; return the run directory."""
    prompts = prompts or family_prompts(CASES)
    families = write_lines(tmp_path / f"{name}-families.jsonl", prompts)
    responses = write_lines(tmp_path / f"{name}-responses.jsonl", responses_for(prompts, passes))
    out = tmp_path / name
    result = CliRunner().invoke(main, ["score", str(responses), "--input", str(families),
                                       "--bootstrap", "300", "--out", str(out), *extra],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture()
def runs(tmp_path: Path) -> tuple[Path, Path]:
    # A: every family's distractor:1 fails. B: only family 8's distractor:1 fails.
    a = scored_run(tmp_path, "a", {f"{case}:distractor:1": False for case in CASES})
    b = scored_run(tmp_path, "b", {"8:distractor:1": False})
    return a, b


def test_deltas_are_a_minus_b_with_paired_cis(runs):
    comparison = compare_runs(*runs, bootstrap=500)
    row = comparison.delta("reliable/strict/10")
    assert (row["a"], row["b"]) == (0.0, pytest.approx(7 / 8))
    assert row["delta"] == pytest.approx(-7 / 8)
    assert row["ci_low"] <= row["delta"] <= row["ci_high"] < 0
    same = comparison.delta("ifeval/prompt_strict")
    assert (same["delta"], same["ci_low"], same["ci_high"]) == (0.0, 0.0, 0.0)
    kind = comparison.delta("by_kind/distractor/strict/4")
    assert kind["delta"] == pytest.approx(-7 / 8)
    assert comparison.delta("by_kind/rephrasing/strict/4")["delta"] == 0.0
    per_type = comparison.delta("type/distractor/strict/punctuation:no_comma")
    assert per_type["delta"] == pytest.approx(16 / 24 - 23 / 24)


def test_mcnemar_counts_discordant_families_and_uses_the_exact_binomial_test(runs):
    strict = compare_runs(*runs, bootstrap=0).mcnemar[0]
    assert (strict.mode, strict.k, strict.pairs) == ("strict", 10, 8)
    assert (strict.both_pass, strict.a_only, strict.b_only, strict.neither) == (0, 0, 7, 1)
    assert strict.p_value == pytest.approx(2 * 0.5 ** 7)


@pytest.mark.parametrize("a_only, b_only, expected", [
    (0, 0, 1.0),                     # no discordant pairs: no evidence either way
    (0, 5, 2 * 0.5 ** 5),
    (3, 3, 1.0),
    (1, 9, binomtest(1, 10, 0.5).pvalue),
])
def test_mcnemar_exact_p_values(a_only, b_only, expected):
    assert mcnemar_exact(a_only, b_only) == pytest.approx(expected)


def test_the_same_seed_gives_the_same_comparison(runs):
    first = compare_runs(*runs, bootstrap=300, seed=2).to_frame()
    again = compare_runs(*runs, bootstrap=300, seed=2).to_frame()
    assert first.equals(again)


def test_runs_over_different_family_files_are_refused_unless_allowed(tmp_path, runs):
    a, _ = runs
    other = family_prompts(CASES)
    other[0] = {**other[0], "prompt": other[0]["prompt"] + " Please."}
    c = scored_run(tmp_path, "c", {}, prompts=other)
    with pytest.raises(InputError, match="different family files"):
        compare_runs(a, c, bootstrap=0)
    allowed = compare_runs(a, c, bootstrap=0, allow_different_families=True)
    assert any("different family files" in note for note in allowed.notes)
    assert allowed.delta("reliable/strict/10")["delta"] == pytest.approx(-1.0)


def test_a_directory_that_is_not_a_scored_run_is_a_clear_error(tmp_path):
    (tmp_path / "empty").mkdir()
    with pytest.raises(InputError, match="no metrics.json"):
        load_run(tmp_path / "empty")


def test_compare_cli_prints_deltas_and_mcnemar_and_writes_files(runs, tmp_path):
    a, b = runs
    result = CliRunner().invoke(main, ["compare", str(a), str(b), "--bootstrap", "300",
                                       "--out", str(tmp_path / "cmp")], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "Exact McNemar test" in result.output
    assert "reliable@10 strict" in result.output and "-87.50" in result.output
    document = json.loads((tmp_path / "cmp" / "comparison.json").read_text())
    assert document["difference"] == "a - b"
    assert document["mcnemar"][0]["b_only"] == 7
    assert (tmp_path / "cmp" / "comparison.csv").read_text().startswith("id,section,mode")


def test_compare_cli_refuses_different_families_with_exit_2(tmp_path, runs):
    a, _ = runs
    other = family_prompts(CASES)
    other[3] = {**other[3], "prompt": "Something else entirely; no commas."}
    c = scored_run(tmp_path, "c", {}, prompts=other)
    result = CliRunner().invoke(main, ["compare", str(a), str(c), "--bootstrap", "0"])
    assert result.exit_code == 2
    assert "--allow-different-families" in result.output


def test_plain_runs_compare_the_ifeval_metrics_without_mcnemar(tmp_path):
    cases = [{"key": key, "prompt": f"Case {key}, no commas please.",
              "instruction_id_list": ["punctuation:no_comma"], "kwargs": [{}]}
             for key in range(1, 6)]
    case_file = write_lines(tmp_path / "cases.jsonl", cases)
    outs = []
    for name, failing in (("x", {1}), ("y", {1, 2})):
        answers = [{"prompt": case["prompt"],
                    "response": "a, b" if case["key"] in failing else "ab"} for case in cases]
        responses = write_lines(tmp_path / f"{name}.jsonl", answers)
        out = tmp_path / name
        CliRunner().invoke(main, ["score", str(responses), "--input", str(case_file),
                                  "--bootstrap", "0", "--out", str(out)], catch_exceptions=False)
        outs.append(out)
    comparison = compare_runs(*outs, bootstrap=200)
    assert comparison.mcnemar == [] and comparison.k == 0
    assert comparison.delta("ifeval/prompt_strict")["delta"] == pytest.approx(1 / 5)


def scored_samples_run(tmp_path: Path, name: str, samples: int, passes) -> Path:
    prompts = family_prompts(CASES)
    families = write_lines(tmp_path / "shared-families.jsonl", prompts)
    responses = write_lines(tmp_path / f"{name}-responses.jsonl",
                            responses_for(prompts, samples=samples, sample_passes=passes))
    out = tmp_path / name
    result = CliRunner().invoke(main, ["score", str(responses), "--input", str(families),
                                       "--bootstrap", "0", "--out", str(out)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


def test_different_sample_counts_are_warned_about_and_mcnemar_uses_sample_0(tmp_path):
    # A: 2 samples, family 1 fails in sample 1 only; B: 1 sample, family 2 fails.
    a = scored_samples_run(tmp_path, "a", 2, {("1:distractor:1", 1): False})
    b = scored_samples_run(tmp_path, "b", 1, {("2:distractor:1", 0): False})
    comparison = compare_runs(a, b, bootstrap=0)
    assert any("different sample counts per prompt (A 2, B 1)" in note
               for note in comparison.notes)
    assert any("McNemar uses sample 0 only" in note for note in comparison.notes)
    strict = comparison.mcnemar[0]
    # Sample 0 only: family 2 fails in B, every family passes in A's sample 0.
    assert (strict.sample, strict.pairs, strict.a_only, strict.b_only) == (0, 8, 1, 0)
    result = CliRunner().invoke(main, ["compare", str(a), str(b), "--bootstrap", "0"])
    assert "Note: the runs have different sample counts" in result.output
    assert "sample 0)" in result.output


def test_a_zero_difference_is_never_marked_significant():
    from ifevalpp.report.compare import significant

    def row(delta, low, high):
        return {"delta": delta, "ci_low": low, "ci_high": high}

    assert not significant(row(0.0, 0.01, 0.05))       # a BCa interval off a zero estimate
    assert not significant(row(1e-17, 0.01, 0.05))     # floating-point zero
    assert not significant(row(0.02, -0.01, 0.05))
    assert not significant(row(-0.02, 0.01, 0.05))     # the interval on the other side
    assert significant(row(0.02, 0.01, 0.05)) and significant(row(-0.02, -0.05, -0.01))


def test_the_type_table_marks_only_differences_whose_ci_excludes_zero(runs):
    a, b = runs
    result = CliRunner().invoke(main, ["compare", str(a), str(b), "--bootstrap", "300"])
    table = result.output.split("By instruction type")[1]
    row = next(line for line in table.splitlines() if line.startswith("punctuation:no_comma"))
    cells = row.split()[1:]
    assert cells[0] == "+0.00" and cells[2].endswith("*")   # original: equal; distractor: worse


def test_runs_scored_by_different_ifevalpp_versions_are_noted(runs):
    from ifevalpp import __version__

    a, b = runs
    metrics = json.loads((b / "metrics.json").read_text())
    metrics["provenance"]["ifevalpp_version"] = "0.0.9"
    (b / "metrics.json").write_text(json.dumps(metrics))
    notes = compare_runs(a, b, bootstrap=0).notes
    assert any(f"different ifevalpp versions ({__version__} vs 0.0.9)" in note for note in notes)
