"""Where data lives and how `fetch` fails: the data directory works from anywhere, offline has a
way out, and a failed fetch leaves nothing behind. CLI cases run the real command."""

from __future__ import annotations

import json
from pathlib import Path

import platformdirs

from ifevalpp.datadir import data_dir, original_dir
from ifevalpp.evaluate import score
from tests.helpers import SMALL_CASES, SMALL_RESPONSES, run_cli, write_lines

CLOSED = "http://127.0.0.1:9/input_data.jsonl"


def test_the_data_directory_is_ifevalpp_data_else_the_per_user_data_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("IFEVALPP_DATA", str(tmp_path / "mine"))
    assert data_dir() == tmp_path / "mine" and original_dir() == tmp_path / "mine" / "original"
    monkeypatch.delenv("IFEVALPP_DATA")
    assert data_dir() == Path(platformdirs.user_data_dir("ifevalpp", appauthor=False))


def test_fetched_cases_are_found_from_any_working_directory(tmp_path):
    data = tmp_path / "data"
    source = write_lines(tmp_path / "hf_copy.jsonl", SMALL_CASES)
    env = {"IFEVALPP_DATA": str(data)}
    fetched = run_cli("fetch", "--revision", "hf", "--from", str(source), env=env)
    assert fetched.returncode == 0, fetched.stderr
    assert (data / "original" / "hf.jsonl").read_bytes() == source.read_bytes()
    elsewhere = tmp_path / "somewhere" / "else"
    elsewhere.mkdir(parents=True)
    responses = write_lines(elsewhere / "r.jsonl", SMALL_RESPONSES)
    scored = run_cli("score", "r.jsonl", "--input", "hf", "--bootstrap", "0", cwd=elsewhere,
                     env=env)
    assert scored.returncode == 0, scored.stderr
    assert "66.67" in scored.stdout
    assert run_cli("validate", "hf", cwd=elsewhere, env=env).returncode in (0, 1)
    families = run_cli("generate-families", "--original", "hf", "--out", "f.jsonl",
                       "--no-progress", cwd=elsewhere, env=env)
    assert families.returncode == 0, families.stderr
    assert responses.exists() and (elsewhere / "f.jsonl").exists()


def test_the_library_score_takes_the_same_default_input_as_the_cli(tmp_path, monkeypatch):
    monkeypatch.setenv("IFEVALPP_DATA", str(tmp_path / "data"))
    (tmp_path / "data" / "original").mkdir(parents=True)
    write_lines(tmp_path / "data" / "original" / "github.jsonl", SMALL_CASES)
    report = score(write_lines(tmp_path / "r.jsonl", SMALL_RESPONSES), bootstrap=0)
    assert report.base.cases_path == str(tmp_path / "data" / "original" / "github.jsonl")
    assert report.value("ifeval/prompt_strict") == 2 / 3


def test_an_unreachable_download_names_the_way_out_and_leaves_no_directory(tmp_path):
    target = tmp_path / "new" / "original"
    result = run_cli("fetch", "--from", CLOSED, "--dir", str(target))
    assert result.returncode == 2
    message = result.stderr.strip()
    assert message.startswith(f"error: download of {CLOSED} failed")
    assert "offline? take the same bytes from a local copy or a mirror: `ifevalpp fetch " \
           "--revision github --from PATH_OR_URL`" in message
    assert not (tmp_path / "new").exists()


def test_a_fetch_refused_by_the_pin_leaves_no_directory(tmp_path):
    source = write_lines(tmp_path / "not_the_release.jsonl", SMALL_CASES)
    result = run_cli("fetch", "--from", str(source), "--dir", str(tmp_path / "d" / "o"))
    assert result.returncode == 2 and "refusing to use it" in result.stderr
    assert not (tmp_path / "d").exists()


def test_score_without_a_fetched_revision_says_how_to_fetch_it_offline_too(tmp_path):
    responses = write_lines(tmp_path / "r.jsonl", SMALL_RESPONSES)
    result = run_cli("score", str(responses), env={"IFEVALPP_DATA": str(tmp_path / "empty")})
    assert result.returncode == 2
    assert "run `ifevalpp fetch --revision github`" in result.stderr
    assert "--from PATH_OR_URL" in result.stderr
    assert str(tmp_path / "empty" / "original" / "github.jsonl") in result.stderr


def test_fetch_records_what_it_fetched(tmp_path):
    source = write_lines(tmp_path / "copy.jsonl", SMALL_CASES)
    run_cli("fetch", "--revision", "hf", "--from", str(source),
            env={"IFEVALPP_DATA": str(tmp_path / "d")})
    log = json.loads((tmp_path / "d" / "original" / "fetched.json").read_text())
    assert log["hf"]["source"] == str(source) and log["hf"]["cases"] == 3
