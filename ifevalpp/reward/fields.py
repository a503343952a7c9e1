"""Instruction lists and kwargs as dataset columns hold them: lists, JSON text, numpy arrays.

`export-rl` writes `kwargs` and verl's `ground_truth` as JSON text (one
column type whatever the instruction types); a file a user built may hold
real lists and objects instead, and a parquet file read through pandas turns
lists into numpy arrays. All of these mean the same thing.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

from ..errors import InputError
from ..io import json_problem


@functools.lru_cache(maxsize=65536)
def _json(text: str) -> Any:
    # Cached by text: a prompt's G completions carry the same column value, and reusing the
    # decoded objects lets score_batch validate them once.
    return json.loads(text)


def plain(value: Any) -> Any:
    """`value` with numpy arrays and scalars turned into lists and Python values, recursively."""
    if isinstance(value, (str, bytes, int, float, bool)) or value is None:
        return value
    if isinstance(value, Mapping):
        return {key: plain(item) for key, item in value.items()}
    if hasattr(value, "tolist"):  # numpy array or scalar
        return plain(value.tolist())
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return value


def decoded(value: Any, field: str) -> Any:
    """A column value as Python data: JSON text is parsed, anything else made plain."""
    if isinstance(value, str):
        try:
            return _json(value)
        except json.JSONDecodeError as exc:
            raise InputError(f"not valid JSON ({json_problem(exc)}): {value[:80]!r}",
                             field=field) from None
    return plain(value)
