"""Score many completions at once: the one function every reward adapter calls.

Everything is validated before any reward is returned, so bad kwargs raise
instead of turning into rewards of 0 deep into a training run (a large batch's
first chunks may be checked in the workers meanwhile; they are then dropped). A
completion that holds no text scores 0.0 (a model that said nothing followed
no instruction), never an exception. Verdicts are the `check` / `check_loose`
verdicts `ifevalpp score` gives; `reduce="all"` stops at the first
instruction a completion fails.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Callable, Literal, Optional, Sequence

from ..constraints import (Constraint, Params, _loose, _strict, get, parse_params,
                           strict_text)
from ..constraints.language.ahead import prime_languages
from ..errors import InputError
from ..profiles import Profile, check_profile
from .completions import completion_text, prompt_text
from .fields import decoded
from .pool import available_cores, map_in_workers

Mode = Literal["strict", "loose"]
Reduce = Literal["all", "fraction"]
MODES: tuple[Mode, ...] = ("strict", "loose")
REDUCES: tuple[Reduce, ...] = ("all", "fraction")

# Below this many completions the work stays in the calling process: a rollout group of 64
# takes a few milliseconds there, less than handing it to workers would.
PARALLEL_THRESHOLD = 256
# At least this many completions per chunk sent to a worker.
MIN_CHUNK = 64

# Answer text, instruction ids, their parsed parameters (validation parses them: a worker
# need not again), prompt text.
Row = tuple[Optional[str], tuple[str, ...], tuple[Params, ...], Optional[str]]


def check_options(mode: str, reduce: str, profile: str) -> None:
    """Raise ValueError for an unknown mode, reduction or profile (before any work)."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")
    if reduce not in REDUCES:
        raise ValueError(f"unknown reduce {reduce!r}; choose one of {', '.join(REDUCES)}")
    check_profile(profile)


def _is_list(value: Any) -> bool:
    # (a list or tuple first: the ABC check costs more than the rest of a row's validation)
    return type(value) in (list, tuple) or (isinstance(value, Sequence)
                                             and not isinstance(value, (str, bytes)))


def _instruction_ids(value: Any, row: int) -> tuple[str, ...]:
    if not _is_list(value) or not all(isinstance(item, str) for item in value):
        raise InputError(f"completion {row}: instruction ids must be a list of strings, got "
                         f"{value!r}", field=f"instruction_id_lists[{row}]")
    if not value:
        raise InputError(f"completion {row}: no instructions to check",
                         field=f"instruction_id_lists[{row}]")
    return tuple(value)


def _kwargs(value: Any, count: int, row: int) -> tuple[Optional[dict[str, Any]], ...]:
    if value is None:
        return (None,) * count
    if not _is_list(value) or not all(item is None or type(item) is dict or isinstance(item, Mapping)
                                      for item in value):
        raise InputError(f"completion {row}: kwargs must be a list of objects (one per "
                         f"instruction), got {value!r}", field=f"kwargs_lists[{row}]")
    if len(value) != count:
        raise InputError(f"completion {row}: {count} instruction(s) but {len(value)} kwargs; "
                         f"they must align one to one", field=f"kwargs_lists[{row}]")
    return tuple(None if item is None else dict(item) for item in value)


def _column_value(value: Any, field: str) -> Any:
    """JSON text decoded (cached: repeated text gives the same object), arrays made lists;
    lists and objects as they are."""
    if type(value) is list:  # the common case, first: lists are taken as they are
        return value
    if isinstance(value, str) or hasattr(value, "tolist"):
        return decoded(value, field)
    return value


def _parsed_params(ids: tuple[str, ...], kwargs: tuple[Optional[dict[str, Any]], ...],
                   row: int, profile: Profile) -> tuple[Params, ...]:
    parsed = []
    for position, (instruction_id, params) in enumerate(zip(ids, kwargs)):
        try:
            parsed.append(parse_params(instruction_id, params, profile))
        except InputError as exc:
            field = (f"instruction_id_lists[{row}][{position}]" if exc.field == "instruction_id"
                     else f"kwargs_lists[{row}][{position}]"
                          + (f".{exc.field}" if exc.field else ""))
            raise type(exc)(f"completion {row}, instruction {position}: {exc.reason}",
                            field=field) from None
    return tuple(parsed)


