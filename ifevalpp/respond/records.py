"""Read a responses file the way every consumer must: the last record of each (key, sample) wins.

`responses.jsonl` is append-only. A pair can appear more than once: an error
record followed, after `--retry-errors`, by the answer that replaced it. Readers
therefore keep the last record per pair and ignore the earlier ones.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator, Union

from pydantic import ValidationError

from ..errors import InputError
from ..io import decode_line, parse_json_line, validation_error_to_input_error
from ..schema import ResponseRecord

Pair = tuple[str, int]


def pair_of(record: ResponseRecord) -> Pair:
    """(key, sample); a record without a key (plain IFEval files) is identified by its prompt."""
    identity: Union[int, str, None] = record.key if record.key is not None else record.prompt
    return str(identity), record.sample


def iter_records(path: Union[str, "os.PathLike[str]"]) -> Iterator[ResponseRecord]:
    """Every record of a responses file in file order (earlier attempts included).

    An unterminated last line is a write cut short by a kill: it is skipped,
    not reported (the next `respond` run repairs it and asks again). A bad line
    anywhere else raises InputError naming file and line. A missing file reads
    as empty.
    """
    path = Path(path)
    if not path.exists():
        return
    with open(path, "rb") as handle:
        data = handle.read()
    lines = data.split(b"\n")
    # After the final newline split() leaves b""; anything else there is an unterminated tail.
    lines.pop()
    shown = str(path)
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        raw = parse_json_line(decode_line(line, path=shown, line=number), path=shown,
                              line=number)
        if not isinstance(raw, dict):
            raise InputError(f"expected a JSON object, found {type(raw).__name__}",
                             path=str(path), line=number)
        try:
            yield ResponseRecord.model_validate(raw)
        except ValidationError as exc:
            raise validation_error_to_input_error(exc, path=str(path), line=number) from None


def latest_records(path: Union[str, "os.PathLike[str]"]) -> dict[Pair, ResponseRecord]:
    """Map (key, sample) to the last record for it, in order of each pair's first appearance
    (see `iter_records` for how a torn or bad line is handled)."""
    latest: dict[Pair, ResponseRecord] = {}
    for record in iter_records(path):
        latest[pair_of(record)] = record
    return latest
