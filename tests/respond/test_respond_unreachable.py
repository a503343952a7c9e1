"""A dead endpoint fails a run in seconds: probed before the run, watched during it.

Timings are never asserted (the machine is shared); the guards are generous
timeouts, and the measured times go in the report.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Callable

import pytest
from respond_fakes import FakeServer, write_cases

from ifevalpp.respond import (EndpointFatalError, EndpointUnreachable, RespondConfig,
                              latest_records, respond)
from ifevalpp.respond.client import Endpoint, EndpointPool
from ifevalpp.respond.probe import ModelNotListed

ROOT = Path(__file__).resolve().parents[2]
FAKES = Path(__file__).resolve().parent / "respond_fakes.py"
CLOSED = "http://127.0.0.1:9/v1"  # the discard port: nothing listens there
MakeConfig = Callable[..., RespondConfig]


def run_cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-c", "from ifevalpp.cli import main; main()", *args]
    return subprocess.run(command, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                          capture_output=True, text=True, timeout=timeout)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(port: int, delay: float) -> subprocess.Popen[str]:
    """The fake server in its own process, so killing it is a real server death."""
    process = subprocess.Popen([sys.executable, str(FAKES), "--port", str(port),
                                "--delay", str(delay)], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None and "listening" in process.stdout.readline()
    return process


def line_count(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


# before the run ----------------------------------------------------------------------------

def test_a_closed_port_stops_the_cli_at_once_naming_the_url_and_leaves_no_directory(
        tmp_path: Path) -> None:
    cases = write_cases(tmp_path / "cases.jsonl", 20)
    out = tmp_path / "runs" / "dead"
    result = run_cli("respond", str(cases), "--model", "m", "--base-url", CLOSED,
                     "--out", str(out), "--no-progress")
    assert result.returncode == 2
    assert CLOSED in result.stderr and "no endpoint answers" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "runs").exists()


def test_the_541_cases_against_a_closed_port_stop_at_once(original_path: Path,
                                                          tmp_path: Path) -> None:
    result = run_cli("respond", str(original_path), "--model", "m", "--base-url", CLOSED,
                     "--out", str(tmp_path / "run"))
    assert result.returncode == 2 and CLOSED in result.stderr


def test_a_dead_replica_is_left_out_with_a_warning(server: FakeServer,
                                                   make_config: MakeConfig) -> None:
    heard: list[str] = []
    config = make_config(CLOSED, server.url)
    summary = respond(config, notify=heard.append)
    assert summary.complete and len(server.requests) == 4
    assert heard == [f"{CLOSED} does not answer (ConnectError: All connection attempts "
                     f"failed); it is left out of this run"]
    manifest = json.loads(config.manifest_path.read_text())
    assert manifest["sessions"][0]["endpoints"] == [server.url]


def test_a_key_the_server_refuses_stops_before_anything_is_written(
        server: FakeServer, make_config: MakeConfig) -> None:
    server.set_models_status(401)
    config = make_config(server.url)
    with pytest.raises(EndpointFatalError, match="refused the API key"):
        respond(config)
    assert len(server.requests) == 0 and not config.out_dir.exists()


def test_a_server_without_models_still_runs(server: FakeServer, make_config: MakeConfig) -> None:
    server.set_models_status(404)
    assert respond(make_config(server.url)).complete


def test_a_model_the_server_does_not_list_is_refused_before_any_request(
        server: FakeServer, make_config: MakeConfig) -> None:
    config = make_config(server.url, model="no-such-model-xyz")
    with pytest.raises(ModelNotListed, match="does not serve model 'no-such-model-xyz' .*"
                                             "lists 'fake'.*--allow-unlisted-model"):
        respond(config)
    assert len(server.requests) == 0 and not config.out_dir.exists()


def test_an_allowed_unlisted_model_is_warned_about(server: FakeServer,
                                                  make_config: MakeConfig) -> None:
    heard: list[str] = []
    config = make_config(server.url, model="other").model_copy(
        update={"allow_unlisted_model": True})
    respond(config, notify=heard.append)
    assert heard == [f"{server.url} does not list model 'other' (it lists: 'fake'); requests "
                     f"may fail"]


def test_the_manifest_records_the_model_the_server_answered_as(
        server: FakeServer, make_config: MakeConfig) -> None:
    config = make_config(server.url, model="other").model_copy(
        update={"allow_unlisted_model": True})
    respond(config)
    manifest = json.loads(config.manifest_path.read_text())
    assert (manifest["model"], manifest["served_model"]) == ("other", "fake")


def test_a_finished_run_is_not_probed_again(server: FakeServer, make_config: MakeConfig) -> None:
    respond(make_config(server.url))
    asked = server.models_asked
    respond(make_config(server.url))
    assert server.models_asked == asked


def test_no_answering_endpoint_raises_endpoint_unreachable(make_config: MakeConfig) -> None:
    with pytest.raises(EndpointUnreachable, match="127.0.0.1:9"):
        respond(make_config(CLOSED))


# during the run ----------------------------------------------------------------------------

def test_an_endpoint_is_down_after_n_failed_connections_over_the_grace_period() -> None:
    endpoint = Endpoint("http://x/v1", client=None)  # type: ignore[arg-type]
    for _ in range(4):
        endpoint.unreachable("refused")
    start = endpoint.failing_since
    assert start is not None
    assert not endpoint.down(after=5, grace_s=10, now=start + 60)   # too few attempts
    endpoint.unreachable("refused")
    assert not endpoint.down(after=5, grace_s=10, now=start + 5)    # not long enough
    assert endpoint.down(after=5, grace_s=10, now=start + 10)
    endpoint.answered()
    assert not endpoint.down(after=5, grace_s=10, now=start + 60)


def test_the_pool_is_down_only_when_every_replica_is() -> None:
    one, two = (Endpoint(url, client=None) for url in ("http://a/v1", "http://b/v1"))  # type: ignore[arg-type]
    pool = EndpointPool([one, two])
    for _ in range(5):
        one.unreachable("refused")
    assert not pool.all_down(after=5, grace_s=0)
    for _ in range(5):
        two.unreachable("refused")
    assert pool.all_down(after=5, grace_s=0)


# Slow (about 14 s: the grace period is 10 s): the default run checks the decision to stop
# (the two tests above and the watch below) and resuming with --retry-errors
# (tests/respond/test_respond_resume.py).
@pytest.mark.slow
def test_a_server_that_dies_mid_run_stops_the_run_and_a_rerun_finishes_it(
        tmp_path: Path) -> None:
    prompts = 200
    cases = write_cases(tmp_path / "cases.jsonl", prompts)
    out = tmp_path / "run"
    responses = out / "responses.jsonl"
    port = free_port()
    url = f"http://127.0.0.1:{port}/v1"
    arguments = ["respond", str(cases), "--model", "fake", "--base-url", url, "--out", str(out),
                 "--concurrency", "4", "--no-progress"]
    server = start_server(port, delay=0.05)
    command = [sys.executable, "-c", "from ifevalpp.cli import main; main()", *arguments]
    process = subprocess.Popen(command, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while line_count(responses) < 20:
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "respond made no progress"
            time.sleep(0.01)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        stdout, stderr = process.communicate(timeout=120)  # a guard, not a timing assertion
    finally:
        if process.poll() is None:
            process.kill()
        if server.poll() is None:
            server.kill()
    assert process.returncode == 1, stderr
    assert "stopped early: every endpoint stopped answering" in stdout
    assert url in stdout and "rerun the same command to resume" in stdout
    kept = latest_records(responses)
    assert 20 <= len(kept) < prompts
    session = json.loads((out / "manifest.json").read_text())["sessions"][0]
    assert session["ended"].startswith("every endpoint stopped answering")
    assert session["counts"]["answered"] == sum(record.error is None for record in kept.values())
    assert all(record.error is None for record in kept.values()) or "--retry-errors" in stdout

    server = start_server(port, delay=0.0)
    try:
        rerun = run_cli(*arguments, "--retry-errors")
    finally:
        server.kill()
        server.wait(timeout=10)
    assert rerun.returncode == 0, rerun.stderr
    lines = [json.loads(line) for line in responses.read_text().splitlines()]
    answered = Counter(line["key"] for line in lines if line["error"] is None)
    assert set(answered) == {f"{n}:original:0" for n in range(1000, 1000 + prompts)}
    assert set(answered.values()) == {1}


def test_the_watch_stops_the_workers_with_its_reason() -> None:
    from ifevalpp.respond.run import _watch

    async def scenario() -> list[str]:
        reasons: list[str] = []
        answers = iter([None, None, "the server is gone"])
        await asyncio.wait_for(_watch(lambda: next(answers), reasons.append, interval_s=0.001),
                               timeout=10)
        return reasons

    assert asyncio.run(scenario()) == ["the server is gone"]
