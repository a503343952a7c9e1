"""LLM-backed cousins: a model behind any OpenAI-compatible endpoint writes the candidates.

    from ifevalpp.generate.llm import LLMSettings, generate_families_llm
    result = generate_families_llm(cases, LLMSettings(
        model="m", base_urls=["http://localhost:8000/v1"], cache_dir="data/families/.cache"))

The family assembly is the template backend's (`family.generate_families` with
a `CousinBackend`): the same kinds, seeds, validator filter (`validate_case`,
no `error`), distinctness rule, bounded regeneration and output records. Only
the source of a candidate differs: for each attempt the kind plans what to ask
(`CousinKind.model_plan`, generate/kinds/), the model gets our prompt
(`templates/llm/<kind>.j2`, rendered by `messages.py`) carrying the attempt
number, the derived seed, the siblings kept so far and the reason the previous
attempt was rejected, and answers with JSON (JSON mode is requested; a server
that refuses it is asked without it). The answer is parsed tolerantly and
checked against the kind's promise on kwargs (`CousinKind.model_candidate`), then
filtered like any cousin.

It asks for the template backend's constructs and proves them the same way
(`checks.py`): a distractor is the original plus one competing format
requirement the model names — another instruction type (declared conflicts,
joint satisfiability, its statement found in the prompt, a joint witness) or a
catalogue request (declared effects, joint witness) — recorded in
`Variant.distractor`; a reconfiguration's values get harder, increasingly over a
case's reconfigurations, or a new task replaces the old one. The validator is
made strict for model cousins (a constraint no longer stated, or a new one
stated, is an error), no cousin may be another case's original or contain its
task sentence, and after the run a prompt that two families produced is kept by
the first family in input order; the later family is asked again (cached
answers make that cheap), so no prompt is in two families.

Requests go through `ifevalpp.respond` (the AsyncOpenAI wrapper and its retry
policy) on an event loop in a background thread, while `concurrency` cases
are worked on at once. Answers are cached by request hash (`cache.py`), so
a rerun with the same settings makes no request and writes the same bytes.
A request that still fails after its retries ends that cousin (reported like
any shortfall); an endpoint that refuses everything (401/403/404) stops the run
with `EndpointFatalError`.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import random
import threading
from pathlib import Path
from typing import Any, Awaitable, Callable, Coroutine, Iterable, Optional, Sequence, TypeVar, Union

import openai
from pydantic import BaseModel, ConfigDict, Field, field_validator

from ...version import __version__
from ...resources import templates_dir
from ...profiles import Profile
from ...respond import (DEFAULT_API_KEY_ENV, DUMMY_API_KEY, ChatClient, Completion,
                        ReasoningHandling, RetryPolicy, with_retries)
from ...schema import COUSIN_KINDS, Case, Kind, Variant
from .. import kinds
from ..backend import CousinBackend
from ..family import (DEFAULT_MIN_DISTANCE, FamilyResult, case_key,
                      generate_families, generate_family, seen_settings)
from ..manifest import family_manifest
from ..records import MODEL_BACKEND, Candidate, ComposeError, CousinRequest, StopCousin
from ..validation import Validator, load_validator
from ..versions import templates_digest
from .answers import UnparseableAnswer, parse_answer
from .cache import AnswerCache, CachedAnswer, request_key
from .checks import DistractorOptions, distractor_options
from .filters import Registry, cross_family, strict_validator
from .messages import build_messages
from .plan import Sibling

BACKEND_NAME = MODEL_BACKEND
JSON_MODE = {"type": "json_object"}
# Each attempt of a model cousin is a paid request: half the template backend's draws.
LLM_MAX_ATTEMPTS = 12
T = TypeVar("T")


class LLMSettings(BaseModel):
    """Which model writes the cousins, where it is served, and how it is asked."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    model: str = Field(min_length=1)
    base_urls: list[str] = Field(min_length=1)
    api_key_env: str = DEFAULT_API_KEY_ENV
    concurrency: int = Field(default=8, ge=1)
    temperature: Optional[float] = Field(default=0.7, ge=0)
    max_tokens: Optional[int] = Field(default=2048, ge=1)
    # Send the cousin's derived seed (servers that honour it give reproducible answers).
    send_seed: bool = True
    json_mode: bool = True
    timeout_s: float = Field(default=300.0, gt=0)
    retry: RetryPolicy = Field(default_factory=RetryPolicy)
    # None: no cache (every run asks again).
    cache_dir: Optional[Path] = None

    @field_validator("base_urls")
    @classmethod
    def _urls(cls, urls: list[str]) -> list[str]:
        cleaned = [url.rstrip("/") for url in urls]
        for url in cleaned:
            if not url.startswith(("http://", "https://")):
                raise ValueError(f"base URL {url!r} must start with http:// or https://")
        return cleaned

    def request_params(self, seed: int) -> dict[str, Any]:
        """The sampling parameters sent with (and hashed into the cache key of) one request."""
        params: dict[str, Any] = {}
        if self.temperature is not None:
            params["temperature"] = self.temperature
        if self.max_tokens is not None:
            params["max_tokens"] = self.max_tokens
        if self.send_seed:
            params["seed"] = seed % 2 ** 31
        return params

    def protocol(self) -> dict[str, Any]:
        """What decides the answers, for the manifest (never an API key)."""
        return {"model": self.model, "base_urls": list(self.base_urls),
                "temperature": self.temperature, "max_tokens": self.max_tokens,
                "send_seed": self.send_seed, "json_mode": self.json_mode}


