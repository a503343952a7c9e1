"""kill -9 during `ifevalpp respond`, then resume: every (key, sample) present exactly once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from respond_fakes import Delayed, FakeServer, write_cases

ROOT = Path(__file__).resolve().parents[2]
PROMPTS, SAMPLES = 60, 2


def start_respond(cases: Path, url: str, out: Path) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-c", "from ifevalpp.cli import main; main()", "respond",
               str(cases), "--model", "fake", "--base-url", url, "--out", str(out),
               "--samples", str(SAMPLES), "--concurrency", "4", "--no-progress"]
    environment = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(command, cwd=ROOT, env=environment, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)


def line_count(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def kill_when(process: subprocess.Popen[bytes], responses: Path, lines: int) -> None:
    """SIGKILL once the file holds at least `lines` lines (the run is mid-flight then)."""
    deadline = time.monotonic() + 20
    while line_count(responses) < lines:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "respond made no progress"
        time.sleep(0.01)
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=10)


def test_kill_9_mid_run_then_resume_loses_nothing_and_duplicates_nothing(tmp_path: Path) -> None:
    cases = write_cases(tmp_path / "cases.jsonl", PROMPTS)
    out = tmp_path / "run"
    responses = out / "responses.jsonl"
    with FakeServer(Delayed(0.05)) as server:
        kill_when(start_respond(cases, server.url, out), responses, 10)
        first_kill = line_count(responses)
        kill_when(start_respond(cases, server.url, out), responses, first_kill + 20)
        assert line_count(responses) < PROMPTS * SAMPLES, "the run finished before the kill"
        final = start_respond(cases, server.url, out)
        stdout, stderr = final.communicate(timeout=60)
        assert final.returncode == 0, stderr.decode()
        asked = len(server.requests)

    lines = responses.read_text().splitlines()
    pairs = Counter((json.loads(line)["key"], json.loads(line)["sample"]) for line in lines)
    expected = {(f"{number}:original:0", sample) for number in range(1000, 1000 + PROMPTS)
                for sample in range(SAMPLES)}
    assert set(pairs) == expected
    assert set(pairs.values()) == {1}
    assert all(json.loads(line)["error"] is None for line in lines)
    # Requests lost to the kills were asked again, and nothing else was.
    assert asked >= PROMPTS * SAMPLES
    manifest = json.loads((out / "manifest.json").read_text())
    assert len(manifest["sessions"]) == 3
    assert manifest["sessions"][0]["finished_at"] is None  # killed sessions never finish
    assert manifest["sessions"][2]["finished_at"] is not None
    assert b"done" in stdout


def test_sigterm_stops_cleanly_with_a_summary_and_a_finished_session(tmp_path: Path) -> None:
    cases = write_cases(tmp_path / "cases.jsonl", PROMPTS)
    out = tmp_path / "run"
    with FakeServer(Delayed(0.05)) as server:
        process = start_respond(cases, server.url, out)
        deadline = time.monotonic() + 20
        while line_count(out / "responses.jsonl") < 5 and time.monotonic() < deadline:
            time.sleep(0.01)
        process.send_signal(signal.SIGTERM)
        stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 1, stderr.decode()
    assert b"stopped early: SIGTERM" in stdout
    assert b"rerun the same command to resume" in stdout
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["sessions"][0]["finished_at"] is not None
    written = len((out / "responses.jsonl").read_text().splitlines())
    assert manifest["sessions"][0]["counts"]["done"] == written
