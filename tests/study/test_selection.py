"""`--cases`: whole families, a seeded sample or explicit keys, byte-identical on every run."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from ifevalpp.errors import InputError
from ifevalpp.study import CaseSelection
from ifevalpp.study.selection import select_families


def cases_in(path: Path) -> Counter:
    return Counter(json.loads(line)["case"] for line in path.read_text().splitlines())


def test_a_number_is_a_sample_and_a_list_is_case_keys() -> None:
    assert CaseSelection.parse("20") == CaseSelection(count=20)
    assert CaseSelection.parse("1000,1001") == CaseSelection(keys=("1000", "1001"))
    assert CaseSelection.parse("1000,") == CaseSelection(keys=("1000",))
    assert CaseSelection.parse(" 7 ", seed=3) == CaseSelection(count=7, seed=3)


@pytest.mark.parametrize("text", ["0", "-2", "two", "", ","])
def test_a_selection_that_is_neither_is_refused(text: str) -> None:
    with pytest.raises(InputError, match="--cases"):
        CaseSelection.parse(text)


def test_a_sample_keeps_whole_families_of_the_file(families: Path, tmp_path: Path) -> None:
    sample = select_families(families, CaseSelection(count=2), tmp_path / "sample.jsonl")
    kept = cases_in(tmp_path / "sample.jsonl")
    assert len(kept) == 2 and set(kept.values()) == {10}
    assert sample.prompts == 20 and sorted(sample.cases) == sorted(map(str, kept))


def test_a_sample_draws_only_complete_families(families: Path, tmp_path: Path) -> None:
    sample = select_families(families, CaseSelection(count=4), tmp_path / "sample.jsonl")
    assert sample.cases == ["3000", "3001", "3002", "3003"]  # never the four-prompt 3004


def test_a_sample_is_the_same_bytes_every_time(families: Path, tmp_path: Path) -> None:
    first = select_families(families, CaseSelection(count=2), tmp_path / "a.jsonl")
    second = select_families(families, CaseSelection(count=2), tmp_path / "b.jsonl")
    assert first.sha256 == second.sha256
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()


def test_a_larger_sample_extends_a_smaller_one(families: Path, tmp_path: Path) -> None:
    small = select_families(families, CaseSelection(count=1, seed=5), tmp_path / "a.jsonl")
    large = select_families(families, CaseSelection(count=3, seed=5), tmp_path / "b.jsonl")
    assert set(small.cases) < set(large.cases)


def test_the_seed_changes_the_sample(families: Path, tmp_path: Path) -> None:
    drawn = {tuple(select_families(families, CaseSelection(count=1, seed=seed),
                                   tmp_path / f"{seed}.jsonl").cases) for seed in range(8)}
    assert len(drawn) > 1


def test_lines_are_copied_verbatim_in_file_order(families: Path, tmp_path: Path) -> None:
    select_families(families, CaseSelection(keys=("3002", "3000")), tmp_path / "sample.jsonl")
    original = families.read_text().splitlines()
    kept = (tmp_path / "sample.jsonl").read_text().splitlines()
    assert kept == [line for line in original if json.loads(line)["case"] in (3000, 3002)]


def test_keys_take_exactly_those_families_even_incomplete(families: Path, tmp_path: Path) -> None:
    sample = select_families(families, CaseSelection(keys=("3004",)), tmp_path / "sample.jsonl")
    assert sample.cases == ["3004"] and sample.prompts == 4


def test_an_unknown_key_is_named(families: Path, tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no family for case key.*9999"):
        select_families(families, CaseSelection(keys=("3000", "9999")), tmp_path / "s.jsonl")
    assert not (tmp_path / "s.jsonl").exists()


def test_a_sample_larger_than_the_complete_families_is_refused(families: Path,
                                                               tmp_path: Path) -> None:
    with pytest.raises(InputError, match="only 4 complete families \\(of 5\\)"):
        select_families(families, CaseSelection(count=5), tmp_path / "s.jsonl")


def test_a_count_that_is_also_a_case_key_says_how_to_pick_the_key(tmp_path: Path) -> None:
    from study_helpers import write_families

    small = write_families(tmp_path / "f.jsonl", complete=2, start=7)
    with pytest.raises(InputError, match="write --cases 7,"):
        select_families(small, CaseSelection(count=7), tmp_path / "s.jsonl")


def test_the_sample_manifest_names_its_source_and_how_it_was_chosen(families: Path,
                                                                     tmp_path: Path) -> None:
    sample = select_families(families, CaseSelection(count=2, seed=1), tmp_path / "sample.jsonl")
    manifest = json.loads((tmp_path / "sample.manifest.json").read_text())
    assert manifest["source"] == str(families)
    assert manifest["selection"] == {"count": 2, "keys": [], "seed": 1}
    assert manifest["sha256"] == sample.sha256 and manifest["cases"] == sample.cases
