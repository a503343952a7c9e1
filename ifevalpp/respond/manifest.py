"""`runs/<name>/manifest.json`: the protocol that makes a run's scores reproducible.

The manifest names the model, every sampling parameter, the system prompt, how
reasoning was handled and the sha256 of each input file. Those form the
*protocol*; answers given under one protocol must not be mixed with answers
given under another, so resuming into a directory whose protocol differs is
refused unless forced. Endpoints, concurrency, timeouts and retry settings are
recorded too but may change between sessions (a replica added halfway does not
change what the answers mean). The API key is never written: only the name of
the variable it was read from.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Optional

from pydantic import AliasChoices, BaseModel, ConfigDict, Field

from ..version import __version__
from ..errors import IfevalppError
from ..io import read_json_model, sha256_file, write_json
from ..schema import RunInfo
from ..reasoning import ReasoningHandling
from .config import RespondConfig, RetryPolicy, SamplingParams

MANIFEST_FORMAT = "ifevalpp.respond.manifest/1"


class ProtocolMismatch(IfevalppError):
    """The output directory holds answers made under another protocol."""


class InputFile(BaseModel):
    model_config = ConfigDict(frozen=True)

    path: str
    sha256: str


class ClientSettings(BaseModel):
    """How answers were fetched: recorded for the curious, free to change on resume."""

    api_key_env: str
    concurrency: int
    timeout_s: float
    retry: RetryPolicy


class SessionCounts(BaseModel):
    """What one invocation did: pairs it set out to ask, requests it sent, and what came back.

    `asked` - `answered` - `errors` requests were in flight when the session stopped
    (they are asked again by the next one).
    """

    planned: int = 0
    asked: int = 0
    answered: int = Field(default=0, validation_alias=AliasChoices("answered", "done"))
    errors: int = 0
    truncated: int = 0


class Session(BaseModel):
    """One invocation of `respond` into this directory (a resume adds one).

    `ended` says how it ended: "completed" (every planned pair asked), "SIGINT" or
    "SIGTERM" (stopped by the user), "stopped: …" (every endpoint stopped answering),
    "error: …", or "killed" (no clean stop was recorded; its counts are recounted
    from the records it wrote). None while it runs.
    """

    number: int = 0
    started_at: datetime
    finished_at: Optional[datetime] = None
    ended: Optional[str] = None
    endpoints: list[str]
    client: ClientSettings
    samples: int
    limit: Optional[int] = None
    retry_errors: bool = False
    forced: bool = False
    ifevalpp_version: str = __version__
    counts: SessionCounts = Field(default_factory=SessionCounts)


class RunManifest(BaseModel):
    """The run's protocol plus its history of sessions."""

    model_config = ConfigDict(extra="forbid")

    format: str = MANIFEST_FORMAT
    model: str
    # The model id(s) the server reported in its answers (the `model` field of each chat
    # completion), first seen first; None until an answer names one. Differs from `model`
    # when a server answers the requested name with another model.
    served_model: Optional[str] = None
    system_prompt: Optional[str]
    sampling: SamplingParams
    reasoning: ReasoningHandling
    inputs: list[InputFile]
    # The latest session's view, repeated at the top so readers need not dig.
    endpoints: list[str]
    samples: int
    limit: Optional[int]
    client: ClientSettings
    ifevalpp_version: str = __version__
    openai_version: str
    started_at: datetime
    # Set only once every pair the run covers has an answer (no error, none missing).
    finished_at: Optional[datetime] = None
    sessions: list[Session] = Field(default_factory=list)

    def run_info(self, path: Path) -> RunInfo:
        """What a score report of these answers names (see `ifevalpp.schema.RunInfo`)."""
        endpoints: list[str] = []
        for session in self.sessions:
            endpoints += [url for url in session.endpoints if url not in endpoints]
        return RunInfo(
            manifest=str(path), model=self.model, served_model=self.served_model,
            endpoints=endpoints or list(self.endpoints),
            sampling=self.sampling.model_dump(mode="json"), system_prompt=self.system_prompt,
            reasoning=self.reasoning.model_dump(mode="json"), samples=self.samples,
            limit=self.limit, inputs=[item.model_dump() for item in self.inputs],
            sessions=len(self.sessions), started_at=self.started_at.isoformat(),
            finished_at=self.finished_at.isoformat() if self.finished_at else None,
            ifevalpp_version=self.ifevalpp_version)

    def protocol(self) -> dict[str, Any]:
        """What must be equal for two sessions' answers to be scored together."""
        return {
            "model": self.model,
            "system_prompt": self.system_prompt,
            "sampling": self.sampling.model_dump(mode="json"),
            "reasoning": self.reasoning.model_dump(mode="json"),
            "input sha256": [item.sha256 for item in self.inputs],
        }


