"""Fixtures for `respond` tests: a scripted fake server, a small input file, a fast config."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from respond_fakes import FakeServer, write_cases  # noqa: E402

from ifevalpp.respond import RespondConfig, RetryPolicy  # noqa: E402

# Tiny backoff so retry tests take milliseconds; tests that need a real wait say so.
FAST_RETRY = RetryPolicy(max_attempts=3, backoff_base_s=0.001, backoff_max_s=0.01)


@pytest.fixture
def server() -> Iterator[FakeServer]:
    with FakeServer() as fake:
        yield fake


@pytest.fixture
def cases(tmp_path: Path) -> Path:
    return write_cases(tmp_path / "cases.jsonl", 4)


@pytest.fixture
def make_config(tmp_path: Path, cases: Path) -> Callable[..., RespondConfig]:
    """A RespondConfig for `urls` with fast retries; keyword arguments override any field."""

    def build(*urls: str, **overrides: Any) -> RespondConfig:
        fields: dict[str, Any] = {
            "inputs": [cases], "out_dir": tmp_path / "run", "model": "fake",
            "base_urls": list(urls), "retry": FAST_RETRY, "timeout_s": 5.0,
            "concurrency": 4, "flush_interval_s": 0.05,
        }
        fields.update(overrides)
        return RespondConfig(**fields)

    return build
