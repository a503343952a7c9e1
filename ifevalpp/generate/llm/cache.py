"""Model answers cached by content: one JSON file per request hash, so a rerun asks nothing.

The key is the sha256 of the canonical JSON of (model, messages, parameters),
where the parameters are the sampling settings that decide the answer
(temperature, max_tokens, seed). Whether JSON mode was requested is left out:
it only asks the server to enforce the format the prompt already demands, and
a server that refuses it is asked again without it for the same answer.

Files are written atomically (`io.atomic_write`); a file that cannot be read,
or whose key does not match, is a miss. Only answers are cached, never failed
requests. Answers are also kept in memory for the run, so asking the same
request twice in one run (a family generated again to settle a prompt two
families produced) sends it once, with or without a cache directory.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Optional

from pydantic import BaseModel, ValidationError

from ...io import atomic_write


def request_key(model: str, messages: list[dict[str, str]], params: dict[str, Any]) -> str:
    """sha256 (hex) of the request's canonical JSON."""
    material = json.dumps({"model": model, "messages": messages, "params": params},
                          ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(material.encode("utf-8")).hexdigest()


class CachedAnswer(BaseModel):
    """One cached answer, with the request that produced it (for auditing)."""

    key: str
    model: str
    messages: list[dict[str, str]]
    params: dict[str, Any]
    content: Optional[str]
    reasoning: Optional[str] = None
    finish_reason: Optional[str] = None
    usage: Optional[dict[str, Any]] = None


class AnswerCache:
    """`<directory>/<key>.json`, and this run's answers in memory; `directory=None` keeps
    nothing beyond the run."""

    def __init__(self, directory: Optional[os.PathLike[str] | str]) -> None:
        self.directory = Path(directory) if directory is not None else None
        self._memory: dict[str, CachedAnswer] = {}

    def path(self, key: str) -> Optional[Path]:
        return self.directory / f"{key}.json" if self.directory is not None else None

    def get(self, key: str) -> Optional[CachedAnswer]:
        if key in self._memory:
            return self._memory[key]
        path = self.path(key)
        if path is None or not path.is_file():
            return None
        try:
            entry = CachedAnswer.model_validate_json(path.read_bytes())
        except (OSError, ValidationError):
            return None
        if entry.key != key:
            return None
        self._memory[key] = entry
        return entry

    def put(self, entry: CachedAnswer) -> None:
        self._memory[entry.key] = entry
        path = self.path(entry.key)
        if path is None:
            return
        with atomic_write(path) as handle:
            handle.write(entry.model_dump_json(indent=2))
            handle.write("\n")
