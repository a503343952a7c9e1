"""The first steps: the original is reused or taken from a path; the default family file is
reused only while its manifest matches what would be generated now."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from study_helpers import write_original

from ifevalpp.errors import InputError
from ifevalpp.study.sources import default_families, find_original, given_families


@pytest.fixture
def original(tmp_path: Path):
    return find_original(str(write_original(tmp_path / "cases.jsonl")))


def test_a_path_is_used_as_given_and_described(original, tmp_path: Path) -> None:
    assert original.action == "given" and original.cases == 3
    assert original.revision is None  # our own cases match no pinned release


def test_a_missing_original_names_the_path_and_the_revisions(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="nope.jsonl: file not found.*github"):
        find_original(str(tmp_path / "nope.jsonl"))


@pytest.mark.skipif(not os.environ.get("IFEVALPP_ORIGINAL"),
                    reason="needs IFEVALPP_ORIGINAL (the GitHub input_data.jsonl)")
def test_the_github_file_given_by_path_is_recognised_as_its_revision() -> None:
    found = find_original(os.environ["IFEVALPP_ORIGINAL"])
    assert found.revision == "github" and found.cases == 541


def test_default_families_are_generated_with_their_manifest(original, tmp_path: Path) -> None:
    path = tmp_path / "families" / "template.jsonl"
    made = default_families(original, path)
    manifest = json.loads((tmp_path / "families" / "template.manifest.json").read_text())
    assert made.action == "generated" and made.reason == "none yet"
    assert manifest["output"]["sha256"] == made.sha256
    assert manifest["input"]["sha256"] == original.sha256
    assert made.families == 3 and made.prompts == len(path.read_text().splitlines())


def test_an_unchanged_family_file_is_reused_without_generating(original, tmp_path: Path) -> None:
    path = tmp_path / "template.jsonl"
    default_families(original, path)
    started: list[str] = []
    again = default_families(original, path, on_start=lambda cases, reason: started.append(reason))
    assert again.action == "reused" and started == []


def test_an_edited_family_file_is_regenerated(original, tmp_path: Path) -> None:
    path = tmp_path / "template.jsonl"
    made = default_families(original, path)
    path.write_text(path.read_text().replace("story", "tale"))
    again = default_families(original, path)
    assert again.action == "generated" and "no longer has the sha256" in again.reason
    assert again.sha256 == made.sha256


def test_another_profile_regenerates(original, tmp_path: Path) -> None:
    path = tmp_path / "template.jsonl"
    default_families(original, path)
    again = default_families(original, path, profile="revised")
    assert again.action == "generated" and "profile official → revised" in again.reason


def test_a_family_file_from_another_original_is_regenerated(original, tmp_path: Path) -> None:
    path = tmp_path / "template.jsonl"
    default_families(original, path)
    other = find_original(str(write_original(tmp_path / "other.jsonl", count=2)))
    again = default_families(other, path)
    assert again.action == "generated" and "input sha256" in again.reason
    assert again.families == 2


def test_a_missing_manifest_regenerates(original, tmp_path: Path) -> None:
    path = tmp_path / "template.jsonl"
    default_families(original, path)
    (tmp_path / "template.manifest.json").unlink()
    assert default_families(original, path).reason == "template.manifest.json is missing"


def test_a_given_family_file_is_checked_line_by_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"key": "1:original:0", "prompt": "x", "instruction_id_list": '
                   '["no:such_type"], "kwargs": [{}]}\n')
    with pytest.raises(InputError, match="bad.jsonl, line 1"):
        given_families(bad)


def test_cases_the_studys_profile_cannot_check_are_refused_before_generating(tmp_path: Path
                                                                           ) -> None:
    # 'at most' (IFEval++'s fixed copy, key 1217): the study scores under its own profile, so
    # it asks for --profile revised instead of switching on its own.
    cases = tmp_path / "fixed.jsonl"
    cases.write_text(json.dumps({
        "key": 9, "prompt": "Write an advert for a photo frame in at most 60 words.",
        "instruction_id_list": ["length_constraints:number_words"],
        "kwargs": [{"relation": "at most", "num_words": 60}]}) + "\n")
    original = find_original(str(cases))
    path = tmp_path / "template.jsonl"
    with pytest.raises(InputError, match="line 1, field 'kwargs.0.relation': case 9: .*"
                                         "run the study with --profile revised"):
        default_families(original, path)
    assert not path.exists()
    made = default_families(original, path, profile="revised")
    manifest = json.loads((tmp_path / "template.manifest.json").read_text())
    assert made.action == "generated" and manifest["profile"] == "revised"
    assert manifest["profile_choice"] == {"profile": "revised", "requested": "revised",
                                          "reason": "--profile revised"}


def test_the_default_families_generate_families_made_are_copied_not_grown_again(
        original, tmp_path: Path) -> None:
    from tests.helpers import run_cli

    made = run_cli("generate-families", "--original", original.path, "--no-progress",
                   env={"IFEVALPP_DATA": os.environ["IFEVALPP_DATA"]})
    assert made.returncode == 0, made.stderr
    shared = Path(os.environ["IFEVALPP_DATA"]) / "families" / "template.jsonl"
    assert shared.is_file(), "generate-families writes the data directory's default families"
    started: list[str] = []
    path = tmp_path / "study" / "families" / "template.jsonl"
    found = default_families(original, path, on_start=lambda cases, reason: started.append(reason))
    assert started == [] and found.action == "reused" and "copied from" in found.reason
    assert path.read_bytes() == shared.read_bytes()
    assert (path.parent / "template.manifest.json").is_file()
