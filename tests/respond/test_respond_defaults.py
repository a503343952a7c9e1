"""`respond` is greedy and recorded by default; a run with no answers never locks a protocol;
a finished run leaves no lock file behind.

The README's `ifevalpp respond … --out runs/m/` used to send no temperature or max_tokens
and record `null` for both: the server's defaults, which differ from server to server,
while `study` asked for temperature 0 and 1,280 tokens.
"""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result
from respond_fakes import Always, FakeServer, Reply, echo

from ifevalpp.cli import main
from ifevalpp.respond import latest_records, respond
from ifevalpp.respond.lock import LOCK_NAME, run_directory_lock
from ifevalpp.study.config import StudyConfig


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["respond", *args], catch_exceptions=False)


def base_args(server: FakeServer, cases: Path, out: Path, model: str = "fake") -> list[str]:
    return [str(cases), "--model", model, "--base-url", server.url, "--out", str(out),
            "--backoff-base", "0.001", "--backoff-max", "0.01", "--max-attempts", "1",
            "--no-progress"]


def test_a_plain_respond_is_greedy_and_records_temperature_and_max_tokens(
        server: FakeServer, cases: Path, tmp_path: Path) -> None:
    out = tmp_path / "runs" / "m"
    assert run(*base_args(server, cases, out)).exit_code == 0
    body = server.requests[0].body
    assert (body["temperature"], body["max_tokens"]) == (0.0, 1280)
    sampling = json.loads((out / "manifest.json").read_text())["sampling"]
    assert (sampling["temperature"], sampling["max_tokens"]) == (0.0, 1280)


def test_respond_and_study_share_their_defaults(tmp_path: Path) -> None:
    study = StudyConfig(out_dir=tmp_path, model="m", base_urls=["http://127.0.0.1:9/v1"])
    sent = study.sent_sampling
    from ifevalpp.respond.config import SamplingParams

    assert (sent.temperature, sent.max_tokens) == (SamplingParams().temperature,
                                                   SamplingParams().max_tokens) == (0.0, 1280)


def test_server_default_is_asked_for_explicitly_and_recorded_as_such(
        server: FakeServer, cases: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = run(*base_args(server, cases, out), "--temperature", "server-default",
                 "--max-tokens", "server-default")
    assert result.exit_code == 0, result.output
    assert set(server.requests[0].body) == {"model", "messages"}
    sampling = json.loads((out / "manifest.json").read_text())["sampling"]
    assert (sampling["temperature"], sampling["max_tokens"]) == ("server-default",
                                                                 "server-default")


def test_a_sampling_value_that_is_neither_a_number_nor_server_default_is_a_usage_error(
        server: FakeServer, cases: Path, tmp_path: Path) -> None:
    result = run(*base_args(server, cases, tmp_path / "run"), "--temperature", "hot")
    assert result.exit_code == 2 and "'server-default'" in result.output


def test_a_run_with_no_answers_does_not_lock_its_protocol(server: FakeServer, cases: Path,
                                                         tmp_path: Path) -> None:
    # The first session named a model the server does not serve (sent anyway, as through a
    # proxy that routes names it does not list): every request failed.
    out = tmp_path / "run"
    server.set_script(Always(Reply(status=404, body={"error": {"message": "no such model"}})))
    first = run(*base_args(server, cases, out, model="typo"), "--allow-unlisted-model")
    assert first.exit_code in (1, 2) and (out / "manifest.json").exists()
    server.set_script(echo)
    result = run(*base_args(server, cases, out, model="fake"))
    assert result.exit_code == 0, result.output
    records = latest_records(out / "responses.jsonl")
    assert len(records) == 4 and all(record.error is None for record in records.values())
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["model"] == "fake"
    assert list(out.glob("superseded-1.*")), "the failed session's records are kept aside"


def test_a_run_with_answers_still_refuses_another_protocol(server: FakeServer, cases: Path,
                                                           tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert run(*base_args(server, cases, out)).exit_code == 0
    result = run(*base_args(server, cases, out, model="other"), "--allow-unlisted-model")
    assert result.exit_code == 2 and "different protocol" in result.stderr


def test_a_finished_run_leaves_no_lock_file(server: FakeServer, make_config) -> None:
    config = make_config(server.url)
    respond(config)
    assert not (config.out_dir / LOCK_NAME).exists()


def test_the_lock_still_keeps_a_second_writer_out(tmp_path: Path) -> None:
    import pytest

    from ifevalpp.respond.lock import RunDirectoryBusy

    with run_directory_lock(tmp_path):
        assert (tmp_path / LOCK_NAME).exists()
        with pytest.raises(RunDirectoryBusy):
            with run_directory_lock(tmp_path):
                pass
    assert not (tmp_path / LOCK_NAME).exists()
