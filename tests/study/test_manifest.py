"""study.json: answers of one GGUF are never silently mixed with another's under the same name."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from ifevalpp.embedded import ServedModel
from ifevalpp.errors import InputError
from ifevalpp.respond import ProtocolMismatch
from ifevalpp.study import StudyManifest, load_study_manifest
from ifevalpp.study.manifest import check_same_weights, save


def served(sha256: str) -> ServedModel:
    return ServedModel(name="tiny", path="/m/tiny.gguf", sha256=sha256, bytes=10,
                       server="xllamacpp", threads=1, slots=4, context_per_slot=2304)


def earlier(sha256: str) -> StudyManifest:
    return StudyManifest(model="tiny", embedded=served(sha256),
                         started_at=datetime(2026, 1, 1, tzinfo=timezone.utc))


def test_another_gguf_under_the_same_name_is_refused() -> None:
    with pytest.raises(ProtocolMismatch, match="holds answers of /m/tiny.gguf .*new --out"):
        check_same_weights(earlier("a" * 64), served("b" * 64), out_dir=Path("runs/x"),
                           has_responses=True, force=False)


@pytest.mark.parametrize("has_responses, force", [(False, False), (True, True)])
def test_no_answers_yet_or_force_lets_another_gguf_in(has_responses: bool, force: bool) -> None:
    check_same_weights(earlier("a" * 64), served("b" * 64), out_dir=Path("runs/x"),
                       has_responses=has_responses, force=force)


def test_the_same_gguf_resumes() -> None:
    check_same_weights(earlier("a" * 64), served("a" * 64), out_dir=Path("runs/x"),
                       has_responses=True, force=False)


def test_study_json_round_trips(tmp_path: Path) -> None:
    save(tmp_path / "study.json", earlier("c" * 64))
    assert load_study_manifest(tmp_path / "study.json") == earlier("c" * 64)
    assert load_study_manifest(tmp_path / "absent.json") is None


def test_a_damaged_study_json_is_named(tmp_path: Path) -> None:
    (tmp_path / "study.json").write_text("{not json")
    with pytest.raises(InputError, match=r"study.json, line 1: malformed JSON"):
        load_study_manifest(tmp_path / "study.json")