def prepare_rows(completions: Sequence[Any], instruction_id_lists: Sequence[Any],
                 kwargs_lists: Sequence[Any], prompts: Optional[Sequence[Any]], *,
                 profile: Profile, keep_reasoning: bool,
                 numbers: Optional[Sequence[int]] = None) -> list[Row]:
    """Validated rows (answer text, ids, parsed parameters, prompt text); any problem raises
    InputError.

    Errors name completion i, or `numbers[i]` when the caller scores a selection of its rows.
    """
    columns = (completions, instruction_id_lists, kwargs_lists, prompts)
    _check_lengths(*columns)
    return _prepare_range(columns, range(len(completions)), {}, profile=profile,
                          keep_reasoning=keep_reasoning, numbers=numbers)


def _check_lengths(completions: Sequence[Any], instruction_id_lists: Sequence[Any],
                   kwargs_lists: Sequence[Any], prompts: Optional[Sequence[Any]]) -> None:
    count = len(completions)
    for name, column in (("instruction_id_lists", instruction_id_lists),
                         ("kwargs_lists", kwargs_lists), ("prompts", prompts)):
        if column is not None and len(column) != count:
            raise InputError(f"{count} completions but {len(column)} {name}; they must align "
                             f"one to one", field=name)


# Per distinct pair of (id list, kwargs list) objects: ids, parsed parameters, and the two
# originals (held, so their ids cannot be reused by new objects while the dict lives).
Seen = dict[tuple[int, int], tuple[tuple[str, ...], tuple[Params, ...], Any, Any]]


def _prepare_range(columns: tuple[Sequence[Any], Sequence[Any], Sequence[Any],
                                  Optional[Sequence[Any]]],
                   rows: range, seen: Seen, *, profile: Profile, keep_reasoning: bool,
                   numbers: Optional[Sequence[int]] = None) -> list[Row]:
    """The validated rows at positions `rows` of the aligned columns; `seen` is shared by the
    ranges of one batch. Rows of one prompt usually share their lists: each distinct pair of
    objects is checked once and its rows share one normalised copy."""
    completions, instruction_id_lists, kwargs_lists, prompts = columns
    prepared: list[Row] = []
    for row in rows:
        number = row if numbers is None else numbers[row]
        # One contract for every adapter: lists and objects, or the JSON text `export-rl`
        # writes (decoded once per distinct text), or numpy arrays from a parquet file.
        raw_ids = _column_value(instruction_id_lists[row], f"instruction_id_lists[{number}]")
        raw_kwargs = _column_value(kwargs_lists[row], f"kwargs_lists[{number}]")
        entry = seen.get((id(raw_ids), id(raw_kwargs)))
        if entry is None:
            ids = _instruction_ids(raw_ids, number)
            params = _parsed_params(ids, _kwargs(raw_kwargs, len(ids), number), number, profile)
            entry = seen[(id(raw_ids), id(raw_kwargs))] = (ids, params, raw_ids, raw_kwargs)
        prepared.append((completion_text(completions[row], keep_reasoning=keep_reasoning),
                         entry[0], entry[1],
                         prompt_text(prompts[row]) if prompts is not None else None))
    return prepared


def _verdict(mode: Mode, profile: Profile) -> Callable[[Constraint, Params, str, Optional[str]],
                                                         bool]:
    """`check` (strict) or `check_loose` of a validated row's type and parsed parameters: the
    same steps, without looking the type up and parsing its parameters again per row."""
    def strict(constraint: Constraint, params: Params, text: str, prompt: Optional[str]) -> bool:
        return _strict(constraint, strict_text(text, profile), params, prompt, profile)

    def loose(constraint: Constraint, params: Params, text: str, prompt: Optional[str]) -> bool:
        judged = strict_text(text, profile)
        return _loose(constraint, text, judged, params, prompt, profile,
                      _strict(constraint, judged, params, prompt, profile))

    return strict if mode == "strict" else loose


def score_rows(rows: Sequence[Row], mode: Mode, reduce: Reduce, profile: Profile) -> list[float]:
    """The reward of each validated row, in order (runs in the caller or in a worker).

    The languages the checks will ask for are estimated side by side first; each distinct
    pair of id and parameter lists (a prompt's rows share theirs) is looked up once."""
    verdict = _verdict(mode, profile)
    prime_languages(((ids, text) for text, ids, _, _ in rows if text is not None), (profile,))
    prepared: dict[tuple[int, int], list[tuple[Constraint, Params]]] = {}
    rewards: list[float] = []
    for text, ids, parsed, prompt in rows:
        if text is None or not text.strip():
            rewards.append(0.0)
            continue
        steps = prepared.get((id(ids), id(parsed)))
        if steps is None:  # (rows hold ids and params: their ids stay theirs during the loop)
            steps = prepared[(id(ids), id(parsed))] = [
                (get(instruction_id), params) for instruction_id, params in zip(ids, parsed)]
        if reduce == "all":
            followed = all(verdict(constraint, params, text, prompt)
                           for constraint, params in steps)
            rewards.append(1.0 if followed else 0.0)
        else:
            passed = sum(verdict(constraint, params, text, prompt) for constraint, params in steps)
            rewards.append(passed / len(ids))
    return rewards


