"""`score_batch` over Ray Data batches: rewards for a large file of completions, on a cluster.

    import ray
    from ifevalpp.integrations.ray_data import reward_columns

    ds = ray.data.read_parquet("completions.parquet")   # or read_json("completions.jsonl")
    ds = ds.map_batches(reward_columns, fn_kwargs={"mode": "strict", "reduce": "all"},
                        batch_size=1024)
    ds.write_parquet("scored/")

A batch holds, per row, the completion and the prompt's `instruction_id_list` and `kwargs`
(as `ifevalpp export-rl` writes them: kwargs as JSON text; real lists and objects work too,
and so do the numpy arrays a parquet list column becomes). The rewards are `score_batch`'s,
so they equal the in-process ones row for row; the checkers load nothing from the network
and write nothing, and the same text gets the same verdict in every worker process.

Nothing here imports Ray: the function takes and returns what `map_batches` hands over (a
dict of numpy arrays, a pandas DataFrame or a pyarrow Table) and works without Ray too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from ..profiles import Profile
from ..reward.batch import Mode, Reduce, score_batch
from ..reward.fields import decoded, plain


def _column(batch: Any, name: str) -> list[Any]:
    """One column of a batch as a Python list, whatever the batch format."""
    if isinstance(batch, Mapping):
        if name not in batch:
            raise KeyError(f"the batch has no column {name!r} (columns: {', '.join(batch)})")
        values = batch[name]
    elif hasattr(batch, "column_names") and hasattr(batch, "column"):   # pyarrow.Table
        if name not in batch.column_names:
            raise KeyError(f"the batch has no column {name!r} (columns: "
                           f"{', '.join(batch.column_names)})")
        return batch.column(name).to_pylist()
    else:                                                                # pandas.DataFrame
        if name not in batch.columns:
            raise KeyError(f"the batch has no column {name!r} (columns: "
                           f"{', '.join(map(str, batch.columns))})")
        values = batch[name]
    return list(values.tolist() if hasattr(values, "tolist") else values)


def _with_column(batch: Any, name: str, values: list[float]) -> Any:
    if isinstance(batch, Mapping):
        import numpy as np

        out = dict(batch)
        out[name] = np.asarray(values, dtype=np.float64)
        return out
    if hasattr(batch, "column_names") and hasattr(batch, "append_column"):
        import pyarrow as pa

        if name in batch.column_names:
            batch = batch.drop_columns([name])
        return batch.append_column(name, pa.array(values, type=pa.float64()))
    out = batch.copy()
    out[name] = values
    return out


def reward_columns(batch: Any, *, completion: str = "completion",
                   instruction_ids: str = "instruction_id_list", kwargs: str = "kwargs",
                   prompt: Optional[str] = None, mode: Mode = "strict", reduce: Reduce = "all",
                   profile: Profile = "official", keep_reasoning: bool = False,
                   output: str = "reward") -> Any:
    """`batch` with one more column, `output`: each row's reward from `score_batch`.

    `completion`, `instruction_ids`, `kwargs` (and `prompt`, for the types that read the
    prompt) name the columns to read. Scoring stays in the Ray worker's own process: Ray
    spreads the batches over the cluster.
    """
    completions = [plain(value) for value in _column(batch, completion)]
    ids = [decoded(value, instruction_ids) for value in _column(batch, instruction_ids)]
    params = [decoded(value, kwargs) for value in _column(batch, kwargs)]
    prompts = [plain(value) for value in _column(batch, prompt)] if prompt else None
    rewards = score_batch(completions, ids, params, prompts=prompts, mode=mode, reduce=reduce,
                          profile=profile, workers=1, keep_reasoning=keep_reasoning)
    return _with_column(batch, output, rewards)


__all__ = ["reward_columns"]