class LLMStats(BaseModel):
    """What a run cost: requests sent, answers reused from the cache, answers unusable."""

    requests: int = 0
    fetched: int = 0
    cache_hits: int = 0
    unparseable: int = 0
    failed: int = 0
    json_mode: bool = True


class LLMFamilyResult(FamilyResult):
    """A FamilyResult from the model backend, with its settings and request counts."""

    settings: LLMSettings
    stats: LLMStats = Field(default_factory=LLMStats)


def llm_version() -> str:
    """Package version plus a digest of `templates/llm/`, so a prompt edit changes the version."""
    return f"{__version__}+llm.{templates_digest(str(templates_dir()), 'llm')}"


class _LoopThread:
    """An asyncio loop in a daemon thread; worker threads hand it coroutines and wait."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="ifevalpp-llm",
                                        daemon=True)

    def start(self) -> None:
        self._thread.start()

    def submit(self, coroutine: Coroutine[Any, Any, T]) -> "concurrent.futures.Future[T]":
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop)

    def run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return self.submit(coroutine).result()

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join()
        self.loop.close()


class LLMBackend:
    """Proposes cousin candidates by asking the model; a context manager (it owns the client).

    `http_client` / `transport` replace the network and `api_key` the
    environment variable, as in `ifevalpp.respond`.
    """

    def __init__(self, settings: LLMSettings, *, http_client: Optional[Any] = None,
                 transport: Optional[Any] = None, api_key: Optional[str] = None,
                 rng: Optional[random.Random] = None,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.settings = settings
        self.cache = AnswerCache(settings.cache_dir)
        self.stats = LLMStats(json_mode=settings.json_mode)
        self._http_client = http_client
        self._transport = transport
        self._api_key = api_key or os.environ.get(settings.api_key_env) or DUMMY_API_KEY
        self._rng = rng or random.Random(0)
        self._sleep = sleep
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._in_flight: set[concurrent.futures.Future[Completion]] = set()
        self._loop: Optional[_LoopThread] = None
        self._client: Optional[ChatClient] = None
        self.registry = Registry()
        self._options: dict[str, DistractorOptions] = {}
        # What was proposed, by (case, prompt): the kind and what a later sibling compares.
        self._proposed: dict[tuple[str, str], tuple[str, Sibling]] = {}

    # ------------------------------------------------------------ lifecycle

    def __enter__(self) -> "LLMBackend":
        self._stopping.clear()
        self._loop = _LoopThread()
        self._loop.start()
        self._client = self._loop.run(self._open())
        return self

    def __exit__(self, *exc: object) -> None:
        if self._loop is None:
            return
        self.abort()  # after an error or Ctrl-C, nothing may still be waiting for an answer
        try:
            if self._client is not None:
                self._loop.run(self._client.aclose())
        finally:
            self._loop.stop()
            self._loop, self._client = None, None

    async def _open(self) -> ChatClient:
        settings = self.settings
        return ChatClient(settings.base_urls, model=settings.model, api_key=self._api_key,
                          timeout_s=settings.timeout_s, concurrency=settings.concurrency,
                          reasoning_fields=ReasoningHandling().fields,
                          http_client=self._http_client, transport=self._transport)

    def cousin_backend(self) -> CousinBackend:
        """This backend in the form the family assembly takes."""
        return CousinBackend(BACKEND_NAME, self.propose, version=llm_version(),
                             workers=self.settings.concurrency, abort=self.abort)

    def abort(self) -> None:
        """End the run quickly: cancel requests in flight and ask nothing more."""
        with self._lock:
            self._stopping.set()
            in_flight = list(self._in_flight)
        for future in in_flight:
            future.cancel()

    def _count(self, name: str, amount: int = 1) -> None:
        with self._lock:
            setattr(self.stats, name, getattr(self.stats, name) + amount)

    # ------------------------------------------------------------ asking

    async def _send(self, messages: list[dict[str, str]], params: dict[str, Any]) -> Completion:
        assert self._client is not None
        self._count("requests")
        completion, _ = await self._client.complete(messages, params)
        return completion

    async def _ask(self, messages: list[dict[str, str]], params: dict[str, Any]) -> Completion:
        async def attempt(_: int) -> Completion:
            if not self.stats.json_mode:
                return await self._send(messages, params)
            try:
                return await self._send(messages, {**params, "response_format": JSON_MODE})
            except openai.BadRequestError:
                # Not every server knows JSON mode: ask without it; if that works, stop asking.
                completion = await self._send(messages, params)
                self.stats.json_mode = False
                return completion

        result = await with_retries(attempt, self.settings.retry, self._rng,
                                    timeout_s=self.settings.timeout_s, sleep=self._sleep)
        if result.value is None:
            assert result.failure is not None
            self._count("failed")
            tries = f" (gave up after {result.attempts} attempts)" if result.attempts > 1 else ""
            raise StopCousin(f"request failed: {result.failure.message}{tries}")
        return result.value

    def answer(self, messages: list[dict[str, str]], params: dict[str, Any]) -> CachedAnswer:
        """The cached answer to this request, or a fresh one (then cached)."""
        key = request_key(self.settings.model, messages, params)
        cached = self.cache.get(key)
        if cached is not None:
            self._count("cache_hits")
            return cached
        if self._loop is None:
            raise RuntimeError("LLMBackend must be used as a context manager")
        with self._lock:
            if self._stopping.is_set():
                raise StopCousin("not asked: the run is stopping")
            future = self._loop.submit(self._ask(messages, params))
            self._in_flight.add(future)
        try:
            completion = future.result()
        except concurrent.futures.CancelledError:
            raise StopCousin("not answered: the run is stopping") from None
        finally:
            with self._lock:
                self._in_flight.discard(future)
        self._count("fetched")
        entry = CachedAnswer(key=key, model=self.settings.model, messages=messages, params=params,
                             content=completion.content, reasoning=completion.field_reasoning,
                             finish_reason=completion.finish_reason, usage=completion.usage)
        self.cache.put(entry)
        return entry

    def options(self, request: CousinRequest) -> DistractorOptions:
        """What a format distractor may be for this case (computed once per case)."""
        key = f"{request.case}\0{request.profile}"
        with self._lock:
            found = self._options.get(key)
        if found is None:
            found = distractor_options(request.layout, request.profile, request.settings or {})
            with self._lock:
                found = self._options.setdefault(key, found)
        return found

    def siblings(self, request: CousinRequest) -> list[Sibling]:
        """This kind's cousins kept so far in the family, as they were proposed."""
        case = str(request.case)
        with self._lock:
            found = [self._proposed.get((case, prompt)) for prompt in request.accepted[1:]]
        return [sibling for entry in found if entry is not None and entry[0] == request.kind
                for sibling in (entry[1],)]

    def _remember(self, request: CousinRequest, candidate: Candidate) -> None:
        sibling = kinds.get(request.kind).model_sibling(request, candidate)
        if sibling is None:
            return  # the family loop rejects it; no later sibling compares with it
        with self._lock:
            self._proposed[(str(request.case), candidate.prompt)] = (request.kind, sibling)

    def propose(self, request: CousinRequest) -> Candidate:
        """One candidate for `request` (the family loop filters it)."""
        kind = kinds.get(request.kind)
        plan = kind.model_plan(request, self.siblings(request), lambda: self.options(request))
        messages = build_messages(request, plan)
        entry = self.answer(messages, self.settings.request_params(request.seed))
        try:
            parsed = parse_answer(entry.content, finish_reason=entry.finish_reason,
                                  field_reasoning=entry.reasoning,
                                  need_distractor=plan.options is not None)
        except UnparseableAnswer:
            self._count("unparseable")
            raise
        candidate = kind.model_candidate(parsed, request, plan)
        problem = self.registry.problem(request.case, candidate.prompt)
        if problem:
            raise ComposeError(problem)
        candidate.detail = candidate.detail.updated(model=self.settings.model, request=entry.key)
        self._remember(request, candidate)
        return candidate

    def settle(self, result: FamilyResult, rerun: Callable[[Case], tuple[list[Variant], list[Any]]],
               cases: dict[str, Case]) -> FamilyResult:
        """No prompt in two families: in input order, a family whose cousin an earlier family
        already has is generated again with those prompts taken (deterministic, since
        families settle in input order; cached answers make the rerun cheap)."""
        if not cross_family(result.variants):
            return result
        by_case: dict[str, list[Variant]] = {}
        for variant in result.variants:
            by_case.setdefault(str(variant.case), []).append(variant)
        failures = {str(case): [failure for failure in result.failures
                                if str(failure.case) == str(case)] for case in result.cases}
        owner: dict[str, str] = {}
        for case in map(str, result.cases):
            variants = by_case.get(case, [])
            if any(owner.get(variant.prompt, case) != case for variant in variants):
                self.registry.taken = dict(owner)
                variants, failures[case] = rerun(cases[case])
                by_case[case] = variants
            for variant in variants:
                owner.setdefault(variant.prompt, case)
        self.registry.taken = {}
        return result.model_copy(update={
            "variants": [variant for case in map(str, result.cases)
                         for variant in by_case.get(case, [])],
            "failures": [failure for case in map(str, result.cases)
                         for failure in failures[case]]})


