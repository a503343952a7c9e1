"""The default family files are reproducible byte for byte: their sha256 is pinned in git, and
so is a digest per family, so a moved pin names the families that changed."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.generate.pins import compare, file_digests, load_pins

MANIFEST = Path(__file__).resolve().parents[2] / "data" / "families" / "manifest.json"


@pytest.mark.parametrize("name", ["template.jsonl", "revised.jsonl"])
def test_default_family_file_matches_its_pinned_sha256(original_path, tmp_path, name):
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    assert hashlib.sha256(original_path.read_bytes()).hexdigest() == manifest["input_sha256"]
    pin = manifest["families"][name]
    out = tmp_path / name
    result = CliRunner().invoke(main, ["generate-families", "--original", str(original_path),
                                       "--out", str(out), "--profile", pin["profile"],
                                       "--seed", str(pin["seed"])])
    assert result.exit_code == 0, result.output
    changes = compare(load_pins()[name], file_digests(out))
    assert changes.none, (f"{name}: {changes.summary()} (the sample in tests/generate/sample/ "
                          f"shows what such changes look like); when the change is meant, "
                          f"update the sha256 in data/families/manifest.json and the digests "
                          f"(`python -m ifevalpp.generate.pins {out.name} --write`)")
    assert len(out.read_text(encoding="utf-8").splitlines()) == pin["lines"]
    assert hashlib.sha256(out.read_bytes()).hexdigest() == pin["sha256"]
