"""Before a run: ask each endpoint for `/models`, so a dead or misconfigured server fails in seconds.

Without the probe, a closed port costs every request its full retry budget
(six attempts with backoff): minutes per prompt, hours for a family file. The
probe sends one cheap GET per replica with a short timeout:

* no connection (refused, reset, unknown host, no answer within the timeout):
  the replica is left out of the run; when none answers the run stops at once
  with `EndpointUnreachable`, naming every URL and why;
* 401 / 403: the key is wrong; `EndpointFatalError`, as a request would raise;
* any other answer (also 404 from a server without `/models`): the server is up;
  when it lists its models and ours is not among them, the run is refused with
  `ModelNotListed` (a single-model server such as llama.cpp answers any name with its
  one model, so a misspelt name would be recorded as the model), unless the caller
  allows unlisted names: then a notice says so.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Optional

import openai

from ..errors import IfevalppError
from .client import ChatClient, Endpoint
from .retry import EndpointFatalError

PROBE_TIMEOUT_S = 10.0


class EndpointUnreachable(IfevalppError):
    """No endpoint accepts connections: the server is not running, or --base-url is wrong."""


class ModelNotListed(IfevalppError):
    """The server lists its models and the requested one is not among them."""


@dataclass
class EndpointStatus:
    base_url: str
    up: bool
    reason: str = ""
    models: Optional[list[str]] = None   # what /models listed, when it answered with a list


@dataclass
class ProbeResult:
    statuses: list[EndpointStatus] = field(default_factory=list)

    @property
    def up(self) -> list[str]:
        return [status.base_url for status in self.statuses if status.up]

    def unlisted(self, model: str) -> list[EndpointStatus]:
        """The replicas that answer, list their models, and do not list `model`."""
        return [status for status in self.statuses
                if status.up and status.models is not None and model not in status.models]

    def refuse_unlisted(self, model: str) -> None:
        """Raise ModelNotListed naming what each such replica lists."""
        unlisted = self.unlisted(model)
        if not unlisted:
            return
        where = "; ".join(f"{status.base_url} lists {_listed(status.models or [])}"
                          for status in unlisted)
        raise ModelNotListed(f"the server does not serve model {model!r} ({where}); give one "
                             f"of those to --model, or --allow-unlisted-model to send the name "
                             f"anyway (nothing was asked)")

    def notices(self, model: str) -> list[str]:
        """One line per replica that is down or does not list `model`."""
        lines = []
        for status in self.statuses:
            if not status.up:
                lines.append(f"{status.base_url} does not answer ({status.reason}); it is left "
                             f"out of this run")
            elif status.models is not None and model not in status.models:
                lines.append(f"{status.base_url} does not list model {model!r} (it lists: "
                             f"{_listed(status.models)}); requests may fail")
        return lines


def _listed(models: list[str]) -> str:
    return (", ".join(repr(name) for name in models[:5]) + (" …" if len(models) > 5 else "")
            if models else "nothing")


def _cause(exc: BaseException) -> str:
    cause = exc.__cause__ or exc.__context__
    if isinstance(exc, openai.APITimeoutError):
        return "no answer within the probe timeout"
    return f"{type(cause).__name__}: {cause}" if cause is not None else str(exc)


async def probe_endpoint(endpoint: Endpoint, *, timeout_s: float) -> EndpointStatus:
    """GET /models on one replica (no retries); see the module doc for what each outcome means."""
    client = endpoint.client.with_options(timeout=timeout_s, max_retries=0)
    try:
        page = await client.models.list()
    except openai.APIConnectionError as exc:  # APITimeoutError included
        return EndpointStatus(endpoint.base_url, up=False, reason=_cause(exc))
    except openai.APIStatusError as exc:
        if exc.status_code in (401, 403):
            raise EndpointFatalError(
                f"{endpoint.base_url} refused the API key (HTTP {exc.status_code} on /models); "
                f"check --api-key-env and the key it names") from None
        return EndpointStatus(endpoint.base_url, up=True, reason=f"HTTP {exc.status_code}")
    except Exception as exc:  # an odd body still proves the server is there
        return EndpointStatus(endpoint.base_url, up=True, reason=f"{type(exc).__name__}")
    models = [item.id for item in getattr(page, "data", None) or [] if getattr(item, "id", None)]
    return EndpointStatus(endpoint.base_url, up=True, models=models)


async def probe(client: ChatClient, *, timeout_s: float = PROBE_TIMEOUT_S) -> ProbeResult:
    """Probe every replica at once; raise EndpointUnreachable when none answers."""
    statuses = await asyncio.gather(*(probe_endpoint(endpoint, timeout_s=timeout_s)
                                      for endpoint in client.pool.endpoints))
    result = ProbeResult(list(statuses))
    if not result.up:
        detail = "; ".join(f"{status.base_url} ({status.reason})" for status in statuses)
        raise EndpointUnreachable(f"no endpoint answers: {detail}. Is the server running, and "
                                  f"is --base-url right (scheme, host, port, /v1)?")
    return result


__all__ = ["EndpointStatus", "EndpointUnreachable", "ModelNotListed", "ProbeResult", "probe", "probe_endpoint"]
