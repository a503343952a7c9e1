"""What a harness aggregates (verdict records) gives the numbers `ifevalpp score` gives."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from ifevalpp.cases import load_variants
from ifevalpp.evaluate import score
from ifevalpp.integrations.grading import (family_metric_names, family_metrics, grade,
                                           metric_name)
from ifevalpp.integrations.prompts import prompt_rows
from tests.evaluate.builders import family_prompts, responses_for, write_lines

# Passing and failing prompts spread over three families, so that reliable@k falls with k
# and differs per kind; "loose" answers fail strict only.
PASSES = {"1:rephrasing:2": False, "1:reconfiguration:1": "loose", "2:original:0": False,
          "3:distractor:3": False, "3:reconfiguration:2": False, "3:rephrasing:1": "loose"}


def _score_numbers(report) -> dict[str, float]:
    """`ifevalpp score`'s report under the harness names."""
    return {name: row.value for row in report.estimates
            if (name := metric_name(row.id)) is not None and not row.id.startswith("ifeval/")}


def _harness_numbers(families: Path, responses: list[dict]) -> dict[str, float]:
    rows = {row.key: row for row in prompt_rows(load_variants(families))}
    records = [grade(rows[answer["key"]].model_dump(), answer["response"],
                     sample=answer.get("sample", 0))
               for answer in responses if "response" in answer]
    return family_metrics(records)


def _assert_same(ours: dict[str, float], reference: dict[str, float]) -> None:
    assert set(reference) <= set(ours)
    for name, value in reference.items():
        assert (math.isnan(value) and math.isnan(ours[name])) or \
            abs(ours[name] - value) < 1e-12, name


def test_family_metrics_equal_ifevalpp_score_on_the_same_answers(tmp_path):
    prompts = family_prompts([1, 2, 3])
    answers = responses_for(prompts, PASSES)
    families = write_lines(tmp_path / "families.jsonl", prompts)
    report = score(write_lines(tmp_path / "responses.jsonl", answers), families, k=10,
                   bootstrap=0)
    ours = _harness_numbers(families, answers)
    _assert_same(ours, _score_numbers(report))
    assert ours["reliable_at_10_strict"] == pytest.approx(0.0)
    assert ours["reliable_at_1_strict"] == pytest.approx(2 / 3)
    assert ours["reliable_at_2_strict"] != ours["reliable_at_2_loose"]


def test_every_advertised_name_is_reported_for_default_sized_families(tmp_path):
    prompts = family_prompts([1, 2])
    families = write_lines(tmp_path / "families.jsonl", prompts)
    ours = _harness_numbers(families, responses_for(prompts, PASSES))
    assert set(family_metric_names()) == set(ours)


def test_a_family_cut_short_is_left_out_of_reliable_at_k_as_score_leaves_out_a_missing_answer(
        tmp_path):
    prompts = family_prompts([1, 2, 3])
    answers = [answer for answer in responses_for(prompts, PASSES)
               if answer["key"] != "2:distractor:2"]
    families = write_lines(tmp_path / "families.jsonl", prompts)
    report = score(write_lines(tmp_path / "responses.jsonl", answers), families, k=10,
                   bootstrap=0, missing="exclude")
    ours = _harness_numbers(families, answers)
    _assert_same(ours, _score_numbers(report))
    # Family 2 fails its original, so leaving it out raises reliable@1 from 2/3 to 1.
    assert ours["reliable_at_1_strict"] == pytest.approx(1.0)


def test_several_samples_are_scored_per_sample_and_averaged_like_score(tmp_path):
    prompts = family_prompts([1, 2])
    answers = responses_for(prompts, PASSES, samples=2,
                            sample_passes={("1:original:0", 1): False})
    families = write_lines(tmp_path / "families.jsonl", prompts)
    report = score(write_lines(tmp_path / "responses.jsonl", answers), families, k=10,
                   bootstrap=0)
    ours = _harness_numbers(families, answers)
    _assert_same(ours, _score_numbers(report))
    assert ours["reliable_at_1_strict"] == pytest.approx((1 / 2 + 0) / 2)


def test_on_originals_the_plain_names_are_the_ifeval_metrics(tmp_path):
    prompts = family_prompts([1, 2, 3])
    families = write_lines(tmp_path / "families.jsonl", prompts)
    rows = prompt_rows(load_variants(families))
    answers = {answer["key"]: answer["response"] for answer in responses_for(prompts, PASSES)}
    records = [grade(row.model_dump(), answers[row.key]) for row in rows]
    originals = family_metrics(records, originals=True)
    everything = family_metrics(records)
    assert originals["prompt_level_strict_acc"] == pytest.approx(2 / 3)
    assert everything["prompt_level_strict_acc"] == pytest.approx(1 - 6 / 30)  # 4 failing, 2 loose-only
    assert everything["prompt_level_strict_acc_original"] == originals["prompt_level_strict_acc"]
    originals_rows = prompt_rows([variant for variant in load_variants(families)
                                  if variant.kind == "original"])
    only_originals = family_metrics([grade(row.model_dump(), answers[row.key])
                                     for row in originals_rows], originals=True)
    assert set(only_originals) == {"prompt_level_strict_acc", "inst_level_strict_acc",
                                   "prompt_level_loose_acc", "inst_level_loose_acc"}


def test_the_verdict_record_is_plain_json_with_the_family_size():
    row = {"key": "7:rephrasing:1", "prompt": "Answer without commas.",
           "instruction_id_list": ["punctuation:no_comma"], "kwargs": [{}],
           "family": [1, 3, 3, 3]}
    record = grade(row, "fine, thanks")
    assert json.loads(json.dumps(record)) == {"key": "7:rephrasing:1", "family": [1, 3, 3, 3],
                                              "strict": [0], "loose": [0]}


def test_kwargs_with_null_keys_grade_like_the_github_kwargs():
    row = {"key": "8", "prompt": "Write at least 3 words.",
           "instruction_id_list": ["length_constraints:number_words"], "family": [1, 0, 0, 0]}
    github = grade({**row, "kwargs": [{"relation": "at least", "num_words": 3}]}, "one two three")
    hugging_face = grade({**row, "kwargs": [{"relation": "at least", "num_words": 3,
                                             "keywords": None, "letter": None}]},
                         "one two three")
    assert github == hugging_face and github["strict"] == [1]


def test_a_response_that_is_not_text_fails_every_instruction():
    row = {"key": "9", "prompt": "Answer without commas.", "kwargs": [{}, {}],
           "instruction_id_list": ["punctuation:no_comma", "punctuation:no_comma"]}
    assert grade(row, None)["strict"] == [0, 0]


@pytest.mark.parametrize("metric_id, name", [
    ("ifeval/prompt_strict", "prompt_level_strict_acc"),
    ("prompts/all/instruction_loose", "inst_level_loose_acc"),
    ("prompts/distractor/prompt_strict", "prompt_level_strict_acc_distractor"),
    ("reliable/strict/10", "reliable_at_10_strict"),
    ("by_kind/rephrasing/loose/4", "reliable_at_4_loose_rephrasing"),
    ("by_kind/rephrasing/loose/1", None),      # the original alone: reliable_at_1
    ("type/original/strict/punctuation:no_comma", None),
])
def test_metric_names_follow_lm_eval_and_say_mode_k_and_kind(metric_id, name):
    assert metric_name(metric_id) == name
