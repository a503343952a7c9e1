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
import stat
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


def decode_line(raw: bytes, *, path: str, line: int) -> str:
    """One line of a file as text; bytes that are not UTF-8 raise InputError naming the column.

    A UTF-8 byte-order mark (Windows editors write one) is dropped from the first line.
    """
    if line == 1 and raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at column {exc.start + 1}); "
                         f"re-save the file as UTF-8", path=path, line=line) from None


def open_input(path: str | os.PathLike[str]) -> IO[bytes]:
    """Open an input file for reading bytes; a missing or unreadable file raises InputError."""
    try:
        return open(path, "rb")
    except FileNotFoundError:
        raise InputError("file not found", path=str(path)) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a file", path=str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path=str(path)) from None


def iter_text_lines(path: str | os.PathLike[str]) -> Iterator[tuple[int, str]]:
    """Yield (line number, text) for each non-blank line; undecodable bytes raise InputError."""
    shown = str(path)
    with open_input(path) as handle:
        for number, raw in enumerate(handle, start=1):
            text = decode_line(raw, path=shown, line=number)
            if text.strip():
                yield number, text


def json_problem(exc: json.JSONDecodeError) -> str:
    """What is wrong with a JSON text, and where: "Expecting ',' delimiter at column 12".

    Some of json's messages end with "at" already ("Unterminated string starting at"), so
    the column follows them directly instead of a second "at"."""
    message = exc.msg.rstrip()
    joiner = " " if message.endswith(" at") else " at "
    return f"{message}{joiner}column {exc.colno}"


def parse_json_line(text: str, *, path: str, line: int) -> Any:
    """One JSON value from one line; malformed JSON raises InputError naming the column."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"malformed JSON ({json_problem(exc)})", path=path,
                         line=line) from None


def iter_json_lines(path: str | os.PathLike[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    """Yield (line number, object) for each non-blank line; a bad line raises InputError."""
    shown = str(path)
    for number, text in iter_text_lines(path):
        value = parse_json_line(text, path=shown, line=number)
        if not isinstance(value, dict):
            raise InputError(f"expected a JSON object, found {type(value).__name__}",
                             path=shown, line=number)
        yield number, value


def read_json_document(path: str | os.PathLike[str]) -> Any:
    """A whole-file JSON document (metrics.json, manifest.json); bad bytes or JSON raise InputError."""
    with open_input(path) as handle:
        data = handle.read()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(f"not UTF-8 text (byte 0x{data[exc.start]:02x})", path=str(path),
                         line=line) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"malformed JSON ({json_problem(exc)})", path=str(path),
                         line=exc.lineno) from None


def require_records(count: int, path: str | os.PathLike[str], what: str) -> None:
    """Empty input is an error, never an empty result: `what` names what the file should hold."""
    if count == 0:
        raise InputError(f"no {what} in the file (it is empty or blank)", path=str(path))


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
    raw = read_json_document(path)
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


def missing_directories(directory: str | os.PathLike[str]) -> list[Path]:
    """`directory` and those of its parents that do not exist yet, deepest first.

    Note them before `mkdir(parents=True)` so a command that fails can remove what
    it created (`remove_empty_directories`) and leave no empty directory behind.
    """
    missing = []
    for candidate in [Path(directory), *Path(directory).parents]:
        if candidate.exists():
            break
        missing.append(candidate)
    return missing


def remove_empty_directories(directories: Iterable[Path]) -> None:
    """Remove each directory while it is empty, deepest first; stop at the first that is not."""
    for candidate in directories:
        try:
            candidate.rmdir()
        except OSError:
            return


def current_umask() -> int:
    """The process umask, read without changing it where the system allows (Linux /proc)."""
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)  # elsewhere: the classic set-and-restore
    os.umask(mask)
    return mask


def new_file_mode(path: Path) -> int:
    """The mode `open(path, "w")` would give: an existing file's own mode, else 0o666 minus umask."""
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        return 0o666 & ~current_umask()


@contextlib.contextmanager
def atomic_write(path: str | os.PathLike[str], mode: str = "w", *,
                 durable: bool = True) -> Iterator[IO[Any]]:
    """Open a temporary sibling of `path`; rename it over `path` only if the block succeeds.

    The temporary file gets the final file's mode at once (mkstemp alone makes it 0600,
    which would leave results unreadable to the group the umask allows). The rename is what
    keeps a partial file from ever appearing under `path` (a crash, an error or Ctrl-C leaves
    the old file or none). `durable` also flushes the data to disk before the rename, so a
    power cut cannot leave `path` empty: for what is costly to redo (answers bought from an
    endpoint, downloads, generated families). Files derived in a second from inputs that
    stay (a score run's outputs) skip it: a dozen fsyncs cost more than the writing, and
    rerunning remakes them.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        if hasattr(os, "fchmod"):  # POSIX; Windows files carry no mode bits to fix
            os.fchmod(fd, new_file_mode(path))
        encoding = None if "b" in mode else "utf-8"
        with os.fdopen(fd, mode, encoding=encoding) as handle:
            yield handle
            if durable:
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


def write_jsonl(path: str | os.PathLike[str], records: Iterable[BaseModel | dict[str, Any]], *,
                durable: bool = True) -> int:
    """Write all records atomically (`durable`: see atomic_write); return how many were written."""
    count = 0
    with atomic_write(path, durable=durable) as handle:
        for record in records:
            handle.write(dumps(record))
            handle.write("\n")
            count += 1
    return count


def write_json(path: str | os.PathLike[str], value: Any, *, durable: bool = True) -> None:
    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json")
    with atomic_write(path, durable=durable) as handle:
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
