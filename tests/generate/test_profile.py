"""Which profile `generate-families` validates under: official when it can check every case,
else revised; a profile asked for that cannot check a case is refused, naming the case."""

from __future__ import annotations

import hashlib
import json

from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.generate.profile import choose_profile
from ifevalpp.schema import Case, Variant

# 'at most' (as in key 1217 of IFEval++'s fixed copy): only revised and ifevalpp-paper check it.
AT_MOST = Case(key=9, prompt="Write an advert for a digital photo frame. Respond with at most "
                             "60 words.",
               instruction_id_list=["length_constraints:number_words"],
               kwargs=[{"relation": "at most", "num_words": 60}])


def _write(path, cases):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(case.model_dump(mode="json")) + "\n" for case in cases),
                    encoding="utf-8")
    return path


def _variants(cases):
    return [Variant(key=f"{case.key}:original:0", case=case.key, kind="original", index=0,
                    prompt=case.prompt, instruction_id_list=case.instruction_id_list,
                    kwargs=case.kwargs) for case in cases]


def test_a_file_the_official_profile_checks_is_generated_under_it(tmp_path, cases):
    choice = choose_profile(_variants(cases), tmp_path / "cases.jsonl")
    assert (choice.profile, choice.requested) == ("official", None)
    assert choice.manifest() == {"profile": "official", "requested": "auto",
                                 "reason": "the official profile checks every case"}


def test_a_case_only_revised_can_check_moves_the_whole_file_to_revised(tmp_path, cases):
    choice = choose_profile(_variants([*cases, AT_MOST]), tmp_path / "cases.jsonl")
    assert choice.profile == "revised"
    assert choice.reason.startswith("the official profile cannot check case 9 (")
    assert "'at most'" in choice.reason


def test_the_fixed_revision_is_generated_under_revised_and_the_manifest_says_so(
        tmp_path, cases, monkeypatch):
    monkeypatch.setenv("IFEVALPP_DATA", str(tmp_path / "data"))
    source = _write(tmp_path / "data" / "original" / "ifevalpp-fixed.jsonl",
                    [cases[0], cases[2], AT_MOST])
    out = tmp_path / "fixed.jsonl"
    result = CliRunner().invoke(main, ["generate-families", "--original", "ifevalpp-fixed",
                                       "--out", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    assert "profile: revised (the official profile cannot check case 9" in result.output
    manifest = json.loads(out.with_name("fixed.manifest.json").read_text(encoding="utf-8"))
    assert manifest["profile"] == "revised" == manifest["provenance"]["profile"]
    assert manifest["profile_choice"]["requested"] == "auto"
    assert manifest["input"]["revision"] == "ifevalpp-fixed"
    assert manifest["input"]["sha256"] == hashlib.sha256(source.read_bytes()).hexdigest()
    keys = [json.loads(line)["key"] for line in out.read_text(encoding="utf-8").splitlines()]
    assert sum(key.startswith("9:") for key in keys) == 10  # the 'at most' case is complete


def test_a_profile_that_cannot_check_a_case_is_refused_naming_it(tmp_path, cases):
    source = _write(tmp_path / "cases.jsonl", [cases[0], AT_MOST])
    out = tmp_path / "fam.jsonl"
    result = CliRunner().invoke(main, ["generate-families", "--original", str(source), "--out",
                                       str(out), "--profile", "official", "--no-progress"])
    assert result.exit_code == 2
    assert f"{source}, line 2, field 'kwargs.0.relation': case 9:" in result.output
    assert "--profile revised" in result.output
    assert not out.exists()


def test_an_unselected_case_does_not_decide_the_profile(tmp_path, cases):
    source = _write(tmp_path / "cases.jsonl", [cases[0], AT_MOST])
    out = tmp_path / "fam.jsonl"
    result = CliRunner().invoke(main, ["generate-families", "--original", str(source), "--out",
                                       str(out), "--cases", "1", "--no-progress"])
    assert result.exit_code == 0, result.output
    manifest = json.loads(out.with_name("fam.manifest.json").read_text(encoding="utf-8"))
    assert manifest["profile"] == "official" and manifest["input"]["revision"] is None