def _score_chunk(args: tuple[Sequence[Row], Mode, Reduce, Profile]) -> list[float]:
    return score_rows(*args)


def score_batch(completions: Sequence[Any], instruction_id_lists: Sequence[Sequence[str]],
                kwargs_lists: Sequence[Optional[Sequence[Optional[Mapping[str, Any]]]]], *,
                prompts: Optional[Sequence[Any]] = None, mode: Mode = "strict",
                reduce: Reduce = "all", profile: Profile = "official",
                workers: Optional[int] = None, keep_reasoning: bool = False) -> list[float]:
    """One reward per completion: 1.0/0.0 for `reduce="all"`, the share followed for "fraction".

    `completions` are strings or chat messages (the last assistant message is
    graded); `instruction_id_lists[i]` and `kwargs_lists[i]` are the IFEval
    lists of completion i — lists and objects, or the JSON text `export-rl` writes
    (the same forms `trl_reward` and verl's functions take); kwargs in either release
    style (GitHub: used keys only; Hugging Face: every key, null when unused); None for
    "no kwargs". `mode` is strict or loose, as in `ifevalpp score`. Batches of
    `PARALLEL_THRESHOLD` or more are spread over `workers` processes (default:
    every core this process may use); results keep the input order.
    Reasoning in `<think>` blocks is not graded unless `keep_reasoning`.
    """
    check_options(mode, reduce, profile)
    chosen = available_cores() if workers is None else workers
    columns = (completions, instruction_id_lists, kwargs_lists, prompts)
    if chosen > 1 and len(completions) >= PARALLEL_THRESHOLD:
        _check_lengths(*columns)
        return _score_in_pool(columns, mode, reduce, profile, chosen, keep_reasoning)
    rows = prepare_rows(completions, instruction_id_lists, kwargs_lists, prompts,
                        profile=profile, keep_reasoning=keep_reasoning)
    return score_prepared(rows, mode, reduce, profile, workers)


def _score_in_pool(columns: tuple[Sequence[Any], Sequence[Any], Sequence[Any],
                                  Optional[Sequence[Any]]],
                   mode: Mode, reduce: Reduce, profile: Profile, workers: int,
                   keep_reasoning: bool) -> list[float]:
    """A large batch validated chunk by chunk, each chunk handed to the pool as soon as it is
    valid: the workers check the first chunks while this process validates the next, instead
    of waiting for the whole batch (a tenth of the wall time on two cores). A bad row still
    raises before any reward is returned; chunks already handed over are then dropped."""
    count = len(columns[0])
    size = _chunk_size(count, workers)
    seen: Seen = {}
    chunks = ((_prepare_range(columns, range(start, min(start + size, count)), seen,
                              profile=profile, keep_reasoning=keep_reasoning),
               mode, reduce, profile)
              for start in range(0, count, size))
    results = map_in_workers(_score_chunk, chunks, workers)
    return [reward for chunk in results for reward in chunk]


def _chunk_size(count: int, workers: int) -> int:
    """Four chunks per worker (a slow one delays the end less), of at least MIN_CHUNK rows."""
    return max(MIN_CHUNK, -(-count // (workers * 4)))


def score_prepared(rows: Sequence[Row], mode: Mode, reduce: Reduce, profile: Profile,
                   workers: Optional[int]) -> list[float]:
    """Rewards of validated rows: in this process for small batches, else in the pool."""
    workers = available_cores() if workers is None else workers
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    if workers == 1 or len(rows) < PARALLEL_THRESHOLD:
        return score_rows(rows, mode, reduce, profile)
    size = _chunk_size(len(rows), workers)
    chunks = [(rows[start:start + size], mode, reduce, profile)
              for start in range(0, len(rows), size)]
    results = map_in_workers(_score_chunk, chunks, workers)
    return [reward for chunk in results for reward in chunk]
