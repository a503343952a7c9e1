"""Talk to one or more OpenAI-compatible replicas through the official `openai` client.

Each request goes to the replica with the fewest requests in flight (ties in
turn), so a slow replica gets less work and a fast one more. The HTTP client
is injectable: pass an `httpx.AsyncClient` / `httpx2.AsyncClient` (whatever the
installed openai accepts) or an async transport of either, e.g.
`httpx.MockTransport`, to run without a network.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import time
from types import ModuleType
from typing import Any, Iterator, Optional, Union

import httpx
import openai
from pydantic import BaseModel, ConfigDict, ValidationError

from .retry import MalformedAnswer


class Completion(BaseModel):
    """The parts of a chat completion that a response record keeps."""

    model_config = ConfigDict(frozen=True)

    content: Optional[str]
    field_reasoning: Optional[str]
    finish_reason: Optional[str]
    usage: Optional[dict[str, Any]]
    model: Optional[str] = None  # the model id the server says answered (may differ from asked)


class _Message(BaseModel):
    model_config = ConfigDict(extra="allow")

    content: Union[str, list[dict[str, Any]], None] = None


class _Choice(BaseModel):
    model_config = ConfigDict(extra="ignore")

    message: _Message
    finish_reason: Optional[str] = None


class _Body(BaseModel):
    model_config = ConfigDict(extra="ignore")

    choices: list[_Choice]
    usage: Optional[dict[str, Any]] = None
    model: Optional[str] = None


def _text_of(content: Union[str, list[dict[str, Any]], None]) -> Optional[str]:
    """Content as text; a list of parts (some servers) is joined from its text parts."""
    if content is None or isinstance(content, str):
        return content
    return "".join(str(part.get("text", "")) for part in content if part.get("type") == "text")


def parse_completion(body: bytes, reasoning_fields: tuple[str, ...]) -> Completion:
    """Validate a chat-completion body; anything unusable raises MalformedAnswer."""
    try:
        parsed = _Body.model_validate_json(body)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ()))
        raise MalformedAnswer(f"{first.get('msg', 'invalid body')}"
                              + (f" at {where}" if where else "")) from None
    if not parsed.choices:
        raise MalformedAnswer("no choices in the answer")
    choice = parsed.choices[0]
    extra = choice.message.model_extra or {}
    reasoning: Optional[str] = None
    for name in reasoning_fields:
        value = extra.get(name)
        if value:
            reasoning = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
            break
    return Completion(content=_text_of(choice.message.content), field_reasoning=reasoning,
                      finish_reason=choice.finish_reason, usage=parsed.usage,
                      model=parsed.model or None)


class Endpoint:
    """One replica: its openai client, how busy it is, and whether it still answers."""

    def __init__(self, base_url: str, client: openai.AsyncOpenAI) -> None:
        self.base_url = base_url
        self.client = client
        self.in_flight = 0
        self.requests = 0
        # Attempts in a row that could not reach the server (refused, reset, DNS), and since when.
        self.connection_failures = 0
        self.failing_since: Optional[float] = None
        self.last_failure: Optional[str] = None

    def answered(self) -> None:
        """The server answered (any HTTP status): it is up."""
        self.connection_failures = 0
        self.failing_since = None

    def unreachable(self, reason: str) -> None:
        if self.failing_since is None:
            self.failing_since = time.monotonic()
        self.connection_failures += 1
        self.last_failure = reason

    def down(self, *, after: int, grace_s: float, now: Optional[float] = None) -> bool:
        """At least `after` attempts in a row failed to connect, over at least `grace_s` seconds."""
        if self.failing_since is None or self.connection_failures < after:
            return False
        return (time.monotonic() if now is None else now) - self.failing_since >= grace_s


class EndpointPool:
    """Pick the least-busy replica; break ties by turning round the list."""

    def __init__(self, endpoints: list[Endpoint]) -> None:
        if not endpoints:
            raise ValueError("at least one endpoint is needed")
        self.endpoints = endpoints
        self._turn = 0

    def pick(self) -> Endpoint:
        count = len(self.endpoints)
        best: Optional[Endpoint] = None
        for offset in range(count):
            candidate = self.endpoints[(self._turn + offset) % count]
            if best is None or candidate.in_flight < best.in_flight:
                best = candidate
        self._turn = (self._turn + 1) % count
        assert best is not None
        return best

    def all_down(self, *, after: int, grace_s: float, now: Optional[float] = None) -> bool:
        """Every replica has stopped accepting connections (see `Endpoint.down`)."""
        return all(endpoint.down(after=after, grace_s=grace_s, now=now)
                   for endpoint in self.endpoints)

    def keep(self, base_urls: list[str]) -> None:
        """Route requests only to `base_urls` (the replicas a probe found answering)."""
        kept = [endpoint for endpoint in self.endpoints if endpoint.base_url in base_urls]
        if not kept:
            raise ValueError("at least one endpoint is needed")
        self.endpoints = kept
        self._turn = 0

    @contextlib.contextmanager
    def lease(self) -> Iterator[Endpoint]:
        endpoint = self.pick()
        endpoint.in_flight += 1
        endpoint.requests += 1
        try:
            yield endpoint
        finally:
            endpoint.in_flight -= 1


def native_http_module() -> ModuleType:
    """The httpx flavour the installed openai client is built on: httpx2 from openai 3, else httpx.

    The native flavour matters for speed: httpx2's connection pool assigns
    requests in linear time, where legacy httpcore rescans every connection for
    every queued request (quadratic at concurrency 64).
    """
    for cls in getattr(openai, "DefaultAsyncHttpxClient", httpx.AsyncClient).__mro__:
        root = cls.__module__.split(".")[0]
        if cls.__name__ == "AsyncClient" and root in ("httpx", "httpx2"):
            return importlib.import_module(root)
    return httpx


def build_http_client(concurrency: int, timeout_s: float,
                      transport: Optional[Any] = None) -> Any:
    """One connection pool sized to the concurrency, so no request waits for a socket.

    A given transport decides the flavour (an `httpx` transport gets an
    `httpx.AsyncClient`, an `httpx2` one an `httpx2.AsyncClient`); without one
    the openai client's native flavour is used.
    """
    module: ModuleType = native_http_module()
    if transport is not None:
        module = importlib.import_module(type(transport).__module__.split(".")[0])
        if module.__name__ not in ("httpx", "httpx2"):
            module = httpx
    limits = module.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    return module.AsyncClient(transport=transport, limits=limits,
                              timeout=module.Timeout(timeout_s))


class ChatClient:
    """Send one chat completion to the next replica and return the parsed answer."""

    def __init__(self, base_urls: list[str], *, model: str, api_key: str, timeout_s: float,
                 concurrency: int, reasoning_fields: tuple[str, ...],
                 http_client: Optional[Any] = None, transport: Optional[Any] = None) -> None:
        self.model = model
        # Model ids the server named in its answers, first seen first: a server may answer a
        # name it does not serve with another model, and the manifest must say which.
        self.served_models: dict[str, int] = {}
        self.timeout_s = timeout_s
        self.reasoning_fields = reasoning_fields
        self._owns_http = http_client is None
        self._http = http_client or build_http_client(concurrency, timeout_s, transport)
        self.pool = EndpointPool([
            Endpoint(url, openai.AsyncOpenAI(base_url=url, api_key=api_key, max_retries=0,
                                             timeout=timeout_s, http_client=self._http))
            for url in base_urls])

    async def complete(self, messages: list[dict[str, str]],
                       kwargs: dict[str, Any]) -> tuple[Completion, str]:
        """One attempt; returns the answer and the base URL that gave it. Errors propagate."""
        with self.pool.lease() as endpoint:
            try:
                raw = await endpoint.client.chat.completions.with_raw_response.create(
                    model=self.model, messages=messages, **kwargs)  # type: ignore[arg-type]  # messages are plain dicts, which the openai client accepts
                body = raw.http_response.content
            except openai.APITimeoutError:
                raise  # slow is not down: a busy server times out and still answers later
            except openai.APIConnectionError as exc:
                cause = exc.__cause__ or exc.__context__
                endpoint.unreachable(f"{type(cause).__name__}: {cause}" if cause is not None
                                     else str(exc))
                raise
            except openai.APIStatusError:
                endpoint.answered()
                raise
            endpoint.answered()
        completion = parse_completion(body, self.reasoning_fields)
        if completion.model:
            self.served_models[completion.model] = self.served_models.get(completion.model, 0) + 1
        return completion, endpoint.base_url

    async def aclose(self) -> None:
        if self._owns_http:
            await self._http.aclose()
