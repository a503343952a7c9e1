"""Fixtures for `study` tests: small family files of our own, the scripted fake endpoint."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "respond"))  # respond_fakes: the fake OpenAI endpoint
sys.path.insert(0, str(HERE))

from study_helpers import write_families  # noqa: E402


@pytest.fixture
def families(tmp_path: Path) -> Path:
    """Four complete families of ten prompts (keys 3000-3003) and one of four (3004)."""
    return write_families(tmp_path / "families.jsonl", complete=4, partial=1)
