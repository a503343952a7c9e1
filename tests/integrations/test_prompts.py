"""Which prompts a harness task asks: the default families (pinned), any family file, originals."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from ifevalpp.errors import IfevalppError, InputError
from ifevalpp.integrations import prompts
from ifevalpp.integrations.prompts import (default_families, default_family_path,
                                           family_source, load_rows, original_source)
from tests.evaluate.builders import family_prompts, write_lines

MANIFEST = Path(__file__).resolve().parents[2] / "data" / "families" / "manifest.json"


def _pin_to(monkeypatch, data: bytes) -> str:
    digest = hashlib.sha256(data).hexdigest()
    monkeypatch.setattr(prompts, "DEFAULT_FAMILY_SHA256", digest)
    return digest


def test_the_default_family_pin_is_the_one_in_the_families_manifest():
    pins = json.loads(MANIFEST.read_text(encoding="utf-8"))["families"]
    assert prompts.DEFAULT_FAMILY_SHA256 == pins[prompts.DEFAULT_FAMILY_NAME]["sha256"], (
        "update DEFAULT_FAMILY_SHA256 in ifevalpp/integrations/prompts.py with the new pin")


def test_the_default_families_live_in_the_data_directory(private_data_dir):
    assert default_family_path() == private_data_dir / "families" / "template.jsonl"


def test_a_default_file_with_the_pinned_bytes_is_reused_without_generating(monkeypatch,
                                                                            tmp_path):
    path = write_lines(tmp_path / "template.jsonl", family_prompts([1]))
    digest = _pin_to(monkeypatch, path.read_bytes())

    def generate(where: Path) -> None:
        raise AssertionError("must not generate")

    source = default_families(path=path, generate=generate)
    assert (source.action, source.sha256, source.pinned) == ("reused", digest, True)


def test_absent_default_families_are_made_and_checked_against_the_pin(monkeypatch, tmp_path):
    made = write_lines(tmp_path / "made.jsonl", family_prompts([1, 2]))
    _pin_to(monkeypatch, made.read_bytes())
    target = tmp_path / "data" / "families" / "template.jsonl"
    source = default_families(path=target, generate=lambda where: where.write_bytes(
        made.read_bytes()))
    assert source.action == "generated" and target.read_bytes() == made.read_bytes()


def test_default_families_whose_bytes_differ_from_the_pin_are_refused(monkeypatch, tmp_path):
    _pin_to(monkeypatch, b"other bytes")
    target = tmp_path / "template.jsonl"
    with pytest.raises(IfevalppError, match="not the pin"):
        default_families(path=target, generate=lambda where: write_lines(
            where, family_prompts([1])))


def test_rows_carry_the_size_of_their_family_per_kind(tmp_path):
    records = [record for record in family_prompts([1, 2])
               if record["key"] not in ("2:distractor:2", "2:distractor:3")]
    rows = load_rows(write_lines(tmp_path / "families.jsonl", records))
    sizes = {row.case: row.family for row in rows}
    assert sizes == {"1": [1, 3, 3, 3], "2": [1, 3, 1, 3]}
    assert rows[0].key == "1:original:0" and rows[0].kind == "original"


def test_originals_only_keeps_the_original_of_each_family(tmp_path):
    rows = load_rows(write_lines(tmp_path / "families.jsonl", family_prompts([1, 2])),
                     originals_only=True)
    assert [(row.key, row.family) for row in rows] == [("1:original:0", [1, 0, 0, 0]),
                                                       ("2:original:0", [1, 0, 0, 0])]


@pytest.mark.parametrize("cases, chosen", [
    ("2,3", {"2", "3"}), (["3"], {"3"}), (2, None), ("", {"1", "2", "3"}),
])
def test_cases_choose_whole_families_by_key_or_seeded_count(tmp_path, cases, chosen):
    rows = load_rows(write_lines(tmp_path / "families.jsonl", family_prompts([1, 2, 3])),
                     cases=cases)
    found = {row.case for row in rows}
    if chosen is None:
        assert len(found) == 2 and len(rows) == 20
    else:
        assert found == chosen


def test_an_unknown_case_key_is_refused_naming_it(tmp_path):
    with pytest.raises(InputError, match="no family for case key"):
        load_rows(write_lines(tmp_path / "families.jsonl", family_prompts([1])), cases="9,")


def test_kwargs_the_profile_cannot_check_are_refused_with_their_line(tmp_path):
    record = {"key": "1:original:0", "prompt": "Write at most 5 words.",
              "instruction_id_list": ["length_constraints:number_words"],
              "kwargs": [{"relation": "at most", "num_words": 5}]}
    path = write_lines(tmp_path / "families.jsonl", [record])
    with pytest.raises(InputError, match="line 1"):
        load_rows(path, profile="official")
    assert load_rows(path, profile="revised")[0].kwargs == [{"relation": "at most",
                                                             "num_words": 5}]


def test_a_fetched_revision_whose_bytes_changed_is_refused(private_data_dir):
    original = private_data_dir / "original" / "github.jsonl"
    original.parent.mkdir(parents=True)
    write_lines(original, [{"key": 1, "prompt": "Say hi.", "instruction_id_list": [],
                            "kwargs": []}])
    with pytest.raises(InputError, match="differs from the pin"):
        original_source("github")


def test_a_revision_not_fetched_yet_says_how_to_fetch_it():
    with pytest.raises(InputError, match="ifevalpp fetch"):
        original_source("github")


def test_a_fetched_revision_of_families_names_its_file_in_the_data_directory(private_data_dir):
    fetched = private_data_dir / "original" / "ifevalpp-families.jsonl"
    fetched.parent.mkdir(parents=True)
    write_lines(fetched, family_prompts([4], ifevalpp_names=True))
    source = family_source("ifevalpp-families")
    assert source.path == str(fetched) and source.revision == "ifevalpp-families"
    rows = load_rows(source.path)
    assert len(rows) == 10 and {row.kind for row in rows} == {
        "original", "rephrasing", "distractor", "reconfiguration"}


def test_generate_families_without_out_writes_where_the_harness_tasks_look(
        monkeypatch, tmp_path, private_data_dir):
    # The README's `generate-families`, then `lm-eval-tasks`: the second builds nothing.
    from tests.helpers import SMALL_CASES, run_cli

    cases = write_lines(tmp_path / "cases.jsonl", SMALL_CASES)
    made = run_cli("generate-families", "--original", str(cases), "--no-progress",
                   env={"IFEVALPP_DATA": str(private_data_dir)})
    assert made.returncode == 0, made.stderr
    assert default_family_path().is_file()
    _pin_to(monkeypatch, default_family_path().read_bytes())

    def generate(where: Path) -> None:
        raise AssertionError("lm-eval-tasks must not build the families again")

    assert default_families(generate=generate).action == "reused"
