"""Shared fixtures: where the IFEval reference data is (if CI pointed us at it)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def _env_path(name: str) -> Path | None:
    value = os.environ.get(name)
    return Path(value) if value else None


@pytest.fixture(scope="session")
def reference_dir() -> Path:
    """The directory with the official evaluator's outputs (IFEVALPP_REFERENCE_DIR)."""
    path = _env_path("IFEVALPP_REFERENCE_DIR")
    if path is None or not (path / "gpt4_official_strict.jsonl").exists():
        pytest.skip("IFEval reference data not available: set IFEVALPP_REFERENCE_DIR to a "
                    "directory with gpt4_official_{strict,loose}.jsonl (.ci/run points it at "
                    "../shared/ifeval)")
    return path


@pytest.fixture(scope="session")
def original_path() -> Path:
    """The GitHub release of the 541 IFEval cases (IFEVALPP_ORIGINAL)."""
    path = _env_path("IFEVALPP_ORIGINAL")
    if path is None or not path.exists():
        pytest.skip("IFEval original not available: set IFEVALPP_ORIGINAL to input_data.jsonl "
                    "(.ci/run points it at ../shared/ifeval/input_data.jsonl)")
    return path


@pytest.fixture(scope="session")
def original_fixed_path() -> Path:
    """The IFEval++ authors' hand-fixed copy, assets/ifeval_original_fix.jsonl of
    jianshuod/IFEval-pp (IFEVALPP_ORIGINAL_FIXED): CI has no network, so it is opt-in."""
    path = _env_path("IFEVALPP_ORIGINAL_FIXED")
    if path is None or not path.exists():
        pytest.skip("IFEval++'s fixed original not available: set IFEVALPP_ORIGINAL_FIXED to "
                    "a copy of ifeval_original_fix.jsonl (sha256 6ff92d8a…; "
                    "`ifevalpp fetch --revision ifevalpp-fixed` downloads it)")
    return path


@pytest.fixture(scope="session")
def ifbench_dir() -> Path:
    """IFBench's test set, sample responses and its evaluator's verdicts at db69a6f
    (IFEVALPP_IFBENCH_DIR)."""
    path = _env_path("IFEVALPP_IFBENCH_DIR")
    needed = ("IFBench_test.jsonl", "sample_output.jsonl", "ifbench_sample_strict.jsonl",
              "ifbench_sample_loose.jsonl")
    if path is None or not all((path / name).exists() for name in needed):
        pytest.skip("IFBench reference data not available: set IFEVALPP_IFBENCH_DIR to a "
                    "directory with " + ", ".join(needed) + " (.ci/run points it at "
                    "../shared/ifbench)")
    return path


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path_factory: pytest.TempPathFactory,
                     monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own empty IFEVALPP_DATA: none reads or writes the user's data dir."""
    path = tmp_path_factory.mktemp("ifevalpp-data")
    monkeypatch.setenv("IFEVALPP_DATA", str(path))
    return path
