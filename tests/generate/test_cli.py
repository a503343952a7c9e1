"""`ifevalpp generate-families` as a user runs it, on a small fixture."""

from __future__ import annotations

import json

from click.testing import CliRunner

from ifevalpp.cli import main


def _fixture(tmp_path, cases):
    path = tmp_path / "cases.jsonl"
    path.write_text("".join(json.dumps(case.model_dump(mode="json")) + "\n" for case in cases),
                    encoding="utf-8")
    return path


def test_writes_families_manifest_and_summary(tmp_path, cases):
    source = _fixture(tmp_path, cases)
    out = tmp_path / "families" / "small.jsonl"
    result = CliRunner().invoke(main, ["generate-families", "--original", str(source), "--out",
                                       str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(cases) * 10
    manifest = json.loads((out.with_name(out.stem + ".manifest.json")).read_text(encoding="utf-8"))
    assert manifest["coverage"] == {"complete_cases": len(cases), "cases": len(cases),
                                    "fraction": 1.0}
    assert manifest["seed"] == 0 and manifest["profile"] == "official"
    assert manifest["output"]["lines"] == len(lines)
    assert "coverage: 8/8 cases" in result.output

    again = tmp_path / "again.jsonl"
    CliRunner().invoke(main, ["generate-families", "--original", str(source), "--out",
                              str(again), "--no-progress"])
    assert again.read_bytes() == out.read_bytes()


def test_case_selection_and_unknown_keys(tmp_path, cases):
    source = _fixture(tmp_path, cases)
    out = tmp_path / "one.jsonl"
    result = CliRunner().invoke(main, ["generate-families", "--original", str(source), "--out",
                                       str(out), "--cases", "2", "--kinds", "rephrasing",
                                       "--per-kind", "2", "--no-progress"])
    assert result.exit_code == 0, result.output
    assert len(out.read_text(encoding="utf-8").splitlines()) == 3
    bad = CliRunner().invoke(main, ["generate-families", "--original", str(source), "--out",
                                    str(out), "--cases", "999", "--no-progress"])
    assert bad.exit_code == 2 and "999" in bad.output


def test_a_revision_name_is_read_from_the_data_directory(tmp_path, cases, monkeypatch):
    monkeypatch.setenv("IFEVALPP_DATA", str(tmp_path / "data"))
    (tmp_path / "data" / "original").mkdir(parents=True)
    _fixture(tmp_path / "data" / "original", cases).rename(
        tmp_path / "data" / "original" / "github.jsonl")
    monkeypatch.chdir(tmp_path / "data")  # any working directory
    out = tmp_path / "fam.jsonl"
    result = CliRunner().invoke(main, ["generate-families", "--original", "github", "--out",
                                       str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    assert len(out.read_text(encoding="utf-8").splitlines()) == len(cases) * 10


def test_the_family_manifest_names_the_ifevalpp_version_and_profile(tmp_path, cases):
    from ifevalpp import __version__

    out = tmp_path / "small.jsonl"
    CliRunner().invoke(main, ["generate-families", "--original", str(_fixture(tmp_path, cases)),
                              "--out", str(out), "--cases", "2", "--no-progress"])
    manifest = json.loads(out.with_name("small.manifest.json").read_text(encoding="utf-8"))
    assert manifest["provenance"]["ifevalpp_version"] == __version__
    assert manifest["provenance"]["profile"] == "official"


def test_an_empty_case_file_is_an_error_and_writes_nothing(tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n", encoding="utf-8")
    out = tmp_path / "fam.jsonl"
    result = CliRunner().invoke(main, ["generate-families", "--original", str(empty), "--out",
                                       str(out), "--no-progress"])
    assert result.exit_code == 2
    assert "empty.jsonl: no prompts in the file" in result.output
    assert not out.exists()


def test_the_number_of_jobs_does_not_change_the_file(tmp_path, cases):
    source = _fixture(tmp_path, cases)
    files = []
    for jobs in ("1", "2"):
        out = tmp_path / f"jobs{jobs}.jsonl"
        result = CliRunner().invoke(main, ["generate-families", "--original", str(source), "--out",
                                           str(out), "--no-progress", "--jobs", jobs])
        assert result.exit_code == 0, result.output
        files.append(out.read_bytes())
    assert files[0] == files[1]
