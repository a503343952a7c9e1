"""The family manifest says, per kind, what was produced: task sources, distractor style and
requirements, the direction of every reconfigured value, the diversity of added sentences."""

from __future__ import annotations

from pathlib import Path

import pytest

from ifevalpp.generate import generate_families
from ifevalpp.generate.manifest import (TASK_KEPT, TASK_NEW, TASK_REWRITTEN, family_manifest,
                                        task_source)


@pytest.fixture(scope="module")
def made(cases):
    result = generate_families(cases)
    manifest = family_manifest(result, input_path=Path("cases.jsonl"), input_sha256="0" * 64,
                               output_path=Path("out.jsonl"), output_sha256="1" * 64,
                               revision="ifevalpp-fixed",
                               profile_choice={"profile": "official", "requested": "auto",
                                               "reason": "the official profile checks every "
                                                         "case"})
    return result, manifest


def test_every_kind_counts_where_its_tasks_came_from(made):
    result, manifest = made
    for kind, entry in manifest["kinds_made"].items():
        cousins = [v for v in result.variants if v.kind == kind]
        assert sum(entry["task_source"].values()) == len(cousins), kind
        assert set(entry["task_source"]) <= {TASK_KEPT, TASK_REWRITTEN, TASK_NEW}
    assert set(manifest["kinds_made"]["distractor"]["task_source"]) == {TASK_KEPT}


def test_task_source_reads_the_generator_detail(made):
    result, _ = made
    sources = {task_source(v) for v in result.variants if v.kind == "reconfiguration"
               and v.generator.detail.get("strategy") == "task"}
    assert sources <= {TASK_NEW}
    assert {task_source(v) for v in result.variants if v.kind == "original"} == {TASK_KEPT}


def test_reconfigured_directions_are_counted_per_instruction_type(made):
    result, manifest = made
    entry = manifest["kinds_made"]["reconfiguration"]
    totals: dict[str, int] = {}
    for counts in entry["directions_by_type"].values():
        for direction, number in counts.items():
            totals[direction] = totals.get(direction, 0) + number
    assert totals == entry["directions"]
    recorded = sum(len(v.generator.detail.get("directions", {})) for v in result.variants
                   if v.kind == "reconfiguration")
    assert sum(totals.values()) == recorded > 0


def test_distractor_requirement_types_add_up_to_the_instruction_distractors(made):
    _, manifest = made
    entry = manifest["kinds_made"]["distractor"]
    assert entry["distractor_style"] == "format"
    assert sum(entry["requirement_types"].values()) == entry["distractor"].get("instruction", 0)


def test_the_manifest_names_the_input_revision_and_the_profile_choice(made):
    _, manifest = made
    assert manifest["input"]["revision"] == "ifevalpp-fixed"
    assert manifest["input"]["sha256"] == "0" * 64
    assert manifest["profile_choice"]["requested"] == "auto"
    assert all("diversity" in entry for entry in manifest["kinds_made"].values())
