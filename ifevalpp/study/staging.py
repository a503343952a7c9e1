"""Files a study means to write, held in memory until every check that can refuse the run has
passed: a refused rerun leaves its directory exactly as it was."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Iterable

from pydantic import BaseModel

from ..io import atomic_write, dumps


class Staged:
    """path -> bytes, written (each atomically, in the order staged) by `commit`."""

    def __init__(self) -> None:
        self.files: dict[Path, bytes] = {}

    def jsonl(self, path: Path, records: Iterable[BaseModel | dict[str, Any]]) -> str:
        """Stage a JSONL file (the bytes `io.write_jsonl` writes); returns its sha256."""
        return self.put(path, "".join(dumps(record) + "\n" for record in records).encode("utf-8"))

    def json(self, path: Path, value: Any) -> str:
        """Stage a JSON document (the bytes `io.write_json` writes); returns its sha256."""
        if isinstance(value, BaseModel):
            value = value.model_dump(mode="json")
        text = json.dumps(value, ensure_ascii=False, indent=2, sort_keys=False) + "\n"
        return self.put(path, text.encode("utf-8"))

    def put(self, path: Path, data: bytes) -> str:
        self.files[Path(path)] = data
        return hashlib.sha256(data).hexdigest()

    def sha256(self, path: Path) -> str | None:
        data = self.files.get(Path(path))
        return hashlib.sha256(data).hexdigest() if data is not None else None

    def commit(self) -> list[Path]:
        written = []
        for path, data in self.files.items():
            with atomic_write(path, "wb") as handle:
                handle.write(data)
            written.append(path)
        self.files.clear()
        return written


__all__ = ["Staged"]
