"""`ifevalpp study` against a scripted OpenAI-compatible endpoint: every step, resume, compare,
and the errors a user meets first."""

from __future__ import annotations

import io
import json
import signal
import time
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from respond_fakes import ByPrompt, Delayed, FakeServer, Reply
from study_helpers import family_record, start_study_cli, write_original

from ifevalpp.cli import main
from ifevalpp.study import TqdmStudyProgress

FAST = ["--bootstrap", "100", "--no-progress"]


def study(*arguments: str) -> Result:
    return CliRunner().invoke(main, ["study", *arguments], catch_exceptions=False)


@pytest.fixture
def original(tmp_path: Path) -> Path:
    return write_original(tmp_path / "cases.jsonl")


@pytest.fixture
def server():
    with FakeServer() as fake:
        yield fake


def endpoint(server: FakeServer, out: Path, *extra: str) -> list[str]:
    return ["--model", "fake", "--base-url", server.url, "--out", str(out), *extra]


def test_a_study_writes_every_step_under_out_and_prints_the_report(
        server: FakeServer, original: Path, tmp_path: Path) -> None:
    out = tmp_path / "runs" / "fake"
    result = study(*endpoint(server, out, "--original", str(original), "--cases", "2", *FAST))
    assert result.exit_code == 0, result.output
    for name in ("study.json", "families/sample.jsonl", "families/sample.manifest.json",
                 "responses.jsonl", "manifest.json", "scored/metrics.json", "scored/report.md",
                 "scored/report.html"):
        assert (out / name).is_file(), name
    # --cases grows only the chosen cases: the whole default file is not made (it used to be,
    # all 5,369 prompts, before the sample was drawn).
    assert not (out / "families" / "template.jsonl").exists()
    assert f"report: {out / 'scored' / 'report.html'}" in result.output
    assert "reliable@10" in result.output
    metrics = json.loads((out / "scored" / "metrics.json").read_text())
    assert (metrics["families"], metrics["family_size"], metrics["k"]) == (2, 10, 10)
    assert len(server.requests) == 20


