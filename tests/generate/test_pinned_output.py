"""The default family files are reproducible byte for byte: their sha256 is pinned in git, and
so is a digest per family, so a moved pin names the families that changed."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.io import write_jsonl
from ifevalpp.generate.pins import compare, file_digests, load_pins

MANIFEST = Path(__file__).resolve().parents[2] / "data" / "families" / "manifest.json"


def _assert_pinned(out: Path, name: str, pin: dict) -> None:
    changes = compare(load_pins()[name], file_digests(out))
    assert changes.none, (f"{name}: {changes.summary()} (the sample in tests/fixtures/sample/ "
                          f"shows what such changes look like); when the change is meant, "
                          f"update the sha256 in data/families/manifest.json and the digests "
                          f"(`python -m ifevalpp.generate.pins {out.name} --write`)")
    assert len(out.read_text(encoding="utf-8").splitlines()) == pin["lines"]
    assert hashlib.sha256(out.read_bytes()).hexdigest() == pin["sha256"]


def _pin(original_path: Path, name: str) -> dict:
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    assert hashlib.sha256(original_path.read_bytes()).hexdigest() == manifest["input_sha256"]
    return manifest["families"][name]


def test_the_default_family_file_matches_its_pinned_sha256(original_path, default_file,
                                                            tmp_path):
    # The whole-file scans' file (tests/generate/conftest.py), written as the CLI writes it.
    pin = _pin(original_path, "template.jsonl")
    assert (pin["profile"], pin["seed"]) == ("official", 0)
    out = tmp_path / "template.jsonl"
    write_jsonl(out, default_file[0].variants)
    _assert_pinned(out, "template.jsonl", pin)


def test_the_revised_family_file_from_the_cli_matches_its_pinned_sha256(original_path, tmp_path):
    pin = _pin(original_path, "revised.jsonl")
    out = tmp_path / "revised.jsonl"
    result = CliRunner().invoke(main, ["generate-families", "--original", str(original_path),
                                       "--out", str(out), "--profile", pin["profile"],
                                       "--seed", str(pin["seed"])])
    assert result.exit_code == 0, result.output
    _assert_pinned(out, "revised.jsonl", pin)
