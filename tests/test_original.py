"""Fetching the IFEval original: pins checked, nothing partial left, both kwargs styles load."""

from __future__ import annotations

import hashlib
import http.server
import json
import threading
from pathlib import Path

import pytest

from ifevalpp import original
from ifevalpp.errors import IfevalppError, InputError
from tests.helpers import SMALL_CASES, write_lines


@pytest.fixture()
def http_root(tmp_path: Path):
    """A real HTTP server on 127.0.0.1 serving files from a temporary directory."""
    root = tmp_path / "served"
    root.mkdir()

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(root), **kwargs)

        def log_message(self, *args):  # keep test output quiet
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield root, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _pin(monkeypatch, revision: str, digest: str | None) -> None:
    spec = original.REVISIONS[revision].model_copy(update={"sha256": digest})
    monkeypatch.setitem(original.REVISIONS, revision, spec)


def test_fetch_downloads_over_http_and_accepts_a_matching_pin(http_root, tmp_path, monkeypatch):
    root, base = http_root
    served = write_lines(root / "cases.jsonl", SMALL_CASES)
    _pin(monkeypatch, "github", hashlib.sha256(served.read_bytes()).hexdigest())
    result = original.fetch("github", source=f"{base}/cases.jsonl", directory=tmp_path / "out")
    assert result.cases == 3 and result.pinned
    assert (tmp_path / "out" / "github.jsonl").read_bytes() == served.read_bytes()


def test_fetch_refuses_a_file_whose_sha256_differs_from_the_pin_and_leaves_nothing(
        http_root, tmp_path, monkeypatch):
    root, base = http_root
    write_lines(root / "cases.jsonl", SMALL_CASES)
    _pin(monkeypatch, "github", "0" * 64)
    with pytest.raises(IfevalppError, match="pinned to 0000"):
        original.fetch("github", source=f"{base}/cases.jsonl", directory=tmp_path / "out")
    assert not (tmp_path / "out").exists()  # not even the directory fetch created


def test_fetch_of_an_unpinned_revision_records_its_sha256(http_root, tmp_path, monkeypatch):
    root, base = http_root
    served = write_lines(root / "hf.jsonl", SMALL_CASES)
    _pin(monkeypatch, "hf", None)
    result = original.fetch("hf", source=f"{base}/hf.jsonl", directory=tmp_path)
    digest = hashlib.sha256(served.read_bytes()).hexdigest()
    assert result.sha256 == digest and not result.pinned
    assert json.loads((tmp_path / "fetched.json").read_text())["hf"]["sha256"] == digest


def test_fetch_reports_http_errors_without_a_partial_file(http_root, tmp_path):
    _, base = http_root
    with pytest.raises(IfevalppError, match="HTTP 404"):
        original.fetch("hf", source=f"{base}/absent.jsonl", directory=tmp_path)
    assert not (tmp_path / "hf.jsonl").exists()


def test_load_accepts_hugging_face_style_null_kwargs(tmp_path):
    null_style = [dict(record, kwargs=[{**kwargs, "num_words": kwargs.get("num_words"),
                                        "relation": kwargs.get("relation"),
                                        "keywords": kwargs.get("keywords")}
                                       for kwargs in record["kwargs"]])
                  for record in SMALL_CASES]
    plain = original.load_path(write_lines(tmp_path / "plain.jsonl", SMALL_CASES))
    nulls = original.load_path(write_lines(tmp_path / "nulls.jsonl", null_style))
    assert [case.kwargs for case in plain] == [case.kwargs for case in nulls]


def test_load_names_file_line_and_field_of_a_bad_record(tmp_path):
    bad = [SMALL_CASES[0], dict(SMALL_CASES[1], kwargs=[{"relation": "at least",
                                                         "num_words": "twelve"}])]
    path = write_lines(tmp_path / "bad.jsonl", bad)
    with pytest.raises(InputError) as raised:
        original.load_path(path)
    assert raised.value.line == 2
    assert raised.value.field == "kwargs.0.num_words"
    assert str(path) in str(raised.value)


def test_load_rejects_duplicate_keys(tmp_path):
    path = write_lines(tmp_path / "dup.jsonl", [SMALL_CASES[0], SMALL_CASES[0]])
    with pytest.raises(InputError, match="duplicate key"):
        original.load_path(path)


def test_a_revision_name_that_was_not_fetched_says_how_to_fetch_it(tmp_path):
    with pytest.raises(InputError, match="ifevalpp fetch --revision github"):
        original.load("github", directory=tmp_path)


def test_the_github_pin_matches_the_reference_copy(original_path):
    assert original.REVISIONS["github"].sha256 == hashlib.sha256(
        original_path.read_bytes()).hexdigest()


def test_committed_manifest_lists_the_same_pins_as_the_code():
    manifest = json.loads((Path(__file__).parent.parent / "data" / "original" /
                           "manifest.json").read_text())
    assert {name: entry["sha256"] for name, entry in manifest["revisions"].items()} == {
        name: spec.sha256 for name, spec in original.REVISIONS.items()}


# -- the IFEval++ release's files -------------------------------------------------------------

