"""The distractor side figure: per response, then per family with bootstrap CIs, never scored.

Four hand-made families (tests/evaluate/builders.py); each has three distractor cousins: a
title (checkable), a catalogue request (text) and "at most 8 words" (only revised checks it).
Title answers, family 1…4: title + no comma, title + a comma, no title, title + no comma.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.evaluate import score
from ifevalpp.evaluate.compare import compare_runs
from ifevalpp.report.document import metrics_document
from ifevalpp.report.files import write_outputs
from tests.evaluate.builders import (CLOSING_QUESTION, distractor_answers, distractor_family_prompts,
                                     family_prompts, responses_for, write_lines)

TITLE_ID = "detectable_format:title"
WORDS_ID = "length_constraints:number_words"


def write_files(tmp_path: Path, prompts=None, answers=None, name: str = "run"):
    prompts = prompts if prompts is not None else distractor_family_prompts()
    answers = answers if answers is not None else distractor_answers(prompts)
    return (write_lines(tmp_path / f"{name}-responses.jsonl", answers),
            write_lines(tmp_path / f"{name}-families.jsonl", prompts))


def value(report, metric_id: str) -> float:
    return report.estimate(metric_id).value


# -- per response --------------------------------------------------------------------------

def test_each_distractor_response_records_its_requirement_and_verdict_apart(tmp_path):
    report = score(*write_files(tmp_path), bootstrap=0)
    by_key = {record.key: record for record in report.scored}
    title = by_key["2:distractor:1"]
    assert (title.distractor.instruction_id, title.distractor.checked) == (TITLE_ID, True)
    assert (title.distractor.strict, title.distractor.loose) == (True, True)
    # the scored instructions are the original constraints only
    assert title.instruction_id_list == ["punctuation:no_comma"]
    assert (title.strict, title.follow_all_strict) == ([False], False)
    assert by_key["3:distractor:1"].distractor.strict is False
    text = by_key["1:distractor:2"].distractor
    assert (text.text, text.checked, text.strict) == (CLOSING_QUESTION["text"], False, None)
    assert by_key["1:rephrasing:1"].distractor is None
    assert by_key["1:original:0"].distractor is None


def test_a_requirement_the_profile_cannot_check_is_recorded_with_the_reason(tmp_path):
    official = score(*write_files(tmp_path), bootstrap=0)
    refused = {record.key: record for record in official.scored}["1:distractor:3"].distractor
    assert (refused.instruction_id, refused.checked, refused.strict) == (WORDS_ID, False, None)
    assert "official" in refused.reason and "at most" in refused.reason
    revised = score(*write_files(tmp_path), bootstrap=0, protocol="revised")
    checked = {record.key: record for record in revised.scored}
    assert checked["1:distractor:3"].distractor.strict is True
    assert checked["2:distractor:3"].distractor.strict is False  # ten words


def test_results_jsonl_nests_the_distractor_verdict_beside_the_scored_ones(tmp_path):
    report = score(*write_files(tmp_path), bootstrap=0)
    write_outputs(report, tmp_path / "out")
    rows = {row["key"]: row for row in map(json.loads, (tmp_path / "out" / "results.jsonl")
                                           .read_text().splitlines())}
    assert rows["2:distractor:1"]["distractor"] == {
        "instruction_id": TITLE_ID, "kwargs": {}, "checked": True, "strict": True,
        "loose": True}
    assert rows["2:distractor:1"]["strict"] == [False]
    assert rows["1:distractor:2"]["distractor"] == {
        "text": CLOSING_QUESTION["text"], "checked": False, "strict": None, "loose": None,
        "reason": "a format request outside the instruction types: no checker exists"}
    assert rows["1:original:0"]["distractor"] is None


# -- the figure ----------------------------------------------------------------------------

def test_followed_constraints_and_both_are_hand_computed_ratios(tmp_path):
    report = score(*write_files(tmp_path), bootstrap=0)
    # title distractors only (the text one has no checker, official refuses 'at most')
    assert value(report, "distractor_followed/strict") == pytest.approx(3 / 4)
    assert value(report, "distractor_followed/loose") == pytest.approx(3 / 4)
    assert value(report, "distractor_constraints/strict") == pytest.approx(3 / 4)
    assert value(report, "distractor_constraints/loose") == pytest.approx(4 / 4)
    assert value(report, "distractor_both/strict") == pytest.approx(2 / 4)
    assert value(report, "distractor_both/loose") == pytest.approx(3 / 4)
    assert report.estimate("distractor_followed/strict").count == 4
    assert value(report, f"distractor_followed/strict/{TITLE_ID}") == pytest.approx(3 / 4)


def test_the_revised_profile_also_counts_the_at_most_requirement(tmp_path):
    report = score(*write_files(tmp_path), bootstrap=0, protocol="revised")
    assert report.estimate("distractor_followed/strict").count == 8
    assert value(report, "distractor_followed/strict") == pytest.approx(6 / 8)
    assert value(report, "distractor_constraints/strict") == pytest.approx(7 / 8)
    assert value(report, "distractor_both/strict") == pytest.approx(5 / 8)
    assert value(report, f"distractor_followed/strict/{WORDS_ID}") == pytest.approx(3 / 4)
    assert value(report, f"distractor_both/strict/{WORDS_ID}") == pytest.approx(3 / 4)


def test_the_side_figure_changes_no_scored_number(tmp_path):
    with_field = score(*write_files(tmp_path), bootstrap=0)
    prompts = distractor_family_prompts()
    for record in prompts:
        record.pop("distractor", None)
    without = score(*write_files(tmp_path, prompts, distractor_answers(prompts), name="bare"),
                    bootstrap=0)
    scored = {row.id: row.value for row in with_field.estimates
              if not row.section.startswith("distractor_")}
    assert scored == {row.id: row.value for row in without.estimates}
    assert not without.select("distractor_followed")


def test_several_samples_average_the_per_sample_rates(tmp_path):
    prompts = distractor_family_prompts()
    every_title = {case: "<<Harbour>>\nCalm water at dusk" for case in (1, 2, 3, 4)}
    answers = distractor_answers(prompts, samples=2, title_answers=every_title)
    report = score(*write_files(tmp_path, prompts, answers), bootstrap=0)
    assert value(report, "distractor_followed/strict") == pytest.approx((3 / 4 + 4 / 4) / 2)
    assert value(report, "distractor_both/strict") == pytest.approx((2 / 4 + 4 / 4) / 2)
    assert report.estimate("distractor_followed/strict").count == 8


@pytest.mark.parametrize("missing, followed, count", [("exclude", 2 / 3, 3), ("fail", 2 / 4, 4)])
def test_a_missing_distractor_response_follows_the_missing_policy(tmp_path, missing, followed,
                                                                   count):
    prompts = distractor_family_prompts()
    answers = [row for row in distractor_answers(prompts) if row["key"] != "1:distractor:1"]
    report = score(*write_files(tmp_path, prompts, answers), bootstrap=0, missing=missing)
    assert value(report, "distractor_followed/strict") == pytest.approx(followed)
    assert report.estimate("distractor_followed/strict").count == count


def test_the_side_figure_has_an_exact_interval_over_families(tmp_path):
    report = score(*write_files(tmp_path))
    for metric_id in ("distractor_followed/strict", "distractor_both/loose",
                      f"distractor_followed/strict/{TITLE_ID}"):
        est = report.estimate(metric_id)
        assert est.ci_method in ("Clopper-Pearson", "Korn-Graubard")
        assert 0 <= est.ci_low <= est.value <= est.ci_high <= 1
    assert report.estimate("distractor_both/strict").ci_high > \
        report.estimate("distractor_both/strict").ci_low


# -- nothing to report ---------------------------------------------------------------------

def test_families_without_a_distractor_field_say_so_instead_of_a_zero(tmp_path):
    prompts = family_prompts([1, 2, 3], ifevalpp_names=True)
    report = score(*write_files(tmp_path, prompts, responses_for(prompts)), bootstrap=0)
    assert not report.has_distractor_figure
    block = metrics_document(report)["distractor"]
    assert (block["prompts"], block["named"], block["checked"]) == (9, 0, 0)
    assert "no 'distractor' field" in block["note"] and "followed" not in block
    text = CliRunner().invoke(main, ["score", str(tmp_path / "run-responses.jsonl"), "--input",
                                     str(tmp_path / "run-families.jsonl"), "--bootstrap", "0"],
                              catch_exceptions=False).output
    assert "Not reported: the 9 distractor-cousin responses name no extra requirement" in text


def test_only_text_distractors_leave_nothing_checkable(tmp_path):
    prompts = distractor_family_prompts(distractors=(CLOSING_QUESTION,) * 3)
    report = score(*write_files(tmp_path, prompts, responses_for(prompts)), bootstrap=0)
    block = metrics_document(report)["distractor"]
    assert (block["named"], block["text"], block["checked"]) == (12, 12, 0)
    assert block["note"].startswith("no distractor requirement could be checked")


def test_plain_ifeval_cases_have_no_distractor_block(tmp_path):
    cases = [{"key": key, "prompt": f"Case {key}, no commas.",
              "instruction_id_list": ["punctuation:no_comma"], "kwargs": [{}]} for key in (1, 2)]
    answers = [{"prompt": case["prompt"], "response": "ab"} for case in cases]
    report = score(write_lines(tmp_path / "r.jsonl", answers),
                   write_lines(tmp_path / "c.jsonl", cases), bootstrap=0)
    assert metrics_document(report)["distractor"] is None


# -- every view, and compare ---------------------------------------------------------------

def test_every_output_carries_the_side_figure(tmp_path):
    report = score(*write_files(tmp_path), bootstrap=200)
    out = tmp_path / "out"
    write_outputs(report, out)
    block = json.loads((out / "metrics.json").read_text())["distractor"]
    assert block["followed"]["strict"]["value"] == pytest.approx(3 / 4)
    assert block["both"]["loose"]["value"] == pytest.approx(3 / 4)
    assert block["by_type"][TITLE_ID]["count"] == 4
    assert [(row["instruction_id"], row["responses"])
            for row in block["not_checked_by_profile"]] == [(WORDS_ID, 4)]
    rows = (out / "distractor.csv").read_text().splitlines()
    assert rows[0].startswith("type,measure,count,strict,strict_ci_low")
    assert rows[1].startswith("all,followed,4,0.750000")
    assert any(row.startswith(f"{TITLE_ID},both,4,0.500000") for row in rows)
    markdown = (out / "report.md").read_text()
    assert "## Distractor requirement (side figure, not scored)" in markdown
    assert "| did both (followed it and passed the constraints) | 4 | 50.00 |" in markdown
    html = (out / "report.html").read_text()
    assert 'id="distractor"' in html and "Distractor requirement by type" in html


def test_the_cli_prints_the_side_figure_and_what_it_leaves_out(tmp_path):
    responses, families = write_files(tmp_path)
    result = CliRunner().invoke(main, ["score", str(responses), "--input", str(families),
                                       "--bootstrap", "0"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    followed = next(line for line in lines if line.startswith("followed the extra requirement"))
    assert followed.split()[-7:] == ["4", "75.00", "[19.41,", "99.37]", "75.00", "[19.41,",
                                     "99.37]"]  # 3 of 4: Clopper-Pearson, even with no bootstrap
    assert "4 ask for a format outside the instruction types (no checker)" in result.output
    assert f"4 ask for {WORDS_ID} (not checkable under the official profile" in result.output


def test_compare_pairs_the_side_figure_of_two_runs(tmp_path):
    prompts = distractor_family_prompts()
    runs = []
    for name, titles in (("a", None), ("b", {case: "<<T>>\nCalm water at dusk"
                                             for case in (1, 2, 3, 4)})):
        answers = distractor_answers(prompts)
        if titles:
            for row in answers:
                case, kind, index = row["key"].split(":")
                if kind == "distractor" and index == "1":
                    row["response"] = titles[int(case)]
        responses, families = write_files(tmp_path, prompts, answers, name=name)
        out = tmp_path / name
        CliRunner().invoke(main, ["score", str(responses), "--input", str(families),
                                  "--bootstrap", "0", "--out", str(out)], catch_exceptions=False)
        runs.append(out)
    comparison = compare_runs(*runs, bootstrap=300)
    row = comparison.delta("distractor_followed/strict")
    assert (row["a"], row["b"], row["delta"]) == (pytest.approx(3 / 4), 1.0,
                                                 pytest.approx(-1 / 4))
    assert row["ci_low"] <= row["delta"] <= row["ci_high"]
    assert comparison.delta(f"distractor_both/strict/{TITLE_ID}")["delta"] == \
        pytest.approx(2 / 4 - 1)
    printed = CliRunner().invoke(main, ["compare", *map(str, runs), "--bootstrap", "0"],
                                 catch_exceptions=False).output
    assert "followed the extra requirement strict" in printed


def test_compare_says_when_the_runs_checked_different_requirements(tmp_path):
    runs = []
    for name, protocol in (("official", "official"), ("revised", "revised")):
        responses, families = write_files(tmp_path, name="same")
        out = tmp_path / name
        CliRunner().invoke(main, ["score", str(responses), "--input", str(families),
                                  "--protocol", protocol, "--bootstrap", "0", "--out", str(out)],
                           catch_exceptions=False)
        runs.append(out)
    comparison = compare_runs(*runs, bootstrap=0)
    assert any("different numbers of distractor requirements (A 4, B 8" in note
               for note in comparison.notes)
