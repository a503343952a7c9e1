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
