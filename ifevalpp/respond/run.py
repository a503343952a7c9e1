"""`respond`: ask an endpoint for every (prompt, sample) not answered yet, and record each answer durably.

The run is resumable by construction: the responses file is the only state.
Each start reads it, skips pairs whose latest record is an answer (or an error,
unless `retry_errors`), and appends new records; a kill at any moment costs at
most the requests in flight and the records of the last flush interval.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Awaitable, Callable, Iterable, Iterator, Optional

from ..cases import load_variants
from ..errors import InputError
from ..io import missing_directories, remove_empty_directories
from ..schema import ResponseRecord, Variant
from .client import ChatClient, Completion
from .config import DUMMY_API_KEY, RespondConfig
from .manifest import (InputFile, RunManifest, Session, SessionCounts, check_resumable,
                       input_files, load_manifest, manifest_for, new_session, now_utc,
                       protocol_differences, recount_killed, with_served_models,
                       write_manifest)
from .lock import LOCK_NAME, run_directory_lock
from .probe import PROBE_TIMEOUT_S, EndpointUnreachable, ModelNotListed, probe
from .progress import Progress
from ..reasoning import split_reasoning
from .records import Pair, iter_records, latest_records
from .retry import EndpointFatalError, with_retries
from .summary import RunSummary, Tally, tally_by_session
from .writer import DurableWriter


@dataclass(frozen=True)
class Job:
    key: str
    prompt: str
    sample: int


def load_prompts(paths: Iterable[os.PathLike[str] | str]) -> list[Variant]:
    """Every prompt of every input file, in file order; a key repeated across files is an error."""
    variants: list[Variant] = []
    seen: dict[str, str] = {}
    for path in paths:
        for variant in load_variants(path, check_params=False):
            if variant.key in seen:
                raise InputError(f"key {variant.key!r} also appears in {seen[variant.key]}",
                                 path=str(path), field="key")
            seen[variant.key] = str(path)
            variants.append(variant)
    return variants


def plan_jobs(variants: list[Variant], samples: int, latest: dict[Pair, ResponseRecord], *,
              retry_errors: bool) -> tuple[list[Job], int]:
    """The pairs still to ask, prompt by prompt, and how many are already settled."""
    jobs: list[Job] = []
    skipped = 0
    for variant in variants:
        for sample in range(samples):
            record = latest.get((variant.key, sample))
            if record is not None and not (retry_errors and record.error is not None):
                skipped += 1
                continue
            jobs.append(Job(variant.key, variant.prompt, sample))
    return jobs, skipped


def build_record(job: Job, completion: Completion, config: RespondConfig, *, latency_s: float,
                 attempts: int, endpoint: str, session: Optional[int] = None) -> ResponseRecord:
    answer = split_reasoning(completion.content, completion.field_reasoning, config.reasoning)
    return ResponseRecord.model_validate({
        "key": job.key, "prompt": job.prompt, "response": answer.response, "sample": job.sample,
        "reasoning": answer.reasoning, "finish_reason": completion.finish_reason,
        "usage": completion.usage, "latency_s": round(latency_s, 4), "error": None,
        "attempts": attempts, "endpoint": endpoint, "session": session})


def error_record(job: Job, message: str, *, latency_s: float, attempts: int,
                 session: Optional[int] = None) -> ResponseRecord:
    """A failed request: `error` set, no response; scoring counts the pair as missing."""
    return ResponseRecord.model_validate({
        "key": job.key, "prompt": job.prompt, "response": None, "sample": job.sample,
        "latency_s": round(latency_s, 4), "error": message, "attempts": attempts,
        "session": session})


class _Asker:
    """Turns one Job into one ResponseRecord: retries inside, never raises for one bad request."""

    def __init__(self, client: ChatClient, config: RespondConfig, rng: random.Random,
                 sleep: Callable[[float], Awaitable[None]], session: Optional[int] = None) -> None:
        self._client = client
        self._session = session
        self._config = config
        self._rng = rng
        self._sleep = sleep
        self._preamble = ([{"role": "system", "content": config.system_prompt}]
                          if config.system_prompt is not None else [])
        self.attempts = 0
        self.sent = 0  # jobs taken up (answered, failed, or in flight when stopped)

    async def ask(self, job: Job) -> ResponseRecord:
        self.sent += 1
        messages = self._preamble + [{"role": "user", "content": job.prompt}]
        kwargs = self._config.sampling.request_kwargs(job.sample)
        timing = {"latency": 0.0}

        async def attempt(_: int) -> tuple[Completion, str]:
            started = time.perf_counter()
            try:
                return await self._client.complete(messages, kwargs)
            finally:
                timing["latency"] = time.perf_counter() - started

        result = await with_retries(attempt, self._config.retry, self._rng,
                                    timeout_s=self._config.timeout_s, sleep=self._sleep)
        self.attempts += result.attempts
        if result.value is None:
            assert result.failure is not None
            message = result.failure.message
            if result.attempts > 1:
                message = f"{message} (gave up after {result.attempts} attempts)"
            return error_record(job, message, latency_s=timing["latency"],
                                attempts=result.attempts, session=self._session)
        completion, endpoint = result.value
        return build_record(job, completion, self._config, latency_s=timing["latency"],
                            attempts=result.attempts, endpoint=endpoint, session=self._session)


async def _work(jobs: Iterator[Job], asker: _Asker, writer: DurableWriter, tally: Tally,
                progress: Optional[Progress]) -> None:
    # All workers draw from one iterator: a plain next() cannot interleave in asyncio.
    for job in jobs:
        record = await asker.ask(job)
        writer.add(record)
        tally.add(record)
        if progress is not None:
            progress.update(record)


async def _run_workers(jobs: list[Job], asker: _Asker, writer: DurableWriter, tally: Tally,
                       progress: Optional[Progress], concurrency: int, handle_signals: bool,
                       watch: Optional[Callable[[], Optional[str]]] = None) -> Optional[str]:
    """Run the worker pool; return why it stopped early (a signal's name, or what `watch`
    reported), or None when every job was asked."""
    shared = iter(jobs)
    tasks = [asyncio.create_task(_work(shared, asker, writer, tally, progress))
             for _ in range(min(concurrency, len(jobs)))]
    stopped_by: list[str] = []

    def stop(reason: str) -> None:
        if not stopped_by:
            stopped_by.append(reason)
        for task in tasks:
            task.cancel()

    loop = asyncio.get_running_loop()
    installed: list[signal.Signals] = []
    if handle_signals:
        for signum in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(signum, stop, signum.name)
                installed.append(signum)
            except (NotImplementedError, RuntimeError, ValueError):
                pass  # not the main thread, or a platform without signal support
    watchdog = asyncio.create_task(_watch(watch, stop)) if watch is not None else None
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
        for task in done:
            if not task.cancelled() and task.exception() is not None:
                raise task.exception()  # type: ignore[misc]  # the line above checks exception() is not None
    finally:
        for task in tasks:
            task.cancel()
        if watchdog is not None:
            watchdog.cancel()
        await asyncio.gather(*tasks, *([watchdog] if watchdog else []), return_exceptions=True)
        for signum in installed:
            loop.remove_signal_handler(signum)
    return stopped_by[0] if stopped_by else None


async def _watch(check: Callable[[], Optional[str]], stop: Callable[[str], None],
                 interval_s: float = 0.2) -> None:
    """Poll `check`; the first reason it gives stops the workers."""
    while True:
        await asyncio.sleep(interval_s)
        reason = check()
        if reason is not None:
            stop(reason)
            return


def unreachable_watch(client: ChatClient, config: RespondConfig) -> Callable[[], Optional[str]]:
    """A `watch` that reports when every endpoint has stopped accepting connections."""
    def check() -> Optional[str]:
        pool = client.pool
        if not pool.all_down(after=config.unreachable_after, grace_s=config.unreachable_grace_s):
            return None
        detail = "; ".join(f"{endpoint.base_url}: {endpoint.connection_failures} attempts in a row "
                           f"({endpoint.last_failure})" for endpoint in pool.endpoints)
        return f"every endpoint stopped answering ({detail})"
    return check


@dataclass
class _Injected:
    """What a caller may put in place of the world: network, key, clock, randomness, progress."""

    http_client: Optional[Any] = None
    transport: Optional[Any] = None
    api_key: Optional[str] = None
    progress: Optional[Progress] = None
    rng: Optional[random.Random] = None
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
    handle_signals: bool = False
    notify: Callable[[str], None] = lambda message: None


@dataclass
class _Outcome:
    """What one session did, for the summary."""

    skipped: int = 0
    planned: int = 0
    asked: int = 0
    tally: Tally = field(default_factory=Tally)
    attempts: int = 0
    requests_by_endpoint: dict[str, int] = field(default_factory=dict)
    stopped_by: Optional[str] = None
    latest: dict[Pair, ResponseRecord] = field(default_factory=dict)


def _client(config: RespondConfig, world: _Injected) -> ChatClient:
    key = world.api_key or os.environ.get(config.api_key_env) or DUMMY_API_KEY
    return ChatClient(config.base_urls, model=config.model, api_key=key,
                      timeout_s=config.timeout_s, concurrency=config.concurrency,
                      reasoning_fields=config.reasoning.fields,
                      http_client=world.http_client, transport=world.transport)


async def _ask_all(config: RespondConfig, jobs: list[Job], writer: DurableWriter,
                   outcome: _Outcome, world: _Injected, client: ChatClient,
                   session: int) -> None:
    asker = _Asker(client, config, world.rng or random.Random(), world.sleep, session=session)
    try:
        await writer.start()
        outcome.stopped_by = await _run_workers(jobs, asker, writer, outcome.tally,
                                                world.progress, config.concurrency,
                                                world.handle_signals,
                                                watch=unreachable_watch(client, config))
    finally:
        outcome.attempts = asker.attempts
        outcome.asked = asker.sent
        outcome.requests_by_endpoint = {endpoint.base_url: endpoint.requests
                                        for endpoint in client.pool.endpoints}


async def _probe(config: RespondConfig, client: ChatClient, world: _Injected) -> None:
    """Fail in seconds when no endpoint answers; leave out the replicas that do not."""
    result = await probe(client, timeout_s=min(PROBE_TIMEOUT_S, config.timeout_s))
    if not config.allow_unlisted_model:
        result.refuse_unlisted(config.model)
    for line in result.notices(config.model):
        world.notify(line)
    client.pool.keep(result.up)


async def _session(config: RespondConfig, variants: list[Variant], inputs: list[InputFile],
                   world: _Injected, client: ChatClient) -> _Outcome:
    """One session inside the locked directory: check, plan, probe, ask, record, update the manifest."""
    previous = load_manifest(config.manifest_path)
    responses = config.responses_path
    earlier = latest_records(responses)
    if _starts_afresh(config, inputs, previous, earlier):
        kept = supersede(config.out_dir)
        world.notify(f"{config.out_dir} had no answers yet ({len(earlier)} failed "
                     f"request(s)): starting it under this run's protocol; the earlier "
                     f"records are kept in {', '.join(str(path) for path in kept)}")
        previous, earlier = None, {}
    number = len(previous.sessions) + 1 if previous is not None else 1
    session = new_session(config, started_at=now_utc(), number=number)
    manifest = manifest_for(config, inputs, session, previous)
    check_resumable(previous, manifest, out_dir=config.out_dir, force=config.force,
                    has_responses=responses.exists() and responses.stat().st_size > 0)

    outcome = _Outcome()
    if previous is not None and any(old.ended is None for old in previous.sessions):
        manifest = _recount_killed(manifest, responses)
    jobs, outcome.skipped = plan_jobs(variants, config.samples, earlier,
                                      retry_errors=config.retry_errors)
    if jobs:
        await _probe(config, client, world)  # before anything is written
        session.endpoints = [endpoint.base_url for endpoint in client.pool.endpoints]
        manifest = manifest.model_copy(update={"endpoints": list(session.endpoints)})
    writer = DurableWriter(responses, batch=config.flush_records,
                           interval_s=config.flush_interval_s)  # repairs a truncated tail
    ended = "completed"
    try:
        outcome.planned = session.counts.planned = len(jobs)
        write_manifest(config.manifest_path, _with_session(manifest, session))
        if world.progress is not None:
            world.progress.start(outcome.skipped + len(jobs), outcome.skipped)
        try:
            if jobs:
                await _ask_all(config, jobs, writer, outcome, world, client, number)
            ended = outcome.stopped_by or ended
        except BaseException as exc:
            ended = f"error: {type(exc).__name__}: {exc}" if not isinstance(
                exc, (KeyboardInterrupt, asyncio.CancelledError)) else "interrupted"
            raise
        finally:
            if world.progress is not None:
                world.progress.close()
            await writer.aclose()
            outcome.latest = latest_records(responses)
            session.finished_at = now_utc()
            session.ended = ended
            session.counts = SessionCounts(
                planned=len(jobs), asked=outcome.asked, answered=outcome.tally.done,
                errors=outcome.tally.errors, truncated=outcome.tally.truncated)
            complete = all(_answered(outcome.latest.get((variant.key, sample)))
                           for variant in variants for sample in range(config.samples))
            manifest = with_served_models(manifest, list(client.served_models))
            write_manifest(config.manifest_path, _with_session(
                manifest, session, finished_at=session.finished_at if complete else None))
    finally:
        writer.close_sync()
    return outcome


def _starts_afresh(config: RespondConfig, inputs: list[InputFile],
                   previous: Optional[RunManifest], earlier: dict[Pair, ResponseRecord]) -> bool:
    """Nothing was answered yet (every request failed, e.g. a misspelt --model) and the
    protocol changed: no answers can be mixed, so the directory takes this run's protocol
    (the failed records and their manifest are kept aside, never deleted)."""
    if any(record.error is None for record in earlier.values()):
        return False
    if previous is None:
        return bool(earlier)
    proposed = manifest_for(config, inputs, new_session(config, started_at=now_utc()), previous)
    return bool(protocol_differences(previous, proposed))


def preflight(config: RespondConfig, inputs: Optional[list[InputFile]] = None) -> None:
    """Refuse now what `respond(config)` would refuse before asking anything (ProtocolMismatch:
    answers made under another protocol), so a caller such as the study can check before it
    writes files of its own. `inputs`: the prompt files with their sha256 (default: read
    from disk; a caller that has not written them yet passes them)."""
    inputs = inputs if inputs is not None else input_files(list(config.inputs))
    previous = load_manifest(config.manifest_path)
    earlier = latest_records(config.responses_path)
    if _starts_afresh(config, inputs, previous, earlier):
        return
    number = len(previous.sessions) + 1 if previous is not None else 1
    proposed = manifest_for(config, inputs,
                            new_session(config, started_at=now_utc(), number=number), previous)
    responses = config.responses_path
    check_resumable(previous, proposed, out_dir=config.out_dir, force=config.force,
                    has_responses=responses.exists() and responses.stat().st_size > 0)


def has_answers(responses: Path) -> bool:
    """Some (key, sample) of the responses file has an answer (not only failed requests)."""
    return any(record.error is None for record in latest_records(responses).values())


def supersede(out_dir: Path) -> list[Path]:
    """Move responses.jsonl and manifest.json aside as superseded-<n>.* (n the first free
    number); returns where they went."""
    number = 1
    while any(out_dir.glob(f"superseded-{number}.*")):
        number += 1
    moved = []
    for name in ("responses.jsonl", "manifest.json"):
        source = out_dir / name
        if source.exists():
            target = out_dir / f"superseded-{number}.{name}"
            os.replace(source, target)
            moved.append(target)
    return moved


def _answered(record: Optional[ResponseRecord]) -> bool:
    return record is not None and record.error is None


def _recount_killed(manifest: RunManifest, responses: Path) -> RunManifest:
    """Sessions before this one that never recorded an end were killed: recount them."""
    tallies = tally_by_session(iter_records(responses))
    counts = {number: SessionCounts(answered=tally.done, errors=tally.errors,
                                    truncated=tally.truncated)
              for number, tally in tallies.items()}
    earlier = recount_killed(list(manifest.sessions[:-1]), counts)
    return manifest.model_copy(update={"sessions": earlier + [manifest.sessions[-1]]})


async def respond_async(config: RespondConfig, *, http_client: Optional[Any] = None,
                        transport: Optional[Any] = None,
                        api_key: Optional[str] = None, progress: Optional[Progress] = None,
                        rng: Optional[random.Random] = None,
                        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                        handle_signals: bool = False,
                        notify: Optional[Callable[[str], None]] = None) -> RunSummary:
    """Ask for every missing (key, sample) of `config.inputs` and append the answers to the run.

    `http_client` or `transport` replace the network (tests, proxies);
    `api_key` overrides the environment variable named by the config;
    `handle_signals` turns SIGINT/SIGTERM into a clean stop (the CLI sets it);
    `notify` hears warnings worth showing at once (a replica that does not answer).
    Raises InputError for bad inputs, ProtocolMismatch for a directory made
    under another protocol, RunDirectoryBusy when another run writes there,
    EndpointUnreachable when no endpoint accepts a connection (before anything
    is written), ModelNotListed when the server lists its models and not `config.model`
    (before any request; `allow_unlisted_model` sends it anyway), EndpointFatalError when the
    endpoint refuses every request.
    When every endpoint stops answering mid-run, the run stops (see
    `RespondConfig.unreachable_after`) and the summary says so.
    """
    clock = time.perf_counter()
    variants = load_prompts(config.inputs)
    if config.limit is not None:
        variants = variants[: config.limit]
    inputs = input_files(list(config.inputs))
    world = _Injected(http_client=http_client, transport=transport, api_key=api_key,
                      progress=progress, rng=rng, sleep=sleep, handle_signals=handle_signals,
                      notify=notify or (lambda message: None))
    client = _client(config, world)
    created = missing_directories(config.out_dir)
    try:
        with run_directory_lock(config.out_dir):
            outcome = await _session(config, variants, inputs, world, client)
    except (EndpointUnreachable, EndpointFatalError, ModelNotListed):
        if created:
            _remove_unused_directory(config.out_dir, created)
        raise
    finally:
        await client.aclose()
    covered = [outcome.latest.get((variant.key, sample)) for variant in variants
               for sample in range(config.samples)]
    return RunSummary(
        out_dir=config.out_dir, pairs=len(covered), skipped=outcome.skipped,
        planned=outcome.planned, asked=outcome.asked, session=outcome.tally,
        total=Tally.of(record for record in covered if record is not None),
        missing=sum(record is None for record in covered), attempts=outcome.attempts,
        wall_s=time.perf_counter() - clock, requests_by_endpoint=outcome.requests_by_endpoint,
        interrupted=outcome.stopped_by is not None, stopped_by=outcome.stopped_by)


def _remove_unused_directory(out_dir: Path, created: list[Path]) -> None:
    """A run that never asked anything leaves no run directory behind (only its lock was made)."""
    try:
        entries = {entry.name for entry in out_dir.iterdir()}
    except FileNotFoundError:
        return
    if entries <= {LOCK_NAME}:
        (out_dir / LOCK_NAME).unlink(missing_ok=True)
        remove_empty_directories(created)


def _with_session(manifest: RunManifest, session: Session, *,
                  finished_at: Optional[datetime] = None) -> RunManifest:
    """The manifest with `session` as its latest; the run is finished only when complete."""
    sessions = list(manifest.sessions[:-1]) + [session]
    return manifest.model_copy(update={"sessions": sessions, "finished_at": finished_at})


def respond(config: RespondConfig, *, http_client: Optional[Any] = None,
            transport: Optional[Any] = None, api_key: Optional[str] = None,
            progress: Optional[Progress] = None, rng: Optional[random.Random] = None,
            handle_signals: bool = False,
            notify: Optional[Callable[[str], None]] = None) -> RunSummary:
    """Synchronous `respond_async` for scripts and the CLI (same options, same result)."""
    return asyncio.run(respond_async(config, http_client=http_client, transport=transport,
                                     api_key=api_key, progress=progress, rng=rng,
                                     handle_signals=handle_signals, notify=notify))

