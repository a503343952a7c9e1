"""Turn IFEval cases or family prompts into RL training rows that TRL and verl both read.

One row per prompt, with the columns each framework looks for:

* TRL: `prompt` (chat messages, or text with `prompt_format="text"`), and the
  columns the reward reads, `instruction_id_list` and `kwargs`;
* verl: `prompt` (chat messages), `data_source`, `ability`,
  `reward_model: {style: "rule", ground_truth}` and `extra_info`.

`kwargs` and `ground_truth` are JSON text: the kwargs of different
instruction types have different keys, and as text they are one column type
in parquet and survive any loader unchanged. Files are written atomically.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any, Iterable, Literal, Optional, Sequence

from pydantic import BaseModel, ConfigDict

from ..cases import load_variants, variant_from_record
from ..constraints import parse_params
from ..errors import IfevalppError, InputError
from ..io import atomic_write, iter_json_lines, write_jsonl
from ..profiles import Profile, check_profile
from ..schema import KINDS, Kind, Variant

Format = Literal["jsonl", "parquet"]
PromptFormat = Literal["chat", "text"]
FORMATS: tuple[Format, ...] = ("jsonl", "parquet")
ABILITY = "instruction_following"
PARQUET_INSTALL = "pip install 'ifevalpp[rl]'"


class MissingExtraError(IfevalppError):
    """An optional dependency that the requested output needs is not installed."""


class RewardModelField(BaseModel):
    """verl's `reward_model` column: rule-based, with the checker's inputs as ground truth."""

    model_config = ConfigDict(frozen=True)

    style: str = "rule"
    ground_truth: str


class ExtraInfo(BaseModel):
    """verl's `extra_info` column: where the row came from (verl hands it to the reward)."""

    model_config = ConfigDict(frozen=True)

    split: str
    index: int          # row number in the exported file
    key: str            # case:kind:index of the prompt
    case: str
    kind: Kind
    cousin: int         # the prompt's index within its kind (0 for the original)


class RLRow(BaseModel):
    """One training prompt with everything a reward needs to check a completion of it."""

    model_config = ConfigDict(frozen=True)

    data_source: str
    prompt: Any         # list of {"role", "content"} messages, or the text
    ability: str
    reward_model: RewardModelField
    extra_info: ExtraInfo
    key: str
    instruction_id_list: list[str]
    kwargs: str         # JSON list, one object per instruction


class ExportSummary(BaseModel):
    path: str
    format: Format
    rows: int
    by_kind: dict[str, int]


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def rl_row(variant: Variant, index: int, *, data_source: str = "ifevalpp", split: str = "train",
           prompt_format: PromptFormat = "chat", system_prompt: Optional[str] = None) -> RLRow:
    """The training row of one prompt."""
    if prompt_format == "chat":
        prompt: Any = ([{"role": "system", "content": system_prompt}] if system_prompt else []) \
            + [{"role": "user", "content": variant.prompt}]
    elif system_prompt:
        raise ValueError("a system prompt needs prompt_format='chat'")
    else:
        prompt = variant.prompt
    kwargs = [dict(item) for item in variant.kwargs]
    return RLRow(
        data_source=data_source, prompt=prompt, ability=ABILITY,
        reward_model=RewardModelField(ground_truth=_compact(
            {"instruction_id_list": variant.instruction_id_list, "kwargs": kwargs})),
        extra_info=ExtraInfo(split=split, index=index, key=variant.key, case=str(variant.case),
                             kind=variant.kind, cousin=variant.index),
        key=variant.key, instruction_id_list=list(variant.instruction_id_list),
        kwargs=_compact(kwargs))


def _check_profile_can_score(variants: Iterable[Variant], path: str, profile: Profile) -> None:
    # A row the reward's profile refuses would stop training at its first batch: refuse it here.
    for variant in variants:
        for position, (instruction_id, kwargs) in enumerate(
                zip(variant.instruction_id_list, variant.kwargs)):
            try:
                parse_params(instruction_id, kwargs, profile)
            except InputError as exc:
                raise InputError(f"{variant.key}: {exc.reason}", path=path,
                                 line=_line_of(path, variant.key),
                                 field=f"kwargs.{position}"
                                       + (f".{exc.field}" if exc.field else "")) from None


def _line_of(path: str, key: str) -> Optional[int]:
    """The line of `path` holding the prompt keyed `key` (looked up only to report an error)."""
    for number, raw in iter_json_lines(path):
        if variant_from_record(raw).key == key:
            return number
    return None  # pragma: no cover - the key came from this file


