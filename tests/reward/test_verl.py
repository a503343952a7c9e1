"""The verl reward functions, called as verl's reward managers call them.

verl loads `custom_reward_function.path` as a file and calls the function
named by `custom_reward_function.name`. Its naive manager calls
`compute_score(data_source=, solution_str=, ground_truth=, extra_info=)` once
per response, `ground_truth` being the row's `reward_model["ground_truth"]`
and `extra_info` the row's `extra_info` dict (it adds `num_turns` to it); its
batch manager calls `compute_score(data_sources=, solution_strs=,
ground_truths=, extra_infos=)` once per step. `reward_kwargs` from the config
arrive as extra keyword arguments.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest

from ifevalpp.errors import InputError, ParamsError
from ifevalpp.reward import export_rl, verl
from ifevalpp.reward.verl import verl_compute_score, verl_compute_score_batch
from tests.reward.builders import ANSWERS, write_families

GROUND_TRUTH = json.dumps({"instruction_id_list": ["punctuation:no_comma",
                                                   "keywords:existence"],
                           "kwargs": [{}, {"keywords": ["tide"]}]})


def load_like_verl(path: str):
    spec = importlib.util.spec_from_file_location("custom_module", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_compute_score_with_the_naive_managers_keywords():
    extra_info = {"index": 0, "split": "train", "num_turns": None}
    assert verl_compute_score(data_source="ifevalpp", solution_str="The tide comes in",
                              ground_truth=GROUND_TRUTH, extra_info=extra_info) == 1.0
    assert verl_compute_score(data_source="ifevalpp", solution_str="The tide, it comes",
                              ground_truth=GROUND_TRUTH, extra_info=extra_info) == 0.0


def test_reward_kwargs_choose_mode_and_reduction():
    assert verl_compute_score(data_source="ifevalpp", solution_str="The tide, it comes",
                              ground_truth=GROUND_TRUTH, extra_info={},
                              reduce="fraction") == 0.5
    quotation = json.dumps({"instruction_id_list": ["startend:quotation"], "kwargs": [{}]})
    framed = 'Sure:\n"The tide comes in"'
    assert verl_compute_score(data_source="ifevalpp", solution_str=framed,
                              ground_truth=quotation, extra_info={}) == 0.0
    assert verl_compute_score(data_source="ifevalpp", solution_str=framed,
                              ground_truth=quotation, extra_info={}, mode="loose") == 1.0


def test_ground_truth_as_an_object_with_numpy_arrays_as_pandas_reads_parquet_structs():
    ground_truth = {"instruction_id_list": np.array(["keywords:existence"], dtype=object),
                    "kwargs": np.array([{"keywords": np.array(["tide"], dtype=object)}],
                                       dtype=object)}
    assert verl_compute_score("ifevalpp", "high tide", ground_truth, None) == 1.0


def test_an_unknown_keyword_is_ignored_with_one_warning(monkeypatch, recwarn):
    monkeypatch.setattr(verl, "_warned", set())
    for _ in range(3):
        assert verl_compute_score("ifevalpp", "The tide comes in", GROUND_TRUTH, {},
                                  mdoe="loose") == 1.0
    assert [str(warning.message) for warning in recwarn] == [
        "ifevalpp's verl reward ignores the keyword argument 'mdoe'"]


@pytest.mark.parametrize("ground_truth", ["not json", json.dumps(["a list"]), None,
                                          json.dumps({"kwargs": [{}]})],
                         ids=["not-json", "not-an-object", "missing", "no-instruction-ids"])
def test_a_malformed_ground_truth_raises_naming_the_field(ground_truth):
    with pytest.raises(InputError) as raised:
        verl_compute_score("ifevalpp", "text", ground_truth, {})
    assert raised.value.field == "ground_truth"


def test_bad_kwargs_in_the_ground_truth_raise():
    with pytest.raises(ParamsError):
        verl_compute_score("ifevalpp", "text", json.dumps(
            {"instruction_id_list": ["keywords:existence"], "kwargs": [{"keywords": []}]}), {})


def test_the_batch_managers_call():
    scores = verl_compute_score_batch(
        data_sources=np.array(["ifevalpp"] * 3, dtype=object),
        solution_strs=["The tide comes in", "The tide, it comes", ""],
        ground_truths=[GROUND_TRUTH] * 3, extra_infos=[{}] * 3, reduce="fraction")
    assert scores == [1.0, 0.5, 0.0]


def test_the_file_loads_by_path_and_names_the_functions_the_config_uses():
    module = load_like_verl(verl.__file__)
    assert module.compute_score("ifevalpp", "The tide comes in", GROUND_TRUTH, {}) == 1.0
    assert module.compute_score_batch(["ifevalpp"], ["The tide, it comes"], [GROUND_TRUTH],
                                      [{}]) == [0.0]


@pytest.mark.parametrize("suffix", [".parquet", ".jsonl"])
def test_exported_rows_score_through_compute_score(tmp_path: Path, suffix: str):
    if suffix == ".parquet":
        pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / f"train{suffix}"
    export_rl(write_families(tmp_path / "families.jsonl"), out)
    if suffix == ".parquet":
        rows = pq.read_table(out).to_pylist()
    else:
        rows = [json.loads(line) for line in out.read_text().splitlines()]
    module = load_like_verl(verl.__file__)
    for row in rows:
        good, bad = ANSWERS[int(row["extra_info"]["case"])]
        for answer, expected in ((good, 1.0), (bad, 0.0)):
            extra_info = dict(row["extra_info"], num_turns=None)
            assert module.compute_score(data_source=row["data_source"], solution_str=answer,
                                        ground_truth=row["reward_model"]["ground_truth"],
                                        extra_info=extra_info) == expected