IFEVALPP_FAMILY_LINES = [
    {"key": "7:original", "prompt": "Name a river, in lowercase.",
     "instruction_id_list": ["change_case:english_lowercase"], "kwargs": [{}]},
    {"key": "7:rephrasing:1", "prompt": "Which river comes to mind? Lowercase only.",
     "instruction_id_list": ["change_case:english_lowercase"], "kwargs": [{}]},
    {"key": "7:ct_alteration:1", "prompt": "Name a mountain, in lowercase, in at most 9 words.",
     "instruction_id_list": ["change_case:english_lowercase", "length_constraints:number_words"],
     "kwargs": [{}, {"relation": "at most", "num_words": 9}]},
]


def test_ifevalpp_revisions_download_from_the_release_assets():
    assets = "https://raw.githubusercontent.com/jianshuod/IFEval-pp/main/assets/"
    assert original.REVISIONS["ifevalpp"].url == assets + "ifeval_original.jsonl"
    assert original.REVISIONS["ifevalpp-fixed"].url == assets + "ifeval_original_fix.jsonl"
    assert original.REVISIONS["ifevalpp-families"].url == assets + "ifeval_pp_verified.jsonl"
    assert original.REVISIONS["ifevalpp-fixed"].sha256 == (
        "6ff92d8a812b500eb63fb323a0c08382bbfc2c80fe3cd4e67b32561d627f72bc")
    assert original.REVISIONS["ifevalpp-families"].sha256 is None


def test_fetch_ifevalpp_fixed_over_http_checks_its_pin(http_root, tmp_path, monkeypatch):
    root, base = http_root
    served = write_lines(root / "ifeval_original_fix.jsonl", SMALL_CASES)
    _pin(monkeypatch, "ifevalpp-fixed", hashlib.sha256(served.read_bytes()).hexdigest())
    spec = original.REVISIONS["ifevalpp-fixed"].model_copy(
        update={"url": f"{base}/ifeval_original_fix.jsonl"})
    monkeypatch.setitem(original.REVISIONS, "ifevalpp-fixed", spec)
    result = original.fetch("ifevalpp-fixed", directory=tmp_path)
    assert result.pinned and result.cases == 3
    assert (tmp_path / "ifevalpp-fixed.jsonl").read_bytes() == served.read_bytes()
    _pin(monkeypatch, "ifevalpp-fixed", "f" * 64)
    with pytest.raises(IfevalppError, match="pinned to ffff"):
        original.fetch("ifevalpp-fixed", source=f"{base}/ifeval_original_fix.jsonl",
                       directory=tmp_path / "again")


def test_fetch_ifevalpp_families_records_and_prints_its_unpinned_sha256(http_root, tmp_path,
                                                                         monkeypatch):
    from click.testing import CliRunner

    from ifevalpp.cli import main

    root, base = http_root
    served = write_lines(root / "ifeval_pp_verified.jsonl", IFEVALPP_FAMILY_LINES)
    spec = original.REVISIONS["ifevalpp-families"].model_copy(
        update={"url": f"{base}/ifeval_pp_verified.jsonl"})
    monkeypatch.setitem(original.REVISIONS, "ifevalpp-families", spec)
    done = CliRunner().invoke(main, ["fetch", "--revision", "ifevalpp-families",
                                    "--dir", str(tmp_path)])
    digest = hashlib.sha256(served.read_bytes()).hexdigest()
    assert done.exit_code == 0, done.output
    assert "3 family prompts" in done.output and digest in done.output
    assert "no pin known" in done.output
    assert json.loads((tmp_path / "fetched.json").read_text())["ifevalpp-families"][
        "sha256"] == digest
    loaded = original.load("ifevalpp-families", directory=tmp_path)
    assert [variant.key for variant in loaded] == ["7:original:0", "7:rephrasing:1",
                                                   "7:reconfiguration:1"]


def test_a_bad_family_line_names_the_download_address_and_line(http_root, tmp_path,
                                                                monkeypatch):
    root, base = http_root
    broken = dict(IFEVALPP_FAMILY_LINES[1], kwargs=[{"unexpected": 1}])
    write_lines(root / "families.jsonl", [IFEVALPP_FAMILY_LINES[0], broken])
    with pytest.raises(InputError) as raised:
        original.fetch("ifevalpp-families", source=f"{base}/families.jsonl", directory=tmp_path)
    assert raised.value.line == 2 and raised.value.path == f"{base}/families.jsonl"
    assert not (tmp_path / "ifevalpp-families.jsonl").exists()


def test_ifevalpp_files_load_with_settings_only_its_evaluator_accepts(tmp_path):
    # IFEval++ lists language 'zh' (langdetect never returns it; the release fails it).
    chinese = {"key": "8:original", "prompt": "Answer in Chinese.",
               "instruction_id_list": ["language:response_language"],
               "kwargs": [{"language": "zh"}]}
    source = write_lines(tmp_path / "families.jsonl", [chinese])
    result = original.fetch("ifevalpp-families", source=str(source), directory=tmp_path / "out")
    assert result.cases == 1
    with pytest.raises(InputError, match="language"):
        original.load_path(source)  # a plain case file is checked by the official rules
