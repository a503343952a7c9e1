"""What a response file is, told before it is read line by line.

`score` takes JSON Lines (our records, the official `{"prompt", "response"}`
shape, lm-eval sample logs) and inspect eval logs. Two other files are easy to
give by mistake and would otherwise be refused as "line 1: malformed JSON" or
"not UTF-8 text", which sends the user the wrong way: an inspect `.eval` log (a
zip archive) and an lm-eval `results_<date>.json` (the metrics lm-eval printed,
no responses). This module recognises them from their first bytes or, for a
file whose first line is not a JSON value by itself, from the whole document.
"""

from __future__ import annotations

import json
import os
from typing import Any, Literal, Optional

from ..errors import InputError
from .inspect_log import is_inspect_archive, is_inspect_document

FileKind = Literal["inspect"]


def is_lm_eval_results(document: Any) -> bool:
    """True for lm-eval's `results_<date>.json`: aggregated metrics and task configs."""
    return (isinstance(document, dict) and isinstance(document.get("results"), dict)
            and any(name in document for name in ("configs", "versions", "n-shot",
                                                  "config")))


def _first_line(path: str | os.PathLike[str]) -> Optional[bytes]:
    try:
        with open(path, "rb") as handle:
            for raw in handle:
                if raw.strip():
                    return raw
    except OSError:
        return None  # the line reader names the problem
    return None


def _whole_document(path: str | os.PathLike[str]) -> Any:
    from ..io import read_json_document

    try:
        return read_json_document(path)
    except InputError:
        return None


def sniff(path: str | os.PathLike[str]) -> Optional[FileKind]:
    """"inspect" for an inspect eval log; None for JSON Lines (read as usual). An lm-eval
    results file raises InputError naming the file to give instead."""
    if is_inspect_archive(path):
        return "inspect"
    first = _first_line(path)
    if first is None:
        return None
    try:
        json.loads(first.decode("utf-8-sig"))
        return None  # a JSON value per line: JSON Lines
    except (UnicodeDecodeError, json.JSONDecodeError):
        pass
    document = _whole_document(path)
    if is_inspect_document(document):
        return "inspect"
    if is_lm_eval_results(document):
        raise InputError("an lm-evaluation-harness results file (the metrics lm-eval printed, "
                         "no responses); give the sample log lm-eval wrote beside it with "
                         "--log_samples: samples_<task>_<date>.jsonl", path=str(path))
    return None


def logged_prompts(path: str | os.PathLike[str]) -> Optional[str]:
    """The prompt file an inspect log's task read (see `prompts_of_inspect_log`), else None."""
    if sniff(path) != "inspect":
        return None
    from .inspect_log import prompts_of_inspect_log

    return prompts_of_inspect_log(path)


__all__ = ["FileKind", "is_lm_eval_results", "logged_prompts", "sniff"]
