"""Refusals before writes: every check that can refuse a study runs before a file is touched,
`--cases` grows only the chosen cases, and a local copy of the original goes where the next
verb looks for it."""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from respond_fakes import Always, FakeServer, Reply, echo
from study_helpers import write_original

from ifevalpp import original as original_module
from ifevalpp.cli import main
from ifevalpp.errors import InputError
from ifevalpp.study import CaseSelection
from ifevalpp.study import sources
from ifevalpp.study.sources import default_families, find_original

FAST = ["--no-progress"]


def study(*arguments: str) -> Result:
    return CliRunner().invoke(main, ["study", *arguments], catch_exceptions=False)


@pytest.fixture
def server():
    with FakeServer() as fake:
        yield fake


def snapshot(directory: Path) -> dict[str, tuple[bytes, int]]:
    return {str(path.relative_to(directory)): (path.read_bytes(), path.stat().st_mtime_ns)
            for path in sorted(directory.rglob("*")) if path.is_file()}


def test_a_rerun_refused_for_another_protocol_leaves_the_directory_as_it_was(
        server: FakeServer, tmp_path: Path) -> None:
    cases = write_original(tmp_path / "cases.jsonl", count=4)
    out = tmp_path / "run"
    first = ["--model", "fake", "--base-url", server.url, "--out", str(out), "--original",
             str(cases), "--cases", "2", *FAST]
    assert study(*first).exit_code == 0
    before = snapshot(out)
    time.sleep(0.01)
    refused = study(*first, "--temperature", "0.7")
    assert refused.exit_code == 2 and "different protocol" in refused.stderr
    assert snapshot(out) == before  # study.json, families/sample.jsonl: not rewritten
    refused = study("--model", "fake", "--base-url", server.url, "--out", str(out),
                    "--original", str(cases), "--cases", "3", *FAST)
    assert refused.exit_code == 2 and snapshot(out) == before


def test_a_k_beyond_the_families_is_refused_before_any_request_or_file(
        server: FakeServer, families: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = study("--model", "fake", "--base-url", server.url, "--out", str(out),
                   "--families", str(families), "--k", "11", *FAST)
    assert result.exit_code == 2 and "--k 11 exceeds the largest family (10 prompts)" in \
        result.stderr
    assert server.requests == [] and not out.exists()


def test_a_study_with_no_answers_yet_takes_the_corrected_model(families: Path,
                                                               tmp_path: Path) -> None:
    out = tmp_path / "run"
    with FakeServer(Always(Reply(status=404, body={"error": {"message": "no model"}}))) as server:
        first = study("--model", "typo", "--base-url", server.url, "--out", str(out),
                      "--families", str(families), "--max-attempts", "1",
                      "--allow-unlisted-model", *FAST)
        assert first.exit_code in (1, 2) and (out / "manifest.json").exists()
        server.set_script(echo)
        again = study("--model", "fake", "--base-url", server.url, "--out", str(out),
                      "--families", str(families), *FAST)
    assert again.exit_code == 0, again.stderr
    assert json.loads((out / "manifest.json").read_text())["model"] == "fake"


def test_unknown_case_keys_are_refused_before_anything_is_generated(tmp_path: Path) -> None:
    made = find_original(str(write_original(tmp_path / "cases.jsonl", count=3)))
    started: list[int] = []
    with pytest.raises(InputError, match="no case with key\\(s\\) 9999"):
        sources.chosen_default_families(made, CaseSelection(keys=("4000", "9999")),
                                tmp_path / "sample.jsonl",
                                on_start=lambda cases, reason: started.append(cases))
    assert started == [] and not (tmp_path / "sample.jsonl").exists()


@pytest.mark.parametrize("selection", [CaseSelection(count=2, seed=3),
                                       CaseSelection(keys=("4004", "4001"))])
def test_chosen_cases_are_grown_exactly_as_the_whole_default_file_has_them(
        tmp_path: Path, selection: CaseSelection) -> None:
    made = find_original(str(write_original(tmp_path / "cases.jsonl", count=6)))
    whole = default_families(made, tmp_path / "template.jsonl")
    grown: list[int] = []
    families, sample = sources.chosen_default_families(
        made, selection, tmp_path / "sample.jsonl",
        on_start=lambda cases, reason: grown.append(cases))
    assert grown and grown[0] < 6  # only the chosen cases (and a spare or two) were grown
    lines = [line for line in Path(whole.path).read_text().splitlines()
             if str(json.loads(line)["case"]) in set(sample.cases)]
    assert Path(families.path).read_text().splitlines() == lines
    from ifevalpp.study.selection import select_families

    drawn = select_families(Path(whole.path), selection, tmp_path / "drawn.jsonl")
    assert drawn.cases == sample.cases and drawn.sha256 == sample.sha256


def test_a_local_copy_of_a_pinned_original_is_put_where_score_looks(original_path: Path,
                                                                   private_data_dir: Path
                                                                   ) -> None:
    found = find_original(str(original_path))
    assert found.revision == "github" and found.action == "given"
    installed = private_data_dir / "original" / "github.jsonl"
    assert installed.read_bytes() == original_path.read_bytes()


def test_fetch_with_the_pinned_copy_present_fetches_nothing(tmp_path: Path, monkeypatch) -> None:
    source = tmp_path / "cases.jsonl"
    write_original(source, count=2)
    spec = original_module.REVISIONS["github"].model_copy(
        update={"sha256": hashlib.sha256(source.read_bytes()).hexdigest()})
    monkeypatch.setitem(original_module.REVISIONS, "github", spec)
    first = original_module.fetch("github", source=str(source), directory=tmp_path / "data")
    stamp = (tmp_path / "data" / "github.jsonl").stat().st_mtime_ns
    source.unlink()  # a second fetch must not need the source at all
    again = original_module.fetch("github", source=str(source), directory=tmp_path / "data")
    assert not first.already and again.already and again.sha256 == first.sha256
    assert (tmp_path / "data" / "github.jsonl").stat().st_mtime_ns == stamp
    result = CliRunner().invoke(main, ["fetch", "--from", str(source), "--dir",
                                       str(tmp_path / "data")])
    assert result.exit_code == 0 and "already in" in result.output


def test_more_cases_than_the_original_has_are_refused_before_anything_is_generated(
        tmp_path: Path) -> None:
    made = find_original(str(write_original(tmp_path / "cases.jsonl", count=3)))
    started: list[int] = []
    with pytest.raises(InputError, match="99,999 families asked for, and the default families have at most 3"):
        sources.chosen_default_families(made, CaseSelection(count=99999),
                                        tmp_path / "sample.jsonl",
                                        on_start=lambda cases, reason: started.append(cases))
    assert started == [] and not (tmp_path / "sample.jsonl").exists()
