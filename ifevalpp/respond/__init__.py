"""Collect model answers from any OpenAI-compatible endpoint: concurrent, retried, resumable.

    from ifevalpp.respond import RespondConfig, respond, latest_records
    summary = respond(RespondConfig(inputs=[...], out_dir=Path("runs/x"), model="m",
                                    base_urls=["http://localhost:8000/v1"]))
    answers = latest_records("runs/x/responses.jsonl")   # last record per (key, sample)

`responses.jsonl` is append-only: read it with `latest_records`, never line by line.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# Each public name -> the module that defines it. The package loads a module when one of its
# names is first asked for, so that `ifevalpp --help` or a command that only names respond's
# defaults does not load the HTTP client and openai (most of a second).
_HOMES = {
    "ReasoningHandling": "..reasoning", "split_reasoning": "..reasoning",
    "ChatClient": ".client", "Completion": ".client",
    "DEFAULT_API_KEY_ENV": ".config", "DUMMY_API_KEY": ".config", "RespondConfig": ".config",
    "RetryPolicy": ".config", "SamplingParams": ".config",
    "RunDirectoryBusy": ".lock",
    "ProtocolMismatch": ".manifest", "RunManifest": ".manifest", "load_manifest": ".manifest",
    "EndpointUnreachable": ".probe",
    "ConsoleProgress": ".progress", "Progress": ".progress",
    "latest_records": ".records",
    "EndpointFatalError": ".retry", "with_retries": ".retry",
    "respond": ".run", "respond_async": ".run",
    "RunSummary": ".summary", "Tally": ".summary", "format_summary": ".summary",
}

if TYPE_CHECKING:
    from ..reasoning import ReasoningHandling, split_reasoning
    from .client import ChatClient, Completion
    from .config import (DEFAULT_API_KEY_ENV, DUMMY_API_KEY, RespondConfig,
                         RetryPolicy, SamplingParams)
    from .lock import RunDirectoryBusy
    from .manifest import ProtocolMismatch, RunManifest, load_manifest
    from .probe import EndpointUnreachable
    from .progress import ConsoleProgress, Progress
    from .records import latest_records
    from .retry import EndpointFatalError, with_retries
    from .run import respond, respond_async
    from .summary import RunSummary, Tally, format_summary


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOMES))


__all__ = [
    "ChatClient",
    "Completion",
    "ConsoleProgress",
    "DEFAULT_API_KEY_ENV",
    "DUMMY_API_KEY",
    "EndpointFatalError",
    "EndpointUnreachable",
    "Progress",
    "ProtocolMismatch",
    "ReasoningHandling",
    "RespondConfig",
    "RetryPolicy",
    "RunDirectoryBusy",
    "RunManifest",
    "RunSummary",
    "SamplingParams",
    "Tally",
    "format_summary",
    "latest_records",
    "load_manifest",
    "respond",
    "respond_async",
    "split_reasoning",
    "with_retries",
]
