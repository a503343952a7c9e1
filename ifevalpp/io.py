"""JSONL in and out: line-numbered errors, atomic whole-file writes, durable appends.

Readers turn every problem into an `InputError` that names file, line and
field. Writers never leave a half-written file behind: whole files go to a
temporary sibling that is renamed into place; logs are append-only and fsynced.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import IO, Any, Iterable, Iterator, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import InputError

M = TypeVar("M", bound=BaseModel)


def sha256_file(path: str | os.PathLike[str]) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def iter_json_lines(path: str | os.PathLike[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield (line number, object) for each non-blank line; a bad line raises InputError."""
    path = Path(path)
    try:
        handle = open(path, encoding="utf-8")
    except FileNotFoundError:
        raise InputError("file not found", path=str(path)) from None
    with handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InputError(f"malformed JSON ({exc.msg} at column {exc.colno})",
                                 path=str(path), line=number) from None
            if not isinstance(value, dict):
                raise InputError(f"expected a JSON object, found {type(value).__name__}",
                                 path=str(path), line=number)
            yield number, value


def validation_error_to_input_error(exc: ValidationError, *, path: str | None,
                                    line: int | None) -> InputError:
    """The first pydantic error as an InputError naming the offending field."""
    first = exc.errors()[0]
    field = ".".join(str(part) for part in first.get("loc", ())) or None
    return InputError(first.get("msg", str(exc)), path=path, line=line, field=field)


def read_json_model(path: str | os.PathLike[str], model: type[M]) -> M | None:
    """One JSON document validated by `model`; None when the file does not exist. A damaged
    file raises InputError naming it (and the field)."""
    path = Path(path)
    if not path.exists():
        return None
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"malformed JSON ({exc})", path=str(path)) from None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise validation_error_to_input_error(exc, path=str(path), line=None) from None


def read_models(path: str | os.PathLike[str], model: type[M]) -> Iterator[tuple[int, M]]:
    """Yield (line number, model) for each line of a JSONL file, validated by `model`."""
    for number, raw in iter_json_lines(path):
        try:
            yield number, model.model_validate(raw)
        except ValidationError as exc:
            raise validation_error_to_input_error(exc, path=str(path), line=number) from None


@contextlib.contextmanager
def atomic_write(path: str | os.PathLike[str], mode: str = "w") -> Iterator[IO[Any]]:
    """Open a temporary sibling of `path`; rename it over `path` only if the block succeeds."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        encoding = None if "b" in mode else "utf-8"
        with os.fdopen(fd, mode, encoding=encoding) as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_name)
        raise


def dumps(record: BaseModel | dict[str, Any]) -> str:
    """One compact, key-order-stable JSON line (no trailing newline)."""
    if isinstance(record, BaseModel):
        record = record.model_dump(mode="json", exclude_none=False)
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def write_jsonl(path: str | os.PathLike[str], records: Iterable[BaseModel | dict[str, Any]]) -> int:
    """Write all records atomically; return how many were written."""
    count = 0
    with atomic_write(path) as handle:
        for record in records:
            handle.write(dumps(record))
            handle.write("\n")
            count += 1
    return count


def write_json(path: str | os.PathLike[str], value: Any) -> None:
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json")
    with atomic_write(path) as handle:
        json.dump(value, handle, ensure_ascii=False, indent=2, sort_keys=False)
        handle.write("\n")


def repair_truncated_tail(path: str | os.PathLike[str]) -> int:
    """Cut a last line that a kill left without its newline; return the bytes removed.

    Appends always end in a newline, so an unterminated tail is an interrupted
    write: it is dropped (the request it belonged to is simply asked again).
    """
    path = Path(path)
    if not path.exists():
        return 0
    size = path.stat().st_size
    if size == 0:
        return 0
    with open(path, "rb+") as handle:
        handle.seek(size - 1)
        if handle.read(1) == b"\n":
            return 0
        # Walk back to the last newline.
        position = size - 1
        chunk = 1 << 16
        while position > 0:
            start = max(0, position - chunk)
            handle.seek(start)
            block = handle.read(position - start)
            cut = block.rfind(b"\n")
            if cut >= 0:
                keep = start + cut + 1
                break
            position = start
        else:
            keep = 0
        handle.truncate(keep)
        handle.flush()
        os.fsync(handle.fileno())
        return size - keep


class AppendLog:
    """Append-only JSONL that survives kill -9: each batch is written whole, flushed and fsynced."""

    def __init__(self, path: str | os.PathLike[str], *, batch: int = 16) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        repair_truncated_tail(self.path)
        self._handle = open(self.path, "ab")
        self._pending: list[bytes] = []
        self._batch = batch

    def append(self, record: BaseModel | dict[str, Any]) -> None:
        self._pending.append((dumps(record) + "\n").encode("utf-8"))
        if len(self._pending) >= self._batch:
            self.flush()

    def flush(self) -> None:
        if not self._pending:
            return
        # One write call per batch keeps every line whole on disk.
        self._handle.write(b"".join(self._pending))
        self._handle.flush()
        os.fsync(self._handle.fileno())
        self._pending.clear()

    def close(self) -> None:
        self.flush()
        self._handle.close()

    def __enter__(self) -> "AppendLog":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