def test_the_default_protocol_is_greedy_with_1280_tokens(server: FakeServer, original: Path,
                                                         tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert study(*endpoint(server, out, "--original", str(original), *FAST)).exit_code == 0
    bodies = [request.body for request in server.requests]
    assert {(body["temperature"], body["max_tokens"]) for body in bodies} == {(0.0, 1280)}
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["sampling"]["max_tokens"] == 1280 and manifest["model"] == "fake"
    assert manifest["inputs"][0]["path"] == str(out / "families" / "template.jsonl")


def test_the_study_writes_what_the_single_verbs_write(server: FakeServer, families: Path,
                                                     tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert study(*endpoint(server, out, "--families", str(families), *FAST)).exit_code == 0
    scored = CliRunner().invoke(main, ["score", str(out / "responses.jsonl"), "--input",
                                       str(families), "--k", "10", "--bootstrap", "100",
                                       "--out", str(tmp_path / "by-hand")])
    assert scored.exit_code == 0, scored.output
    for name in ("metrics.json", "results.jsonl", "families.csv", "by_type.csv"):
        assert (out / "scored" / name).read_bytes() == (tmp_path / "by-hand" / name).read_bytes()


def test_a_rerun_asks_nothing_new(server: FakeServer, original: Path, tmp_path: Path) -> None:
    arguments = endpoint(server, tmp_path / "run", "--original", str(original), "--cases", "2",
                         *FAST)
    assert study(*arguments).exit_code == 0
    asked = len(server.requests)
    again = study(*arguments)
    assert again.exit_code == 0, again.output
    assert len(server.requests) == asked
    assert "skipped 20 pairs already answered" in again.output
    record = json.loads((tmp_path / "run" / "study.json").read_text())
    assert record["runs"] == 2 and record["families"]["action"] == "reused"
    assert record["respond"]["asked"] == 0 and record["finished_at"] is not None


def test_progress_names_each_step(server: FakeServer, original: Path, tmp_path: Path) -> None:
    result = study(*endpoint(server, tmp_path / "run", "--original", str(original), "--cases",
                             "1", "--bootstrap", "100"))
    assert result.exit_code == 0, result.output
    steps = [line.split(":")[0] for line in result.stderr.splitlines() if line.startswith("[")]
    assert steps == ["[1/4] fetch", "[2/4] families", "[3/4] respond", "[4/4] score"]


def test_each_steps_bar_is_named_for_the_step() -> None:
    # Not a terminal: the bars write plain progress lines (here on every update).
    log = io.StringIO()
    progress = TqdmStudyProgress(["families", "respond"], stream=log, interval_s=0)
    progress.step("families", "generating")
    tick = progress.bar(4, "case")
    tick(4)
    progress.close_bar()
    progress.step("respond", "asking")
    answers = progress.responses()
    assert answers is not None
    answers.start(2)
    answers.close()
    lines = log.getvalue().splitlines()
    assert lines[0] == "[1/2] families: generating"
    assert any(line.startswith("families: 4/4") for line in lines), lines
    assert "[2/2] respond: asking" in lines


def test_given_families_skip_fetch_and_generation(server: FakeServer, families: Path,
                                                  tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = study(*endpoint(server, out, "--families", str(families), *FAST))
    assert result.exit_code == 0, result.output
    assert not (out / "families").exists()
    assert len(server.requests) == 44  # four families of ten and one of four


def test_failed_requests_are_scored_as_missing_and_the_exit_code_says_so(
        families: Path, tmp_path: Path) -> None:
    broken = family_record(3001, "distractor", 2)["prompt"]
    with FakeServer(ByPrompt({broken: [Reply(status=500)] * 3})) as server:
        result = study(*endpoint(server, tmp_path / "run", "--families", str(families),
                                 "--max-attempts", "1", *FAST))
    assert result.exit_code == 1, result.output
    assert "1 pair failed; rerun with --retry-errors" in result.output
    metrics = json.loads((tmp_path / "run" / "scored" / "metrics.json").read_text())
    assert metrics["missing"] == 1 and metrics["families"] == 4


def test_a_baseline_ends_with_compare(server: FakeServer, families: Path, tmp_path: Path) -> None:
    first = tmp_path / "baseline"
    assert study(*endpoint(server, first, "--families", str(families), *FAST)).exit_code == 0
    result = study(*endpoint(server, tmp_path / "new", "--families", str(families),
                             "--baseline", str(first), *FAST))
    assert result.exit_code == 0, result.output
    assert "Headline numbers" in result.output and f"B = {first / 'scored'}" in result.output
    comparison = json.loads((tmp_path / "new" / "comparison" / "comparison.json").read_text())
    assert comparison["families"] == 5


def test_a_baseline_that_is_no_study_is_refused_before_any_request(
        server: FakeServer, families: Path, tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    result = study(*endpoint(server, tmp_path / "run", "--families", str(families), "--baseline",
                             str(tmp_path / "empty"), *FAST))
    assert result.exit_code == 2
    assert "not a study or `score --out` directory" in result.stderr
    assert server.requests == []


def test_another_selection_in_the_same_directory_is_refused(
        server: FakeServer, families: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert study(*endpoint(server, out, "--families", str(families), "--cases", "1",
                           *FAST)).exit_code == 0
    result = study(*endpoint(server, out, "--families", str(families), "--cases", "2", *FAST))
    assert result.exit_code == 2
    assert "different protocol" in result.stderr and "new --out directory" in result.stderr


def test_an_endpoint_model_needs_a_base_url(families: Path, tmp_path: Path) -> None:
    result = study("--model", "m", "--out", str(tmp_path / "run"), "--families", str(families))
    assert result.exit_code == 2 and "needs --base-url" in result.stderr


def test_an_embedded_model_takes_no_base_url(families: Path, tmp_path: Path) -> None:
    result = study("--model", "embedded", "--base-url", "http://127.0.0.1:9/v1",
                   "--out", str(tmp_path / "run"), "--families", str(families))
    assert result.exit_code == 2 and "drop --base-url" in result.stderr


def test_a_model_is_required(families: Path, tmp_path: Path) -> None:
    result = study("--out", str(tmp_path / "run"), "--families", str(families))
    assert result.exit_code == 2 and "give --model" in result.stderr


def test_a_bad_cases_value_is_one_line_and_exit_2(server: FakeServer, families: Path,
                                                  tmp_path: Path) -> None:
    result = study(*endpoint(server, tmp_path / "run", "--families", str(families),
                             "--cases", "some"))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: --cases 'some': give a number of families")


def test_ctrl_c_mid_respond_stops_cleanly_and_a_rerun_finishes(families: Path,
                                                               tmp_path: Path) -> None:
    out = tmp_path / "run"
    with FakeServer(Delayed(0.05)) as server:
        arguments = endpoint(server, out, "--families", str(families), "--concurrency", "2",
                             *FAST)
        process = start_study_cli(arguments)
        deadline = time.monotonic() + 60
        while len(server.requests) < 6:
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "the study sent no requests"
            time.sleep(0.02)
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=60)
        assert process.returncode == 1, stderr
        assert "stopped early: SIGINT" in stdout and "rerun the same command" in stdout
        assert not (out / "scored").exists()
        assert study(*arguments).exit_code == 0
    pairs = Counter(json.loads(line)["key"] for line in
                    (out / "responses.jsonl").read_text().splitlines())
    assert len(pairs) == 44 and set(pairs.values()) == {1}


def test_bad_input_leaves_no_study_directory(server: FakeServer, tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = study(*endpoint(server, out, "--original", str(tmp_path / "missing.jsonl"), *FAST))
    assert result.exit_code == 2 and "missing.jsonl: file not found" in result.stderr
    assert not out.exists() and server.requests == []