def _parquet_schema(prompt_format: PromptFormat) -> Any:
    import pyarrow as pa

    message = pa.struct([("role", pa.string()), ("content", pa.string())])
    return pa.schema([
        ("data_source", pa.string()),
        ("prompt", pa.list_(message) if prompt_format == "chat" else pa.string()),
        ("ability", pa.string()),
        ("reward_model", pa.struct([("style", pa.string()), ("ground_truth", pa.string())])),
        ("extra_info", pa.struct([("split", pa.string()), ("index", pa.int64()),
                                  ("key", pa.string()), ("case", pa.string()),
                                  ("kind", pa.string()), ("cousin", pa.int64())])),
        ("key", pa.string()),
        ("instruction_id_list", pa.list_(pa.string())),
        ("kwargs", pa.string()),
    ])


def _write_parquet(path: Path, rows: Sequence[RLRow], prompt_format: PromptFormat) -> None:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise MissingExtraError(f"writing parquet needs pyarrow, which is not installed: "
                                f"{PARQUET_INSTALL} (or use --format jsonl)") from None
    table = pa.Table.from_pylist([row.model_dump(mode="json") for row in rows],
                                 schema=_parquet_schema(prompt_format))
    with atomic_write(path, "wb") as handle:
        pq.write_table(table, handle)


SUFFIXES: dict[str, Format] = {".jsonl": "jsonl", ".ndjson": "jsonl", ".parquet": "parquet",
                               ".pq": "parquet"}


def format_for(path: str | os.PathLike[str], format: Optional[Format] = None) -> Format:
    """The output format: as given, else told by the file name (.jsonl, .parquet); any other
    name is refused rather than silently written as JSONL."""
    if format is not None:
        if format not in FORMATS:
            raise ValueError(f"unknown format {format!r}; choose one of {', '.join(FORMATS)}")
        return format
    suffix = Path(path).suffix.lower()
    if suffix not in SUFFIXES:
        raise InputError(f"cannot tell the format from the name {Path(path).name!r}: name "
                         f"the file .jsonl or .parquet, or give --format jsonl|parquet",
                         path=str(path), field="--out")
    return SUFFIXES[suffix]


def export_rl(source: str | os.PathLike[str], out: str | os.PathLike[str], *,
              format: Optional[Format] = None, kinds: Optional[Sequence[Kind]] = None,
              cases: Optional[Sequence[str]] = None, data_source: str = "ifevalpp",
              split: str = "train",
              prompt_format: PromptFormat = "chat", system_prompt: Optional[str] = None,
              profile: Profile = "official") -> ExportSummary:
    """Write the prompts of `source` (IFEval cases, a family file, IFEval++ records) as RL rows.

    `kinds` keeps only those kinds of prompt and `cases` only those case keys
    (hold whole cases out to evaluate on: a cousin rephrases its original);
    `profile` is the one the reward will use: a prompt it cannot check is
    refused here, naming file and line.
    """
    check_profile(profile)
    chosen = format_for(out, format)
    if prompt_format not in ("chat", "text"):
        raise ValueError(f"unknown prompt format {prompt_format!r}; choose chat or text")
    unknown = sorted(set(kinds or ()) - set(KINDS))
    if unknown:
        raise ValueError(f"unknown kind(s) {', '.join(unknown)}; choose from {', '.join(KINDS)}")
    variants = [variant for variant in load_variants(source)
                if kinds is None or variant.kind in kinds]
    if cases is not None:
        wanted = {str(case) for case in cases}
        missing = wanted - {str(variant.case) for variant in variants}
        if missing:
            raise InputError(f"unknown case keys: {', '.join(sorted(missing))}",
                             path=str(source), field="case")
        variants = [variant for variant in variants if str(variant.case) in wanted]
    if not variants:
        raise InputError(f"no prompts of kind {', '.join(kinds or KINDS)} to export",
                         path=str(source))
    _check_profile_can_score(variants, str(source), profile)
    rows = [rl_row(variant, index, data_source=data_source, split=split,
                   prompt_format=prompt_format, system_prompt=system_prompt)
            for index, variant in enumerate(variants)]
    path = Path(out)
    if chosen == "parquet":
        _write_parquet(path, rows, prompt_format)
    else:
        write_jsonl(path, rows)
    counts = Counter(variant.kind for variant in variants)
    return ExportSummary(path=str(path), format=chosen, rows=len(rows),
                         by_kind={kind: counts[kind] for kind in KINDS if counts[kind]})
