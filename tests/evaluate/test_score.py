"""`ifevalpp.evaluate.score` on tiny families: every metric against hand-computed values.

Three families of ten prompts (the original + 3 cousins of each kind), one
instruction each (no commas):

* family 1 — rephrasing:2 and reconfiguration:1 fail: o passes, 7 of 9 cousins pass;
* family 2 — distractor:1 fails: o passes, 8 of 9 cousins pass;
* family 3 — the original fails, every cousin passes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ifevalpp.errors import InputError
from ifevalpp.evaluate import score
from ifevalpp.evaluate.catalogue import build_sums, largest_k
from ifevalpp.report.document import metrics_document
from ifevalpp.report.files import write_outputs
from ifevalpp.evaluate.reliability import family_table
from tests.evaluate.builders import family, family_prompts, responses_for, write_lines

FAILS = {"1:rephrasing:2": False, "1:reconfiguration:1": False, "2:distractor:1": False,
         "3:original:0": False}
NO_CI = {"bootstrap": 0}


def files(tmp_path: Path, *, passes=FAILS, samples=1, errors=(), sample_passes=None,
          ifevalpp_names=False) -> tuple[Path, Path]:
    prompts = family_prompts([1, 2, 3], ifevalpp_names=ifevalpp_names)
    answers = responses_for(family_prompts([1, 2, 3]) if ifevalpp_names else prompts, passes,
                            samples=samples, errors=errors, sample_passes=sample_passes)
    if ifevalpp_names:  # respond with IFEval++'s keys too
        names = {f"{p['case']}:{p['kind']}:{p['index']}": q["key"]
                 for p, q in zip(family_prompts([1, 2, 3]), prompts)}
        for record in answers:
            record["key"] = names[record["key"]]
    return (write_lines(tmp_path / "responses.jsonl", answers),
            write_lines(tmp_path / "families.jsonl", prompts))


def test_every_metric_matches_the_hand_computed_value(tmp_path):
    report = score(*files(tmp_path), **NO_CI)
    value = report.value
    assert report.k == 10 and report.n_families == 3 and report.n_excluded == 0
    assert value("ifeval/prompt_strict") == pytest.approx(2 / 3)
    assert value("ifeval/instruction_strict") == pytest.approx(2 / 3)
    assert value("reliable/strict/1") == pytest.approx(2 / 3)
    assert value("reliable/strict/2") == pytest.approx((7 / 9 + 8 / 9 + 0) / 3)
    assert value("reliable/strict/3") == pytest.approx((21 / 36 + 28 / 36) / 3)  # C(7,2), C(8,2)
    assert value("reliable/strict/9") == pytest.approx((0 + 1 / 9 + 0) / 3)       # C(7,8) = 0
    assert value("reliable/strict/10") == 0.0
    assert value("drop/strict") == pytest.approx(1.0)
    assert value("by_kind/rephrasing/strict/2") == pytest.approx((2 / 3 + 1 + 0) / 3)
    assert value("by_kind/rephrasing/strict/4") == pytest.approx(1 / 3)
    assert value("by_kind/distractor/strict/4") == pytest.approx(1 / 3)
    assert value("by_kind/reconfiguration/strict/3") == pytest.approx((1 / 3 + 1 + 0) / 3)
    assert value("type/original/strict/punctuation:no_comma") == pytest.approx(2 / 3)
    assert value("type/rephrasing/strict/punctuation:no_comma") == pytest.approx(8 / 9)
    assert value("group/distractor/strict/punctuation") == pytest.approx(8 / 9)
    # The failing text has a comma and nothing else wrong: loose mode agrees here.
    assert value("reliable/loose/3") == value("reliable/strict/3")


def test_several_samples_are_scored_per_sample_index_then_averaged(tmp_path):
    # Sample 1: only family 3's original fails.
    sample_passes = {(key, 1): True for key in FAILS}
    sample_passes[("3:original:0", 1)] = False
    report = score(*files(tmp_path, samples=2, sample_passes=sample_passes), **NO_CI)
    assert report.samples == [0, 1]
    assert report.value("reliable/strict/10") == pytest.approx((0 + 2 / 3) / 2)
    assert report.value("reliable/strict/2") == pytest.approx(((7 / 9 + 8 / 9) / 3 + 2 / 3) / 2)
    assert report.value("ifeval/prompt_strict") == pytest.approx(2 / 3)
    assert report.value("type/rephrasing/strict/punctuation:no_comma") == \
        pytest.approx((8 / 9 + 1) / 2)
    assert report.estimate("ifeval/prompt_strict").count == 6  # 3 originals × 2 samples


def test_a_family_with_a_failed_request_is_excluded_from_reliable_at_k_and_counted(tmp_path):
    report = score(*files(tmp_path, errors=[("2:distractor:3", 0)]), missing="exclude", **NO_CI)
    assert report.n_families == 2 and report.n_excluded == 1
    # reliable@k over families 1 and 3 only; the IFEval metrics still count family 2's original.
    assert report.value("reliable/strict/1") == pytest.approx(1 / 2)
    assert report.value("reliable/strict/2") == pytest.approx((7 / 9 + 0) / 2)
    assert report.value("ifeval/prompt_strict") == pytest.approx(2 / 3)
    assert report.value("type/distractor/strict/punctuation:no_comma") == pytest.approx(7 / 8)
    document = metrics_document(report)
    assert document["families"] == 2 and document["missing"] == 1
    assert document["excluded_families"][0]["case"] == 2
    assert "request failed" in document["excluded_families"][0]["reasons"][0]


def test_a_missing_original_excludes_the_family_and_drops_out_of_the_ifeval_metrics(tmp_path):
    responses, families = files(tmp_path)
    kept = [line for line in responses.read_text().splitlines()
            if '"key": "1:original:0"' not in line]
    responses.write_text("\n".join(kept) + "\n")
    report = score(responses, families, missing="exclude", **NO_CI)
    assert report.value("ifeval/prompt_strict") == pytest.approx(1 / 2)
    assert report.value("reliable/strict/1") == pytest.approx(1 / 2)
    assert report.n_excluded == 1


def test_ifevalpp_released_keys_are_read_including_ct_alteration(tmp_path):
    report = score(*files(tmp_path, ifevalpp_names=True), **NO_CI)
    assert {record.key for record in report.scored} >= {"1:reconfiguration:1", "3:original:0"}
    assert report.value("by_kind/reconfiguration/strict/2") == pytest.approx((2 / 3 + 1 + 0) / 3)
    assert report.value("reliable/strict/3") == pytest.approx((21 / 36 + 28 / 36) / 3)


def test_responses_with_key_prompt_and_response_and_plain_prompt_files_both_work(tmp_path):
    responses, families = files(tmp_path)
    plain = [{"prompt": json.loads(line)["prompt"], "response": json.loads(line)["response"]}
             for line in responses.read_text().splitlines()]
    by_prompt = score(write_lines(tmp_path / "plain.jsonl", plain), families, **NO_CI)
    by_key = score(responses, families, **NO_CI)
    assert by_prompt.to_frame()["value"].tolist() == by_key.to_frame()["value"].tolist()


def test_plain_ifeval_cases_report_only_the_ifeval_metrics_with_cis(tmp_path):
    cases = [{"key": key, "prompt": f"Describe case {key} with no commas.",
              "instruction_id_list": ["punctuation:no_comma"], "kwargs": [{}]}
             for key in range(1, 7)]
    answers = [{"prompt": case["prompt"], "response": "fine, ok" if case["key"] == 2 else "fine"}
               for case in cases]
    report = score(write_lines(tmp_path / "r.jsonl", answers),
                   write_lines(tmp_path / "c.jsonl", cases), bootstrap=500)
    assert report.k == 0 and not report.has_cousins
    assert {row.section for row in report.estimates} == {"ifeval", "type", "group"}
    assert report.value("ifeval/prompt_strict") == pytest.approx(5 / 6)
    estimate = report.estimate("ifeval/prompt_strict")
    assert 0 <= estimate.ci_low <= estimate.value <= estimate.ci_high <= 1
    with pytest.raises(InputError, match="reliable@10 needs families"):
        score(tmp_path / "r.jsonl", tmp_path / "c.jsonl", k=10)
    document = metrics_document(report)
    assert document["reliable_at_k"] == {"strict": {}, "loose": {}}
    assert document["by_kind"] == {} and document["families"] == 6


def test_a_k_beyond_the_family_size_is_refused_naming_the_largest_family(tmp_path):
    # It used to be capped at 10 with a note at the end of the output, which is easy to miss.
    with pytest.raises(InputError, match=r"--k 12 exceeds the largest family \(10 prompts\)"):
        score(*files(tmp_path), k=12, **NO_CI)
    smaller = score(*files(tmp_path), k=4, **NO_CI)
    assert smaller.k == 4 and smaller.estimate("drop/strict").k == 4
    assert smaller.value("drop/strict") == pytest.approx(
        1 - smaller.value("reliable/strict/4") / smaller.value("reliable/strict/1"))


def test_metrics_json_has_the_documented_shape_with_every_value_a_fraction_and_its_ci(tmp_path):
    report = score(*files(tmp_path), bootstrap=300)
    write_outputs(report, tmp_path / "out")
    document = json.loads((tmp_path / "out" / "metrics.json").read_text())
    assert document["profile"] == "official"
    assert document["families"] == 3 and document["missing"] == 0
    assert set(document["ifeval"]) >= {"prompt_strict", "instruction_strict", "prompt_loose",
                                       "instruction_loose"}
    assert list(document["reliable_at_k"]["strict"]) == [str(k) for k in range(1, 11)]
    assert set(document["by_kind"]) == {"rephrasing", "distractor", "reconfiguration"}
    assert list(document["by_kind"]["rephrasing"]["loose"]) == ["1", "2", "3", "4"]
    cells = ([document["ifeval"][name] for name in ("prompt_strict", "instruction_strict")]
             + list(document["reliable_at_k"]["strict"].values())
             + [cell for kind in document["by_kind"].values() for mode in kind.values()
                for cell in mode.values()])
    for cell in cells:
        low, high = cell["ci"]
        assert 0 <= low <= cell["value"] <= high <= 1, cell
    assert document["cases_sha256"] and document["responses_sha256"]


def test_the_output_directory_has_every_file_and_results_carry_case_kind_index_sample(tmp_path):
    report = score(*files(tmp_path, samples=2), **NO_CI)
    written = write_outputs(report, tmp_path / "out")
    assert sorted(path.name for path in written) == sorted(
        ["results.jsonl", "results.manifest.json", "metrics.json", "eval_results_strict.jsonl",
         "eval_results_loose.jsonl", "by_type.csv", "type_by_kind.csv", "type_paired.csv",
         "families.csv",
         "distractor.csv", "report.md", "report.html"])
    rows = [json.loads(line) for line in (tmp_path / "out" / "results.jsonl").read_text().splitlines()]
    assert len(rows) == 60
    assert {"case", "kind", "index", "sample", "strict", "loose", "key"} <= set(rows[0])
    families_csv = (tmp_path / "out" / "families.csv").read_text().splitlines()
    assert len(families_csv) == 1 + 3 * 2
    assert families_csv[0].startswith("case,sample,prompts,usable")


def test_the_same_seed_gives_identical_numbers_run_to_run(tmp_path):
    first = score(*files(tmp_path), bootstrap=400, seed=5).to_frame()
    again = score(*files(tmp_path), bootstrap=400, seed=5).to_frame()
    assert first.equals(again)


def test_frames_give_a_notebook_everything_the_cli_prints(tmp_path):
    report = score(*files(tmp_path), bootstrap=200)
    frame = report.to_frame()
    assert {"id", "value", "ci_low", "ci_high", "ci_method", "count"} <= set(frame.columns)
    assert report.reliability_frame()["k"].tolist() == list(range(1, 11))
    assert set(report.by_kind_frame()["kind"]) == {"rephrasing", "distractor", "reconfiguration"}
    assert set(report.by_type_frame()["kind"]) == {"original", "rephrasing", "distractor",
                                                   "reconfiguration"}
    assert len(report.families_frame()) == 3
    assert len(report.results_frame()) == 30


# -- invariants on random families ---------------------------------------------------------

families_strategy = st.lists(
    st.tuples(st.booleans(), st.lists(st.booleans(), min_size=3, max_size=3),
              st.lists(st.booleans(), min_size=3, max_size=3),
              st.lists(st.booleans(), min_size=3, max_size=3)),
    min_size=1, max_size=8)


@settings(max_examples=60, deadline=None)
@given(families_strategy)
def test_reliable_at_k_is_non_increasing_and_reliable_at_1_is_prompt_level_strict(families):
    records = [record for case, (o, r, d, c) in enumerate(families, start=1)
               for record in family(case, o, rephrasing=r, distractor=d, reconfiguration=c)]
    table = family_table(records)
    sums, _ = build_sums(table, largest_k(table))
    values = dict(zip(sums.all_ids, sums.estimate()))
    for mode in ("strict", "loose"):
        curve = [values[f"reliable/{mode}/{k}"] for k in range(1, 11)]
        assert all(b <= a + 1e-12 for a, b in zip(curve, curve[1:]))
        assert values[f"reliable/{mode}/1"] == pytest.approx(values[f"ifeval/prompt_{mode}"])
        expected_all = sum(o and all(r) and all(d) and all(c) for o, r, d, c in families)
        assert values[f"reliable/{mode}/10"] == pytest.approx(expected_all / len(families))


def test_loose_metrics_use_loose_verdicts(tmp_path):
    passes = {**FAILS, "2:distractor:1": "loose"}  # fails strict, passes loose
    report = score(*files(tmp_path, passes=passes), **NO_CI)
    assert report.value("reliable/strict/10") == 0.0
    assert report.value("reliable/loose/10") == pytest.approx(1 / 3)  # family 2 passes loosely
    assert report.value("type/distractor/loose/punctuation:no_comma") == pytest.approx(1.0)


def test_the_headline_is_the_mean_of_the_per_sample_ifeval_metrics(tmp_path):
    sample_passes = {("1:original:0", 1): False, ("2:original:0", 2): False}
    report = score(*files(tmp_path, samples=3, sample_passes=sample_passes), **NO_CI)
    per_sample = metrics_document(report)["ifeval_by_sample"]
    assert [round(per_sample[s]["prompt_strict"], 6) for s in "012"] == [0.666667, 0.333333,
                                                                          0.333333]
    for name in ("prompt_strict", "instruction_loose"):
        mean = sum(per_sample[s][name] for s in "012") / 3
        assert report.value(f"ifeval/{name}") == pytest.approx(mean)


def test_the_k_column_of_the_frames_is_an_integer(tmp_path):
    report = score(*files(tmp_path), **NO_CI)
    frame = report.to_frame()
    assert str(frame["k"].dtype) == "Int64"
    assert frame.loc[frame["id"] == "reliable/strict/10", "k"].tolist() == [10]
    assert frame.loc[frame["id"] == "ifeval/prompt_strict", "k"].isna().all()
    assert str(report.reliability_frame()["k"].dtype) == "int64"
    assert str(report.by_kind_frame()["k"].dtype) == "int64"