def generate_families_llm(cases: Iterable[Union[Case, Variant, dict[str, Any]]],
                          settings: LLMSettings, *, seed: int = 0, per_kind: int = 3,
                          kinds: Sequence[Kind] = COUSIN_KINDS, profile: Profile = "official",
                          min_distance: float = DEFAULT_MIN_DISTANCE,
                          max_attempts: int = LLM_MAX_ATTEMPTS,
                          validator: Optional[Validator] = None,
                          progress: Optional[Callable[[int], None]] = None,
                          distractor_style: str = "format", reconfigure: str = "harder",
                          http_client: Optional[Any] = None, transport: Optional[Any] = None,
                          api_key: Optional[str] = None,
                          sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
                          ) -> LLMFamilyResult:
    """`generate_families` with candidates written by the model in `settings`.

    Raises EndpointFatalError when the endpoint refuses every request.
    """
    items = [case_key(case) for case in cases
             if not (isinstance(case, Variant) and case.kind != "original")]
    if validator is None:
        base, name = load_validator(profile)
    else:
        base, name = validator, getattr(validator, "__name__", "custom")
    strict = strict_validator(base)
    strict.__name__ = f"{name} (strict for model cousins)"
    backend = LLMBackend(settings, http_client=http_client, transport=transport,
                         api_key=api_key, sleep=sleep)
    for key, case in items:
        backend.registry.add_original(key, case.prompt)
    options = dict(seed=seed, per_kind=per_kind, profile=profile, min_distance=min_distance,
                   max_attempts=max_attempts, validator=strict,
                   distractor_style=distractor_style, reconfigure=reconfigure)
    with backend:
        cousin_backend = backend.cousin_backend()
        result = generate_families([case for _, case in items], kinds=kinds, progress=progress,
                                   backend=cousin_backend, **options)
        run_settings = seen_settings(case for _, case in items)

        def rerun(case: Case) -> tuple[list[Variant], list[Any]]:
            return generate_family(case, kinds=result.kinds, version=result.version,
                                   backend=cousin_backend, settings=run_settings, **options)

        result = backend.settle(result, rerun, {str(key): case for key, case in items})
    return LLMFamilyResult(**dict(result), settings=settings, stats=backend.stats)


def llm_manifest(result: LLMFamilyResult, *, input_path: Path, input_sha256: str,
                 output_path: Path, output_sha256: str) -> dict[str, Any]:
    """The family manifest, naming the backend and the model protocol (no request counts or
    timestamps, so a cached rerun writes the same bytes)."""
    manifest = family_manifest(result, input_path=input_path, input_sha256=input_sha256,
                               output_path=output_path, output_sha256=output_sha256)
    manifest["llm"] = result.settings.protocol()
    return manifest
