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

import pytest
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
    assert [session["ended"] for session in manifest["sessions"]] == ["killed", "killed",
                                                                      "completed"]
    written = Counter(json.loads(line)["session"] for line in lines)
    assert [session["counts"]["answered"] for session in manifest["sessions"]] == \
        [written[1], written[2], written[3]]
    assert manifest["sessions"][2]["finished_at"] is not None
    assert manifest["finished_at"] == manifest["sessions"][2]["finished_at"]
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
    assert manifest["sessions"][0]["ended"] == "SIGTERM"
    assert manifest["finished_at"] is None  # the run is not finished: pairs are missing
    written = len((out / "responses.jsonl").read_text().splitlines())
    assert manifest["sessions"][0]["counts"]["answered"] == written


def summary_value(stdout: str, label: str) -> str:
    line = next(line for line in stdout.splitlines() if line.startswith(label))
    return line[len(label):].split()[0]


def test_an_interrupted_and_resumed_run_records_every_session_truthfully(tmp_path: Path) -> None:
    """Ctrl-C midway, then resume: the manifest counts what each session wrote, says how it
    ended, and the summary's rate is answers / wall time (not pairs queued / wall time)."""
    cases = write_cases(tmp_path / "cases.jsonl", PROMPTS)
    out = tmp_path / "run"
    responses = out / "responses.jsonl"
    with FakeServer(Delayed(0.1)) as server:
        first = start_respond(cases, server.url, out)
        deadline = time.monotonic() + 30
        while line_count(responses) < 30:
            assert first.poll() is None and time.monotonic() < deadline
            time.sleep(0.01)
        first.send_signal(signal.SIGINT)
        stdout_1, stderr_1 = first.communicate(timeout=30)
        second = start_respond(cases, server.url, out)
        stdout_2, stderr_2 = second.communicate(timeout=120)
    assert first.returncode == 1, stderr_1.decode()
    assert second.returncode == 0, stderr_2.decode()
    lines = [json.loads(line) for line in responses.read_text().splitlines()]
    written = Counter(line["session"] for line in lines)
    manifest = json.loads((out / "manifest.json").read_text())
    one, two = manifest["sessions"]
    assert (one["number"], one["ended"], two["number"], two["ended"]) == \
        (1, "SIGINT", 2, "completed")
    assert one["counts"]["planned"] == PROMPTS * SAMPLES
    assert one["counts"]["answered"] == written[1] < PROMPTS * SAMPLES
    assert written[1] <= one["counts"]["asked"] <= written[1] + 4  # + the requests in flight
    assert two["counts"]["planned"] == two["counts"]["answered"] == written[2]
    assert written[1] + written[2] == PROMPTS * SAMPLES == len(lines)
    assert manifest["finished_at"] == two["finished_at"] is not None
    for stdout, session in ((stdout_1.decode(), 1), (stdout_2.decode(), 2)):
        done = int(summary_value(stdout, "done").replace(",", ""))
        wall = float(summary_value(stdout, "wall time").rstrip("s").replace(",", ""))
        rate = float(summary_value(stdout, "answers/s").rstrip("/s").replace(",", ""))
        assert done == written[session]
        assert rate == pytest.approx(done / wall, rel=0.05)
