"""lm-evaluation-harness sample logs (`samples_ifeval_<date>.jsonl`) read as response records.

lm-eval 0.4 writes one line per document and filter: `doc_id`, `doc` (the
dataset row: `key`, `prompt`, `instruction_id_list`, `kwargs` — Hugging Face
style, every kwargs key present and null when unused), `target`, `arguments`,
`resps` (the raw generations, one list per request), `filtered_resps` (what
the filter kept, one string per request: what lm-eval scored), `filter`,
`metrics`, the three hashes and the per-sample metric values. The response we
grade is `filtered_resps[0]`; the doc's prompt and instructions travel along so
that scoring can refuse a case file that disagrees with what lm-eval asked.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..errors import InputError


def is_lm_eval_sample(raw: Mapping[str, Any]) -> bool:
    """True for a line of an lm-eval sample log (a `doc` object and logged responses)."""
    return (isinstance(raw.get("doc"), dict) and "doc_id" in raw
            and ("filtered_resps" in raw or "resps" in raw))


def _graded_text(raw: Mapping[str, Any]) -> tuple[Any, str]:
    """The text lm-eval graded and the field it came from."""
    filtered = raw.get("filtered_resps")
    if isinstance(filtered, list) and filtered:
        return filtered[0], "filtered_resps.0"
    resps = raw.get("resps")
    if isinstance(resps, list) and resps and isinstance(resps[0], list) and resps[0]:
        return resps[0][0], "resps.0.0"
    return None, "filtered_resps"


def response_from_lm_eval(raw: Mapping[str, Any], *, path: str, line: int) -> dict[str, Any]:
    """A response-record dict (key, prompt, response, the doc's instructions) from one sample line."""
    doc = raw["doc"]
    if doc.get("key") is None:
        raise InputError("the lm-eval doc has no 'key' (is this an IFEval sample log?)",
                         path=path, line=line, field="doc.key")
    text, field = _graded_text(raw)
    if not isinstance(text, str):
        raise InputError(f"expected the graded response as a string, found "
                         f"{type(text).__name__}", path=path, line=line, field=field)
    record: dict[str, Any] = {"key": doc["key"], "response": text, "sample": 0}
    for name in ("prompt", "instruction_id_list", "kwargs"):
        if name in doc:
            record[name] = doc[name]
    return record


__all__ = ["is_lm_eval_sample", "response_from_lm_eval"]
