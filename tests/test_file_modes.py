"""Every file ifevalpp writes has the mode the umask allows (atomic writes included)."""

from __future__ import annotations

import stat
import sys
from pathlib import Path

import pytest

from ifevalpp.io import atomic_write, write_json
from tests.helpers import SMALL_CASES, SMALL_RESPONSES, run_cli, write_lines

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")


def modes(directory: Path) -> dict[str, int]:
    return {str(path.relative_to(directory)): stat.S_IMODE(path.stat().st_mode)
            for path in directory.rglob("*") if path.is_file() and path.name != ".respond.lock"}


# Each umask costs three CLI processes (about 4 s); the default run keeps the one that differs
# most from the usual 022 (a fixed mode, or one umask hard-coded, fails it).
@pytest.mark.parametrize("umask, expected", [
    pytest.param(0o022, 0o644, marks=pytest.mark.slow), (0o077, 0o600),
    pytest.param(0o002, 0o664, marks=pytest.mark.slow)])
def test_score_generate_and_fetch_outputs_follow_the_umask(tmp_path, umask, expected):
    cases = write_lines(tmp_path / "cases.jsonl", SMALL_CASES)
    responses = write_lines(tmp_path / "r.jsonl", SMALL_RESPONSES)
    out = tmp_path / "out"
    env = {"IFEVALPP_DATA": str(out / "data")}
    assert run_cli("score", str(responses), "--input", str(cases), "--bootstrap", "0",
                   "--out", str(out / "scored"), umask=umask).returncode == 0
    assert run_cli("generate-families", "--original", str(cases), "--out",
                   str(out / "families" / "f.jsonl"), "--no-progress",
                   umask=umask).returncode == 0
    assert run_cli("fetch", "--revision", "hf", "--from", str(cases), env=env,
                   umask=umask).returncode == 0
    written = modes(out)
    assert {"scored/metrics.json", "scored/results.jsonl", "scored/report.html",
            "scored/eval_results_strict.jsonl", "families/f.jsonl", "families/f.manifest.json",
            "data/original/hf.jsonl", "data/original/fetched.json"} <= set(written)
    assert {name: mode for name, mode in written.items() if mode != expected} == {}


def test_an_atomic_write_keeps_the_mode_of_the_file_it_replaces(tmp_path):
    target = tmp_path / "kept.json"
    write_json(target, {"a": 1})
    target.chmod(0o640)
    with atomic_write(target) as handle:
        handle.write("{}\n")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
