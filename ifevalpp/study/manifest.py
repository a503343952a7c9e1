"""`study.json`: what a study did, step by step, rewritten atomically after each step.

Each step's own files keep the manifest the single verb writes (the family
manifest, `respond`'s `manifest.json` with its protocol, `metrics.json`); this
one ties them together and records what only the study knows: the settings it
was run with and, for an embedded model, the served GGUF's sha256. Answers of
one GGUF are never silently mixed with another's under the same name.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Optional

from pydantic import BaseModel, Field

from ..version import __version__
from ..embedded import ServedModel
from ..io import read_json_model, write_json
from ..respond import ProtocolMismatch, RunSummary
from .selection import Sample
from .sources import FamilyData, OriginalData

STUDY_FORMAT = "ifevalpp.study.manifest/1"


class RespondCounts(BaseModel):
    """The respond step of the latest run, and the state of the whole responses file."""

    pairs: int
    asked: int
    skipped: int
    done: int
    errors: int
    truncated: int
    missing: int
    interrupted: bool

    @classmethod
    def of(cls, summary: RunSummary) -> "RespondCounts":
        return cls(pairs=summary.pairs, asked=summary.asked, skipped=summary.skipped,
                   done=summary.total.done, errors=summary.total.errors,
                   truncated=summary.total.truncated, missing=summary.missing,
                   interrupted=summary.interrupted)


class StudyManifest(BaseModel):
    format: str = STUDY_FORMAT
    ifevalpp_version: str = __version__
    model: str
    endpoints: list[str] = Field(default_factory=list)
    embedded: Optional[ServedModel] = None
    settings: dict[str, Any] = Field(default_factory=dict)
    original: Optional[OriginalData] = None
    families: Optional[FamilyData] = None
    sample: Optional[Sample] = None
    respond: Optional[RespondCounts] = None
    scored: Optional[str] = None
    report: Optional[str] = None
    comparison: Optional[str] = None
    runs: int = 1
    started_at: datetime
    finished_at: Optional[datetime] = None


def now_utc() -> datetime:
    return datetime.now(timezone.utc)


def load_study_manifest(path: Path) -> Optional[StudyManifest]:
    """The study.json at `path`, or None; a damaged one raises InputError naming it."""
    return read_json_model(path, StudyManifest)


def check_same_weights(previous: Optional[StudyManifest], served: ServedModel, *,
                       out_dir: Path, has_responses: bool, force: bool) -> None:
    """Refuse to add answers of a different GGUF to a study directory unless forced."""
    if force or not has_responses or previous is None or previous.embedded is None:
        return
    before = previous.embedded
    if before.sha256 != served.sha256:
        raise ProtocolMismatch(
            f"{out_dir} holds answers of {before.path} (sha256 {before.sha256[:16]}…), but "
            f"{served.path} has sha256 {served.sha256[:16]}…; use a new --out directory, or "
            "--force to mix them")


def save(path: Path, manifest: StudyManifest) -> None:
    write_json(path, manifest)
