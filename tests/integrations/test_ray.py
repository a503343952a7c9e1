"""The checkers on Ray as they are: Ray Data `map_batches`, Ray tasks, verl's remote reward
workers (a Ray actor holding the reward function) give the in-process rewards."""

from __future__ import annotations

import functools
import importlib.util
import json
from pathlib import Path

import pytest

from ifevalpp.cases import load_variants
from ifevalpp.reward import score_batch
from ifevalpp.reward import verl as verl_module
from tests.integrations.replay_server import read_jsonl


@pytest.fixture(scope="module")
def answered(gpt4, tmp_path_factory) -> dict:
    """The 541 GPT-4 answers with their cases' instructions, as a completions JSONL in the
    columns `export-rl` writes (kwargs as JSON text)."""
    cases = load_variants(gpt4["original"])
    answers = [record["response"] for record in read_jsonl(gpt4["responses"])]
    rows = [{"key": case.key, "completion": answer, "prompt": case.prompt,
             "instruction_id_list": list(case.instruction_id_list),
             "kwargs": json.dumps(case.kwargs)}
            for case, answer in zip(cases, answers)]
    path = tmp_path_factory.mktemp("ray") / "completions.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return {"path": path, "rows": rows, "cases": cases}


def _in_process(rows: list[dict], **options) -> list[float]:
    return score_batch([row["completion"] for row in rows],
                       [row["instruction_id_list"] for row in rows],
                       [json.loads(row["kwargs"]) for row in rows],
                       prompts=[row["prompt"] for row in rows], workers=1, **options)


def test_map_batches_gives_the_in_process_rewards_on_the_541_gpt4_answers(ray_local, answered,
                                                                          tmp_path):
    # The README's recipe: completions JSONL in, rewards added batch by batch, parquet out.
    import pyarrow.parquet as pq
    import ray.data

    from ifevalpp.integrations.ray_data import reward_columns

    # One block and one task at a time: 541 rows do not need more worker processes.
    ds = ray.data.read_json(str(answered["path"]), override_num_blocks=1)
    ds = ds.map_batches(reward_columns, batch_format="pyarrow", batch_size=128, concurrency=1,
                        fn_kwargs={"prompt": "prompt", "mode": "strict", "reduce": "all"})
    ds = ds.map_batches(reward_columns, batch_format="pyarrow", batch_size=128, concurrency=1,
                        fn_kwargs={"prompt": "prompt", "mode": "loose", "reduce": "fraction",
                                   "output": "loose_share"})
    ds.write_parquet(str(tmp_path / "scored"))
    scored = {row["key"]: row for row in pq.read_table(tmp_path / "scored").to_pylist()}
    rows = answered["rows"]
    assert len(scored) == 541
    assert [scored[row["key"]]["reward"] for row in rows] == _in_process(rows)
    assert [scored[row["key"]]["loose_share"] for row in rows] == \
        _in_process(rows, mode="loose", reduce="fraction")
    assert sum(scored[row["key"]]["reward"] for row in rows) == 417
    assert scored[rows[0]["key"]]["instruction_id_list"] == rows[0]["instruction_id_list"]


@pytest.mark.parametrize("batch_format", ["numpy", "pandas", "pyarrow"])
def test_reward_columns_reads_every_batch_format_map_batches_hands_over(answered,
                                                                        batch_format):
    # The batches Ray makes from an arrow block: list columns become numpy arrays per cell.
    pa = pytest.importorskip("pyarrow")
    from ifevalpp.integrations.ray_data import reward_columns

    rows = answered["rows"][:40]
    table = pa.Table.from_pylist(rows)
    batch = {"numpy": lambda: {name: table.column(name).to_numpy(zero_copy_only=False)
                               for name in table.column_names},
             "pandas": table.to_pandas, "pyarrow": lambda: table}[batch_format]()
    out = reward_columns(batch, prompt="prompt", mode="loose", reduce="fraction")
    rewards = out.column("reward").to_pylist() if batch_format == "pyarrow" \
        else list(out["reward"])
    assert rewards == _in_process(rows, mode="loose", reduce="fraction")


def test_score_batch_in_a_ray_task_scores_in_the_task_s_own_process(ray_local, answered):
    rows = answered["rows"]

    @ray_local.remote
    def rewards(completions, ids, kwargs, prompts):
        from ifevalpp.reward import pool

        values = score_batch(completions, ids, kwargs, prompts=prompts)  # 541 >= pool size
        return values, pool._pool is None

    values, no_pool = ray_local.get(rewards.remote(
        [row["completion"] for row in rows], [row["instruction_id_list"] for row in rows],
        [json.loads(row["kwargs"]) for row in rows], [row["prompt"] for row in rows]))
    assert values == _in_process(rows)
    assert no_pool


def _load_by_path(path: str, name: str):
    """A function from a file loaded the way verl loads `custom_reward_function.path`: under a
    module name nothing else can import, so Ray must ship the function by value."""
    spec = importlib.util.spec_from_file_location(f"custom_module_{abs(hash(path))}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


def test_verl_s_remote_reward_workers_give_the_in_process_rewards(ray_local, answered):
    # verl's remote reward manager keeps the reward function in Ray actors (one CPU each) and
    # calls compute_score(data_source=, solution_str=, ground_truth=, extra_info=); the
    # function is what custom_reward_function names: a file path, or pkg://ifevalpp.reward.verl.
    by_path = _load_by_path(verl_module.__file__, "compute_score")
    functions = [functools.partial(function, mode="strict", reduce="all")
                 for function in (by_path, verl_module.compute_score)]

    @ray_local.remote(num_cpus=1)
    class RewardWorker:
        def __init__(self, compute_scores):
            self.compute_scores = compute_scores

        def score(self, which, **kwargs):
            return self.compute_scores[which](**kwargs)

    worker = RewardWorker.remote(functions)
    rows = answered["rows"][:60]
    truths = [json.dumps({"instruction_id_list": row["instruction_id_list"],
                          "kwargs": row["kwargs"]}) for row in rows]
    local = [verl_module.compute_score("ifevalpp", row["completion"], truth, {})
             for row, truth in zip(rows, truths)]
    for which in (0, 1):
        remote = ray_local.get([worker.score.remote(which, data_source="ifevalpp",
                                                    solution_str=row["completion"],
                                                    ground_truth=truth, extra_info={})
                                for row, truth in zip(rows, truths)])
        assert remote == local
    assert 0 < sum(local) < len(local)


def test_a_missing_column_is_named(answered):
    from ifevalpp.integrations.ray_data import reward_columns

    with pytest.raises(KeyError, match="no column 'answer'"):
        reward_columns({"completion": ["x"]}, completion="answer")


def test_nothing_is_written_at_import(tmp_path):
    # A fresh interpreter imports the checkers with a read-only home and data directory:
    # a worker process starts from nothing, and must not need to write anything.
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    code = ("import ifevalpp.integrations.ray_data, ifevalpp.reward as r; "
            "print(r.score_batch(['no commas here'], [['punctuation:no_comma']], [None]))")
    home = tmp_path / "home"
    home.mkdir()
    home.chmod(0o500)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env=dict(os.environ, HOME=str(home), PYTHONPATH=str(root),
                                     IFEVALPP_DATA=str(home / "data")), timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[1.0]" and list(home.iterdir()) == []
