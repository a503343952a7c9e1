"""`generate-families --original ifevalpp-fixed` on the real file (IFEVALPP_ORIGINAL_FIXED).

The IFEval++ authors' hand-fixed copy makes the prompt and kwargs of the GitHub cases that
disagree agree again, so generating from it completes families the GitHub release cannot
(measured: 337, 374, 1174, 1627, 2180, 3369, 3371, 3718); it asks for 'at most' (key 1217),
so it is generated under the revised profile.
"""

from __future__ import annotations

import json

from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.original import REVISIONS

# GitHub cases whose families are incomplete because the prompt and its kwargs disagree (or a
# forbidden word sits in text the answer must repeat), complete from the fixed copy.
COMPLETED_BY_THE_FIX = ("337", "374", "1174", "1627", "2180", "3369", "3371", "3718")


def test_the_fixed_copy_generates_under_revised_and_completes_the_flawed_cases(
        original_fixed_path, tmp_path):
    fetched = CliRunner().invoke(main, ["fetch", "--revision", "ifevalpp-fixed", "--from",
                                        str(original_fixed_path)])
    assert fetched.exit_code == 0, fetched.output
    out = tmp_path / "fixed.jsonl"
    result = CliRunner().invoke(main, ["generate-families", "--original", "ifevalpp-fixed",
                                       "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    manifest = json.loads(out.with_name("fixed.manifest.json").read_text(encoding="utf-8"))
    assert manifest["input"]["revision"] == "ifevalpp-fixed"
    assert manifest["input"]["sha256"] == REVISIONS["ifevalpp-fixed"].sha256
    assert manifest["input"]["cases"] == 541
    assert manifest["profile"] == "revised"
    assert "case 1217" in manifest["profile_choice"]["reason"]
    incomplete = set(manifest["shortfall"])
    assert not incomplete & set(COMPLETED_BY_THE_FIX)
    assert "1217" not in incomplete
    assert manifest["coverage"]["fraction"] >= 0.96
