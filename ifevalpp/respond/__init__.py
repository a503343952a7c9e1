"""Collect model answers from any OpenAI-compatible endpoint: concurrent, retried, resumable.

    from ifevalpp.respond import RespondConfig, respond, latest_records
    summary = respond(RespondConfig(inputs=[...], out_dir=Path("runs/x"), model="m",
                                    base_urls=["http://localhost:8000/v1"]))
    answers = latest_records("runs/x/responses.jsonl")   # last record per (key, sample)

`responses.jsonl` is append-only: read it with `latest_records`, never line by line.
"""

from __future__ import annotations

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
