"""The `ifevalpp respond` run behind a response file, and how many of its answers were cut off.

A score report names the run it scores: model, endpoints, every sampling
parameter, system prompt, reasoning handling and sample count, read from the
`manifest.json` that `respond` keeps beside `responses.jsonl`. A manifest that
belongs to something else is ignored; one of ours that cannot be read becomes
a note, never an error (scoring does not need it).

Answers cut off at the token limit (`finish_reason: length`) fail length and
end-phrase checks silently, so their share is reported per kind of prompt.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterable, Optional

from pydantic import BaseModel, ValidationError

from ..errors import InputError
from ..io import read_json_document
from ..schema import KINDS, RunInfo, ScoredResponse

MANIFEST_NAME = "manifest.json"


def find_run(responses: str | os.PathLike[str]) -> tuple[Optional[RunInfo], list[str]]:
    """The run beside `responses` (None when there is no respond manifest) and any notes."""
    path = Path(responses).parent / MANIFEST_NAME
    if not path.is_file():
        return None, []
    try:
        raw = read_json_document(path)
    except InputError as exc:
        return None, [f"{path} could not be read ({exc.reason}); the run is not named"]
    from ..respond.manifest import MANIFEST_FORMAT, RunManifest  # late: pulls in the client

    if not isinstance(raw, dict) or raw.get("format") != MANIFEST_FORMAT:
        return None, []
    try:
        manifest = RunManifest.model_validate(raw)
    except ValidationError as exc:
        return None, [f"{path} is not a manifest this ifevalpp reads "
                      f"({exc.errors()[0]['msg']}); the run is not named"]
    return manifest.run_info(path), []


def input_notes(run: Optional[RunInfo], cases_sha256: str, cases_path: str) -> list[str]:
    """A note when the answers were collected on another prompt file than the one scored."""
    if run is None or not run.inputs:
        return []
    digests = {item["sha256"] for item in run.inputs}
    if cases_sha256 in digests:
        return []
    asked = ", ".join(f"{item['path']} ({item['sha256'][:12]}…)" for item in run.inputs)
    return [f"the answers were collected on {asked}, but are scored against {cases_path} "
            f"({cases_sha256[:12]}…): the prompts agree, other fields may not"]


class Truncation(BaseModel):
    """Answers of one kind cut off at the token limit."""

    kind: str
    truncated: int
    answers: int

    @property
    def fraction(self) -> float:
        return self.truncated / self.answers if self.answers else float("nan")


def truncation_by_kind(scored: Iterable[ScoredResponse]) -> list[Truncation]:
    """Per kind of prompt (and `all`): answers with finish_reason "length", of answers.

    Empty when no record says why it finished (files not written by an endpoint client).
    """
    records = list(scored)
    if not any(record.finish_reason is not None for record in records):
        return []
    rows = []
    for kind in ("all", *KINDS):
        chosen = [record for record in records
                  if kind == "all" or (record.kind or "original") == kind]
        if chosen:
            rows.append(Truncation(kind=kind, truncated=sum(r.truncated for r in chosen),
                                   answers=len(chosen)))
    return rows


__all__ = ["Truncation", "find_run", "input_notes", "truncation_by_kind"]
