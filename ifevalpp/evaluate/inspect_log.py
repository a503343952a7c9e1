"""inspect eval logs (`.eval` archives and `.json` logs) read as response records.

A researcher who runs `inspect eval ifevalpp/families` gets bare metric values;
`ifevalpp score LOG` gives the same numbers with their intervals and n, as it
does for lm-eval sample logs. The log is read through inspect's own reader
(`inspect_ai.log.read_eval_log`: the `.eval` format is a zip archive whose
layout is inspect's business, not ours), so reading needs the `inspect` extra.

Each sample becomes one keyed record: its id is the prompt's key (our tasks set
it), its epoch the sample index (epoch 1 is sample 0), the graded text is
`output.completion`, and a sample that ended in an error is a failed request
(counted as missing, never as a wrong answer). The sample's input and metadata
(instructions, kwargs) travel along, so the usual matching rules refuse a log
made on other prompts than `--input`.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Optional

from ..errors import InputError

ZIP_MAGIC = b"PK\x03\x04"
INSTALL_HINT = "pip install 'ifevalpp[inspect]'"
# inspect's stop reasons that mean the answer was cut at the token limit.
_CUT = {"max_tokens", "model_length"}


def is_inspect_archive(path: str | os.PathLike[str]) -> bool:
    """True for an inspect `.eval` log (a zip archive), told by its first bytes."""
    try:
        with open(path, "rb") as handle:
            return handle.read(4) == ZIP_MAGIC
    except OSError:
        return False


def is_inspect_document(document: Any) -> bool:
    """True for an inspect `.json` log: an object with the log's `eval` spec and `version`."""
    return (isinstance(document, dict) and isinstance(document.get("eval"), dict)
            and "version" in document and "task" in document["eval"])


def _reader(path: str) -> Any:
    """inspect's log reader; without the `inspect` extra, an InputError naming it."""
    try:
        from inspect_ai.log import read_eval_log
    except ImportError:
        raise InputError(f"an inspect eval log; reading it needs inspect ({INSTALL_HINT})",
                         path=path) from None
    return read_eval_log


def _read_log(path: str) -> Any:
    read_eval_log = _reader(path)
    try:
        return read_eval_log(path)
    except Exception as exc:  # inspect's own errors: a damaged or foreign archive
        raise InputError(f"an inspect eval log that inspect cannot read "
                         f"({type(exc).__name__}: {exc})".replace("\n", " "), path=path) from None


def _text(value: Any) -> Optional[str]:
    return value if isinstance(value, str) else None


def _record(sample: Any, *, path: str, number: int) -> dict[str, Any]:
    """One response-record dict from one inspect sample."""
    if sample.id is None or sample.id == "":
        raise InputError("the inspect sample has no id (is this a log of an ifevalpp task?)",
                         path=path, line=number, field="id")
    record: dict[str, Any] = {"key": str(sample.id), "sample": max(int(sample.epoch or 1) - 1, 0)}
    prompt = _text(sample.input)
    if prompt is not None:
        record["prompt"] = prompt
    metadata = sample.metadata or {}
    for name in ("instruction_id_list", "kwargs"):
        if name in metadata:
            record[name] = metadata[name]
    if sample.error is not None:
        message = getattr(sample.error, "message", None) or str(sample.error)
        record.update(response=None, error=f"inspect sample error: {message}")
        return record
    output = sample.output
    completion = output.completion if output is not None else None
    if not isinstance(completion, str):
        raise InputError(f"expected the completion as a string, found "
                         f"{type(completion).__name__}", path=path, line=number,
                         field="output.completion")
    record["response"] = completion
    stop = output.stop_reason if output is not None and hasattr(output, "stop_reason") else None
    if stop is None and output is not None and output.choices:
        stop = output.choices[0].stop_reason
    if stop is not None:
        record["finish_reason"] = "length" if stop in _CUT else str(stop)
    return record


def responses_from_inspect(path: str | os.PathLike[str]) -> list[tuple[int, dict[str, Any]]]:
    """(sample number, response-record dict) for every sample of the log, in log order."""
    shown = str(path)
    log = _read_log(shown)
    samples = log.samples or []
    if not samples:
        status = getattr(log, "status", "unknown")
        raise InputError(f"an inspect eval log with no samples (status {status}); run inspect "
                         f"again, or give the log of a finished run", path=shown)
    return [(number, _record(sample, path=shown, number=number))
            for number, sample in enumerate(samples, start=1)]


def prompts_of_inspect_log(path: str | os.PathLike[str]) -> Optional[str]:
    """The prompt file the ifevalpp task behind the log read (its `prompts` metadata), when it
    is still there with the same bytes; None otherwise (then `--input` decides)."""
    read_eval_log = _reader(str(path))
    try:
        header = read_eval_log(str(path), header_only=True)
    except Exception:
        return None
    prompts = (header.eval.metadata or {}).get("prompts")
    if not isinstance(prompts, dict) or not isinstance(prompts.get("path"), str):
        return None
    where = Path(prompts["path"])
    if not where.is_file():
        return None
    from ..io import sha256_file

    return str(where) if sha256_file(where) == prompts.get("sha256") else None


__all__ = ["is_inspect_archive", "is_inspect_document", "prompts_of_inspect_log",
           "responses_from_inspect"]
