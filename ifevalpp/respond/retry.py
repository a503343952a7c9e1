"""Which failures are worth another try, how long to wait, and the bounded retry loop.

The openai client's own retries are switched off (max_retries=0) so this is
the only place that decides: one policy, one attempt count in each record.
"""

from __future__ import annotations

import asyncio
import email.utils
import math
import random
import time
from dataclasses import dataclass
from typing import Awaitable, Callable, Generic, Mapping, Optional, TypeVar

import openai

from ..errors import IfevalppError
from .config import RetryPolicy

T = TypeVar("T")

# Worth retrying: the server is busy, restarting or briefly confused.
RETRYABLE_STATUS = frozenset({408, 409, 425, 429})
# Retrying cannot help and every other request will fail the same way: stop the run.
FATAL_STATUS = frozenset({401, 403, 404})


class MalformedAnswer(Exception):
    """A 200 whose body is not a usable chat completion (bad JSON, no choices, no message)."""


class EndpointFatalError(IfevalppError):
    """The endpoint refuses every request (bad key, unknown model or path): the run stops."""


@dataclass(frozen=True)
class Failure:
    """One failed attempt, reduced to what the retry loop and the record need."""

    message: str
    retryable: bool
    fatal: bool = False
    retry_after_s: Optional[float] = None


def parse_retry_after(headers: Mapping[str, str], *, now: Optional[float] = None) -> Optional[float]:
    """Seconds to wait from `retry-after-ms`, or `retry-after` as seconds or an HTTP date."""
    milliseconds = headers.get("retry-after-ms")
    if milliseconds is not None:
        try:
            value = float(milliseconds) / 1000.0
            if math.isfinite(value) and value >= 0:
                return value
        except ValueError:
            pass
    raw = headers.get("retry-after")
    if raw is None:
        return None
    raw = raw.strip()
    try:
        value = float(raw)
        return value if math.isfinite(value) and value >= 0 else None
    except ValueError:
        pass
    try:
        moment = email.utils.parsedate_to_datetime(raw)
    except (TypeError, ValueError, IndexError):
        return None
    if moment is None:
        return None
    current = time.time() if now is None else now
    return max(0.0, moment.timestamp() - current)


def _short(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def classify(exc: BaseException, *, timeout_s: Optional[float] = None) -> Failure:
    """Map an exception from one attempt to a Failure; unknown exceptions are not retried."""
    if isinstance(exc, MalformedAnswer):
        return Failure(f"malformed answer: {exc}", retryable=True)
    if isinstance(exc, openai.APITimeoutError):
        after = f" after {timeout_s:g} s" if timeout_s is not None else ""
        return Failure(f"timeout{after}", retryable=True)
    if isinstance(exc, openai.APIConnectionError):
        cause = exc.__cause__ or exc.__context__
        detail = f"{type(cause).__name__}: {cause}" if cause is not None else str(exc)
        return Failure(_short(f"connection error: {detail}"), retryable=True)
    if isinstance(exc, openai.APIStatusError):
        status = exc.status_code
        try:
            body = exc.response.text
        except Exception:  # a body that cannot be decoded still deserves a status line
            body = ""
        message = _short(f"HTTP {status}: {body or exc.message}")
        retry_after = parse_retry_after(exc.response.headers)
        if status in FATAL_STATUS:
            return Failure(message, retryable=False, fatal=True)
        retryable = status in RETRYABLE_STATUS or status >= 500
        return Failure(message, retryable=retryable, retry_after_s=retry_after)
    return Failure(_short(f"{type(exc).__name__}: {exc}"), retryable=False)


def backoff_delay(attempt: int, policy: RetryPolicy, rng: random.Random,
                  retry_after_s: Optional[float] = None) -> float:
    """Seconds to sleep after failed attempt number `attempt` (1-based).

    Full jitter (uniform in [0, base·2^(attempt−1)], capped) spreads a burst of
    429s over time; a Retry-After raises the wait to at least what the server
    asked for, capped at `retry_after_max_s`.
    """
    ceiling = min(policy.backoff_max_s, policy.backoff_base_s * (2 ** (attempt - 1)))
    delay = rng.uniform(0.0, ceiling) if ceiling > 0 else 0.0
    if retry_after_s is not None:
        delay = max(delay, min(retry_after_s, policy.retry_after_max_s))
    return delay


@dataclass
class Attempted(Generic[T]):
    """The value of the first successful attempt, or the last failure; and how many attempts."""

    value: Optional[T]
    failure: Optional[Failure]
    attempts: int


async def with_retries(attempt: Callable[[int], Awaitable[T]], policy: RetryPolicy,
                       rng: random.Random, *, timeout_s: Optional[float] = None,
                       sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> Attempted[T]:
    """Call `attempt(n)` for n = 1, 2, … until it succeeds, fails for good or runs out of attempts.

    A fatal failure raises EndpointFatalError at once: asking again, or asking
    the next prompt, would only fail the same way.
    """
    failure: Optional[Failure] = None
    for number in range(1, policy.max_attempts + 1):
        try:
            return Attempted(await attempt(number), None, number)
        except Exception as exc:  # anything one request raises is that request's failure
            failure = classify(exc, timeout_s=timeout_s)
        if failure.fatal:
            raise EndpointFatalError(f"the endpoint refused the request ({failure.message}); "
                                     "check --base-url, --model and the API key")
        if not failure.retryable or number == policy.max_attempts:
            return Attempted(None, failure, number)
        await sleep(backoff_delay(number, policy, rng, failure.retry_after_s))
    raise AssertionError("unreachable: max_attempts >= 1")  # pragma: no cover
