"""`ifevalpp respond` as a user meets it: options, files written, summary, exit codes."""

from __future__ import annotations

import io
import json
from pathlib import Path

from click.testing import CliRunner, Result
from respond_fakes import Always, FakeServer, Reply

from ifevalpp.cli import main
from ifevalpp.respond import ConsoleProgress, latest_records, respond


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["respond", *args], catch_exceptions=False)


def base_args(server: FakeServer, cases: Path, out: Path) -> list[str]:
    return [str(cases), "--model", "fake", "--base-url", server.url, "--out", str(out),
            "--backoff-base", "0.001", "--backoff-max", "0.01", "--no-progress"]


def test_respond_writes_responses_and_manifest_and_prints_a_summary(
        server: FakeServer, cases: Path, tmp_path: Path) -> None:
    out = tmp_path / "runs" / "smoke"
    result = run(*base_args(server, cases, out))
    assert result.exit_code == 0, result.output
    assert len(latest_records(out / "responses.jsonl")) == 4
    assert json.loads((out / "manifest.json").read_text())["model"] == "fake"
    lines = result.output.splitlines()
    assert lines[0].split() == ["this", "run", "all", "runs"]
    assert lines[1].split() == ["done", "4", "4"]
    assert lines[2].split() == ["errors", "0", "0"]
    assert lines[3].split() == ["truncated", "(length)", "0", "0"]
    assert any(line.startswith("wall time") for line in lines)


def test_every_option_reaches_the_request(server: FakeServer, cases: Path,
                                          tmp_path: Path) -> None:
    result = run(*base_args(server, cases, tmp_path / "run"), "--limit", "1", "--samples", "2",
                 "--temperature", "0.3", "--top-p", "0.8", "--max-tokens", "50", "--seed", "11",
                 "--system-prompt", "Be brief.", "--stop", "END", "--stop", "STOP",
                 "--extra-body", '{"top_k": 5}')
    assert result.exit_code == 0, result.output
    bodies = sorted((request.body for request in server.requests), key=lambda body: body["seed"])
    assert [body["seed"] for body in bodies] == [11, 12]
    assert bodies[0]["stop"] == ["END", "STOP"] and bodies[0]["top_k"] == 5
    assert (bodies[0]["temperature"], bodies[0]["top_p"], bodies[0]["max_tokens"]) == (0.3, 0.8, 50)
    assert bodies[0]["messages"][0] == {"role": "system", "content": "Be brief."}


def test_exit_status_1_and_a_hint_when_pairs_failed(server: FakeServer, cases: Path,
                                                     tmp_path: Path) -> None:
    server.set_script(Always(Reply(status=500)))
    result = run(*base_args(server, cases, tmp_path / "run"), "--max-attempts", "2")
    assert result.exit_code == 1
    assert "4 pairs failed; rerun with --retry-errors" in result.output


def test_exit_status_2_and_the_difference_on_a_protocol_mismatch(
        server: FakeServer, cases: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert run(*base_args(server, cases, out), "--temperature", "0").exit_code == 0
    result = run(*base_args(server, cases, out), "--temperature", "1")
    assert result.exit_code == 2
    assert "different protocol" in result.stderr and "temperature" in result.stderr
    assert "--force" in result.stderr


def test_force_resumes_across_a_protocol_change(server: FakeServer, cases: Path,
                                                tmp_path: Path) -> None:
    out = tmp_path / "run"
    run(*base_args(server, cases, out), "--limit", "1")
    result = run(*base_args(server, cases, out), "--max-tokens", "9", "--force")
    assert result.exit_code == 0, result.output


def test_extra_body_must_be_a_json_object(server: FakeServer, cases: Path,
                                          tmp_path: Path) -> None:
    result = run(*base_args(server, cases, tmp_path / "run"), "--extra-body", "[1, 2]")
    assert result.exit_code == 2 and "must be a JSON object" in result.output


def test_a_bad_input_line_is_named_with_exit_status_2(server: FakeServer, tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"key": 1, "prompt": "p", "instruction_id_list": [], "kwargs": []}\n{oops\n')
    result = run(*base_args(server, bad, tmp_path / "run"))
    assert result.exit_code == 2
    assert "bad.jsonl, line 2" in result.stderr


def test_progress_into_a_log_stays_quiet_for_a_short_run(server: FakeServer, cases: Path,
                                                         tmp_path: Path) -> None:
    args = [arg for arg in base_args(server, cases, tmp_path / "run") if arg != "--no-progress"]
    result = run(*args)  # stderr is not a terminal here
    assert result.exit_code == 0 and result.stderr == ""


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_after_a_resume_counts_the_whole_run_and_the_errors(
        server: FakeServer, make_config) -> None:
    respond(make_config(server.url, limit=1))
    server.set_script(Always(Reply(status=400)))
    screen = Terminal()
    respond(make_config(server.url), progress=ConsoleProgress(stream=screen, delay_s=0))
    shown = screen.getvalue()
    assert "1 + 3 / 4" in shown and "errors=3" in shown