def now_utc() -> datetime:
    return datetime.now(timezone.utc)


def input_files(paths: list[Path]) -> list[InputFile]:
    return [InputFile(path=str(path), sha256=sha256_file(path)) for path in paths]


def new_session(config: RespondConfig, *, started_at: datetime, number: int = 1) -> Session:
    return Session(
        number=number, started_at=started_at, endpoints=list(config.base_urls),
        client=ClientSettings(api_key_env=config.api_key_env, concurrency=config.concurrency,
                              timeout_s=config.timeout_s, retry=config.retry),
        samples=config.samples, limit=config.limit, retry_errors=config.retry_errors,
        forced=config.force)


def manifest_for(config: RespondConfig, inputs: list[InputFile], session: Session,
                 previous: Optional[RunManifest]) -> RunManifest:
    """The manifest after adding `session`: this config's protocol, earlier sessions kept."""
    import openai

    sessions = (list(previous.sessions) if previous is not None else []) + [session]
    return RunManifest(
        model=config.model, system_prompt=config.system_prompt, sampling=config.sampling,
        reasoning=config.reasoning, inputs=inputs, endpoints=list(config.base_urls),
        samples=config.samples, limit=config.limit, client=session.client,
        openai_version=openai.__version__,
        started_at=previous.started_at if previous is not None else session.started_at,
        finished_at=None, sessions=sessions,
        served_model=previous.served_model if previous is not None else None)


def with_served_models(manifest: RunManifest, served: list[str]) -> RunManifest:
    """The manifest with the model ids this session's answers named added to those before."""
    names = [name for name in (manifest.served_model or "").split(", ") if name]
    names += [name for name in served if name not in names]
    return manifest.model_copy(update={"served_model": ", ".join(names) or None})


def load_manifest(path: Path) -> Optional[RunManifest]:
    """The manifest at `path`, or None when there is none; a damaged one raises InputError."""
    return read_json_model(path, RunManifest)


def protocol_differences(old: RunManifest, new: RunManifest) -> list[str]:
    """Human-readable lines `name: old → new` for every protocol entry that changed."""
    before, after = old.protocol(), new.protocol()
    return [f"{name}: {json.dumps(before[name])} → {json.dumps(after[name])}"
            for name in before if before[name] != after[name]]


def check_resumable(previous: Optional[RunManifest], proposed: RunManifest, *,
                    has_responses: bool, out_dir: Path, force: bool) -> None:
    """Refuse to add answers under a different protocol (or to an unexplained file) unless forced."""
    if force:
        return
    if previous is None:
        if has_responses:
            raise ProtocolMismatch(
                f"{out_dir / 'responses.jsonl'} exists but {out_dir / 'manifest.json'} does not, "
                "so its protocol is unknown; use a new --out directory, or --force to add to it")
        return
    differences = protocol_differences(previous, proposed)
    if differences:
        raise ProtocolMismatch(
            f"{out_dir} holds answers made under a different protocol ("
            + "; ".join(differences)
            + "); use a new --out directory, or --force to mix them")


def write_manifest(path: Path, manifest: RunManifest) -> None:
    write_json(path, manifest)


KILLED = "killed"


def recount_killed(sessions: list[Session], counts: dict[int, SessionCounts]) -> list[Session]:
    """Earlier sessions that never recorded an end were killed (the directory lock is ours now):
    mark them and take their counts from the records they wrote (`counts`, by session number)."""
    repaired = []
    for session in sessions:
        if session.ended is None:
            found = counts.get(session.number, SessionCounts())
            found = found.model_copy(update={
                "planned": session.counts.planned,
                "asked": max(session.counts.asked, found.answered + found.errors)})
            session = session.model_copy(update={"ended": KILLED, "counts": found})
        repaired.append(session)
    return repaired
