"""Rerunning `respond` into the same directory: skip what is done, never lose or duplicate."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Callable

import pytest
from respond_fakes import Always, ByPrompt, FakeServer, Reply, case_prompt, write_cases

from ifevalpp.errors import InputError
from ifevalpp.respond import (EndpointFatalError, ProtocolMismatch, RespondConfig, RetryPolicy,
                              RunDirectoryBusy, SamplingParams, latest_records, respond)
from ifevalpp.respond.lock import run_directory_lock

MakeConfig = Callable[..., RespondConfig]
NO_RETRY = RetryPolicy(max_attempts=1)


def pair_counts(path: Path) -> Counter:
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    return Counter((line["key"], line["sample"]) for line in lines)


def test_a_rerun_asks_nothing_when_every_pair_is_answered(server: FakeServer,
                                                          make_config: MakeConfig) -> None:
    config = make_config(server.url, samples=2)
    respond(config)
    summary = respond(config)
    assert len(server.requests) == 8
    assert (summary.asked, summary.skipped, summary.total.done) == (0, 8, 8)


def test_a_run_after_a_limited_run_asks_only_the_rest(server: FakeServer,
                                                      make_config: MakeConfig) -> None:
    respond(make_config(server.url, limit=1))
    summary = respond(make_config(server.url))
    assert summary.asked == 3 and summary.skipped == 1
    assert set(pair_counts(make_config(server.url).responses_path).values()) == {1}


def test_errored_pairs_are_not_asked_again_without_retry_errors(server: FakeServer,
                                                               make_config: MakeConfig) -> None:
    server.set_script(ByPrompt({case_prompt(1000): [Reply(status=500)]}))
    respond(make_config(server.url, retry=NO_RETRY))
    summary = respond(make_config(server.url, retry=NO_RETRY))
    assert summary.asked == 0 and summary.total.errors == 1


def test_retry_errors_asks_the_errored_pairs_and_the_new_record_wins(
        server: FakeServer, make_config: MakeConfig) -> None:
    server.set_script(ByPrompt({case_prompt(1000): [Reply(status=500)]}))
    config = make_config(server.url, retry=NO_RETRY)
    respond(config)
    summary = respond(make_config(server.url, retry=NO_RETRY, retry_errors=True))
    assert summary.asked == 1 and summary.complete
    assert pair_counts(config.responses_path)[("1000:original:0", 0)] == 2
    latest = latest_records(config.responses_path)[("1000:original:0", 0)]
    assert latest.error is None and latest.response == f"answer to: {case_prompt(1000)}"


def test_a_truncated_last_line_is_cut_and_its_pair_asked_again(server: FakeServer,
                                                               make_config: MakeConfig) -> None:
    config = make_config(server.url)
    respond(config)
    lines = config.responses_path.read_bytes().splitlines(keepends=True)
    killed_mid_write = b"".join(lines[:-1]) + lines[-1][:25]
    config.responses_path.write_bytes(killed_mid_write)
    summary = respond(config)
    assert summary.asked == 1
    text = config.responses_path.read_text()
    assert text.endswith("\n") and all(json.loads(line) for line in text.splitlines())
    assert set(pair_counts(config.responses_path).values()) == {1}


def test_a_different_model_is_refused(server: FakeServer, make_config: MakeConfig) -> None:
    respond(make_config(server.url))
    with pytest.raises(ProtocolMismatch, match="model"):
        respond(make_config(server.url, model="other", allow_unlisted_model=True))


def test_a_different_temperature_is_refused(server: FakeServer, make_config: MakeConfig) -> None:
    respond(make_config(server.url, sampling=SamplingParams(temperature=0.0)))
    with pytest.raises(ProtocolMismatch, match="temperature"):
        respond(make_config(server.url, sampling=SamplingParams(temperature=0.7)))


def test_a_changed_input_file_is_refused(server: FakeServer, make_config: MakeConfig,
                                         cases: Path) -> None:
    respond(make_config(server.url))
    write_cases(cases, 5)
    with pytest.raises(ProtocolMismatch, match="input sha256"):
        respond(make_config(server.url))


def test_force_adds_to_a_directory_with_another_protocol(server: FakeServer,
                                                         make_config: MakeConfig) -> None:
    respond(make_config(server.url, limit=1))
    summary = respond(make_config(server.url, model="other", force=True, allow_unlisted_model=True))
    manifest = json.loads(make_config(server.url).manifest_path.read_text())
    assert summary.asked == 3
    assert manifest["model"] == "other" and manifest["sessions"][-1]["forced"] is True


def test_another_endpoint_and_concurrency_may_resume(make_config: MakeConfig) -> None:
    with FakeServer() as one, FakeServer() as two:
        respond(make_config(one.url, limit=2))
        summary = respond(make_config(two.url, concurrency=1))
        manifest = json.loads(make_config(one.url).manifest_path.read_text())
    assert summary.asked == 2 and len(two.requests) == 2
    assert [session["endpoints"] for session in manifest["sessions"]] == [[one.url], [two.url]]


def test_responses_without_a_manifest_are_refused(server: FakeServer,
                                                  make_config: MakeConfig) -> None:
    config = make_config(server.url)
    config.out_dir.mkdir(parents=True)
    config.responses_path.write_text('{"key": "1000:original:0", "response": "hi"}\n')
    with pytest.raises(ProtocolMismatch, match="manifest.json does not"):
        respond(config)


def test_a_damaged_line_in_the_middle_names_file_and_line(server: FakeServer,
                                                          make_config: MakeConfig) -> None:
    config = make_config(server.url)
    respond(config)
    lines = config.responses_path.read_text().splitlines()
    lines[1] = "{not json"
    config.responses_path.write_text("\n".join(lines) + "\n")
    with pytest.raises(InputError, match="line 2"):
        respond(config)


def test_the_manifest_keeps_one_session_per_run(server: FakeServer,
                                                make_config: MakeConfig) -> None:
    respond(make_config(server.url, limit=1))
    respond(make_config(server.url))
    manifest = json.loads(make_config(server.url).manifest_path.read_text())
    assert [session["counts"]["asked"] for session in manifest["sessions"]] == [1, 3]
    assert manifest["started_at"] == manifest["sessions"][0]["started_at"]


def test_a_fatal_error_keeps_the_answers_already_written(server: FakeServer,
                                                         make_config: MakeConfig) -> None:
    respond(make_config(server.url, limit=2))
    server.set_script(Always(Reply(status=401)))
    with pytest.raises(EndpointFatalError):
        respond(make_config(server.url))
    assert len(latest_records(make_config(server.url).responses_path)) == 2
    manifest = json.loads(make_config(server.url).manifest_path.read_text())
    assert manifest["sessions"][1]["ended"].startswith("error: EndpointFatalError")
    assert manifest["finished_at"] is None


def test_a_second_writer_into_the_same_directory_is_refused(server: FakeServer,
                                                            make_config: MakeConfig) -> None:
    config = make_config(server.url)
    with run_directory_lock(config.out_dir):
        with pytest.raises(RunDirectoryBusy, match="another `ifevalpp respond`"):
            respond(config)
    assert not config.responses_path.exists() and len(server.requests) == 0


def test_records_name_the_session_that_wrote_them(server: FakeServer,
                                                 make_config: MakeConfig) -> None:
    respond(make_config(server.url, limit=1))
    respond(make_config(server.url))
    lines = [json.loads(line) for line in make_config(server.url).responses_path.read_text()
             .splitlines()]
    assert [line["session"] for line in lines] == [1, 2, 2, 2]


def test_a_killed_session_is_marked_and_recounted_by_the_next(server: FakeServer,
                                                             make_config: MakeConfig) -> None:
    config = make_config(server.url, limit=2)
    respond(config)
    manifest = json.loads(config.manifest_path.read_text())
    manifest["sessions"][0]["ended"] = None          # as a kill -9 leaves it
    manifest["sessions"][0]["counts"]["answered"] = 0
    config.manifest_path.write_text(json.dumps(manifest))
    respond(make_config(server.url))
    sessions = json.loads(config.manifest_path.read_text())["sessions"]
    assert [session["ended"] for session in sessions] == ["killed", "completed"]
    assert [session["counts"]["answered"] for session in sessions] == [2, 2]


def test_the_run_is_finished_only_when_every_pair_has_an_answer(server: FakeServer,
                                                               make_config: MakeConfig) -> None:
    server.set_script(ByPrompt({case_prompt(1000): [Reply(status=500)]}))
    respond(make_config(server.url, retry=NO_RETRY))
    manifest = json.loads(make_config(server.url).manifest_path.read_text())
    assert manifest["sessions"][0]["ended"] == "completed" and manifest["finished_at"] is None
    respond(make_config(server.url, retry=NO_RETRY, retry_errors=True))
    manifest = json.loads(make_config(server.url).manifest_path.read_text())
    assert manifest["finished_at"] == manifest["sessions"][1]["finished_at"] is not None
