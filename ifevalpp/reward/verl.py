"""Reward functions for verl, in the file verl loads by path.

verl imports `custom_reward_function.path` as a file (not as a package
module), so this file uses absolute imports only, and names its functions
as verl's configuration expects:

    custom_reward_function:
      path: <printed by `python -c "import ifevalpp.reward.verl as v; print(v.__file__)"`>
      name: compute_score            # verl's default (naive) reward manager, one response a call
      # name: compute_score_batch    # with reward_model.reward_manager=batch: a whole batch a call
      reward_kwargs: {mode: strict, reduce: all}

The naive manager calls `compute_score(data_source=, solution_str=,
ground_truth=, extra_info=)` with `ground_truth` from the row's
`reward_model.ground_truth`; the batch manager calls
`compute_score_batch(data_sources=, solution_strs=, ground_truths=,
extra_infos=)`. `reward_kwargs` arrive as keyword arguments.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Mapping
from typing import Any, Optional, Sequence

from ifevalpp.errors import InputError
from ifevalpp.profiles import Profile
from ifevalpp.reward.batch import Mode, Reduce, score_batch
from ifevalpp.reward.fields import decoded

_warned: set[str] = set()


def _warn_unused(unused: Mapping[str, Any]) -> None:
    # verl may pass more keywords in later releases; a misspelt reward_kwargs entry shows up here.
    for name in sorted(set(unused) - _warned):
        _warned.add(name)
        warnings.warn(f"ifevalpp's verl reward ignores the keyword argument {name!r}",
                      stacklevel=3)


def parse_ground_truth(ground_truth: Any) -> tuple[list[str], Optional[list[Any]]]:
    """(instruction ids, kwargs) from a ground truth: JSON text or an object with both keys."""
    if isinstance(ground_truth, str):
        return _parse_ground_truth_text(ground_truth)
    return _parse_ground_truth(ground_truth)


@functools.lru_cache(maxsize=65536)
def _parse_ground_truth_text(ground_truth: str) -> tuple[list[str], Optional[list[Any]]]:
    # One parse per distinct row: a step scores several responses to each prompt.
    return _parse_ground_truth(ground_truth)


def _parse_ground_truth(ground_truth: Any) -> tuple[list[str], Optional[list[Any]]]:
    value = decoded(ground_truth, "ground_truth")
    if not isinstance(value, Mapping) or "instruction_id_list" not in value:
        raise InputError(f"ground_truth must hold 'instruction_id_list' and 'kwargs' (as "
                         f"`ifevalpp export-rl` writes it), got {ground_truth!r:.200}",
                         field="ground_truth")
    kwargs = decoded(value.get("kwargs"), "ground_truth.kwargs")
    return decoded(value["instruction_id_list"], "ground_truth.instruction_id_list"), kwargs


def verl_compute_score(data_source: Any = None, solution_str: Any = None,
                       ground_truth: Any = None, extra_info: Any = None, *,
                       mode: Mode = "strict", reduce: Reduce = "all",
                       profile: Profile = "official", keep_reasoning: bool = False,
                       **unused: Any) -> float:
    """verl's custom reward: the score of one decoded response against its row's ground truth."""
    _warn_unused(unused)
    ids, kwargs = parse_ground_truth(ground_truth)
    return score_batch([solution_str], [ids], [kwargs], mode=mode, reduce=reduce,
                       profile=profile, workers=1, keep_reasoning=keep_reasoning)[0]


def verl_compute_score_batch(data_sources: Optional[Sequence[Any]] = None,
                             solution_strs: Sequence[Any] = (),
                             ground_truths: Sequence[Any] = (),
                             extra_infos: Optional[Sequence[Any]] = None, *,
                             mode: Mode = "strict", reduce: Reduce = "all",
                             profile: Profile = "official", keep_reasoning: bool = False,
                             workers: Optional[int] = None, **unused: Any) -> list[float]:
    """verl's batch reward manager entry: every response of a step in one call (process pool)."""
    _warn_unused(unused)
    parsed = [parse_ground_truth(ground_truth) for ground_truth in ground_truths]
    return score_batch(list(solution_strs), [ids for ids, _ in parsed],
                       [kwargs for _, kwargs in parsed], mode=mode, reduce=reduce,
                       profile=profile, workers=workers, keep_reasoning=keep_reasoning)


# The names verl's configuration uses (custom_reward_function.name).
compute_score = verl_compute_score
compute_score_batch = verl_compute_score_batch

# verl loads this file by path, under a module name of its own (custom_reward_function.path).
# That copy hands out the package module's functions instead of its own: they pickle by
# reference, so the Ray actors of verl's remote reward manager import them rather than
# needing a copy shipped by value (which its module-level cache cannot be).
if __name__ != "ifevalpp.reward.verl":  # pragma: no cover - exercised through a Ray actor
    from ifevalpp.reward.verl import (compute_score, compute_score_batch,  # noqa: E402,F811
                                      verl_compute_score, verl_compute_score_batch)
