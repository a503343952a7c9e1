"""A reward function for TRL's `GRPOTrainer` (and its other online trainers).

TRL calls each reward function with keyword arguments only: `prompts`,
`completions`, `completion_ids`, every other dataset column as a list (one
entry per completion), and in recent releases `trainer_state`; it expects one
float per completion, `None` meaning "this reward does not apply here" (TRL
turns it into NaN and leaves it out of the sum). It logs the reward under the
function's `__name__`.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ..errors import InputError
from ..profiles import Profile
from .batch import Mode, Reduce, check_options, prepare_rows, score_prepared
from .fields import decoded


def reward_name(mode: str, reduce: str, profile: str) -> str:
    """The name TRL logs the reward under (`ifeval_strict_all`: rewards/ifeval_strict_all/mean)."""
    return f"ifeval_{mode}_{reduce}" + ("" if profile == "official" else f"_{profile}")


def _column(columns: dict[str, Any], name: str, count: int) -> Sequence[Any]:
    if name not in columns:
        raise InputError(f"the dataset has no {name!r} column (columns: "
                         f"{', '.join(sorted(columns)) or 'none'}); `ifevalpp export-rl` writes "
                         f"one", field=name)
    column = columns[name]
    if len(column) != count:
        raise InputError(f"{count} completions but {len(column)} values in column {name!r}",
                         field=name)
    return column


class TRLReward:
    """A TRL reward function (see `trl_reward`): a plain object, so it pickles and deep-copies."""

    def __init__(self, mode: Mode, reduce: Reduce, profile: Profile, keep_reasoning: bool,
                 workers: Optional[int], instruction_ids_column: str, kwargs_column: str,
                 name: Optional[str]) -> None:
        check_options(mode, reduce, profile)
        self.mode, self.reduce, self.profile = mode, reduce, profile
        self.keep_reasoning, self.workers = keep_reasoning, workers
        self.instruction_ids_column, self.kwargs_column = instruction_ids_column, kwargs_column
        self.__name__ = name or reward_name(mode, reduce, profile)

    def __repr__(self) -> str:
        return (f"<TRL reward {self.__name__}: mode={self.mode} reduce={self.reduce} "
                f"profile={self.profile}>")

    def __call__(self, prompts: Optional[Sequence[Any]] = None,
                 completions: Optional[Sequence[Any]] = None,
                 **columns: Any) -> list[Optional[float]]:
        if completions is None:
            raise TypeError(f"{self.__name__}() needs completions=")
        count = len(completions)
        ids_column = _column(columns, self.instruction_ids_column, count)
        kwargs_values = columns.get(self.kwargs_column, [None] * count)
        if len(kwargs_values) != count:
            raise InputError(f"{count} completions but {len(kwargs_values)} values in column "
                             f"{self.kwargs_column!r}", field=self.kwargs_column)
        rows = [row for row in range(count) if ids_column[row] is not None]
        prepared = prepare_rows(
            [completions[row] for row in rows],
            [decoded(ids_column[row], self.instruction_ids_column) for row in rows],
            [decoded(kwargs_values[row], self.kwargs_column) for row in rows],
            None if prompts is None else [prompts[row] for row in rows],
            profile=self.profile, keep_reasoning=self.keep_reasoning, numbers=rows)
        scores = score_prepared(prepared, self.mode, self.reduce, self.profile, self.workers)
        rewards: list[Optional[float]] = [None] * count
        for row, score in zip(rows, scores):
            rewards[row] = score
        return rewards


def trl_reward(mode: Mode = "strict", reduce: Reduce = "all", *, profile: Profile = "official",
               keep_reasoning: bool = False, workers: Optional[int] = None,
               instruction_ids_column: str = "instruction_id_list",
               kwargs_column: str = "kwargs", name: Optional[str] = None) -> TRLReward:
    """A TRL reward function scoring each completion against its row's IFEval instructions.

    Reads the `instruction_id_list` and `kwargs` columns (lists, or JSON text
    as `ifevalpp export-rl` writes kwargs); accepts plain-text and
    conversational completions. A row whose instruction list is null (a row
    of another task in a mixed dataset) gets `None`. Options as in
    `score_batch`; bad options raise here, bad kwargs on the first call. With
    several training processes on one machine, give each a share of the
    cores (`workers=`).
    """
    return TRLReward(mode, reduce, profile, keep_reasoning, workers, instruction_ids_column,
                     kwargs_column, name)
