"""The same families at every k: a reliable@k curve can never rise with k.

Counting a family at small k but not at large k (because it lacks a cousin, or a cousin
has no answer) lets the curve rise whenever the left-out families are failing ones: the
defect the GPT-4 responses showed (distractor reliable@1 77.22 on 540 families, @2 78.01
on 532). Every reliable@k table now counts one set of families, stated above it, and
per-type comparisons between kinds are made on the same cases.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ifevalpp.evaluate import score
from ifevalpp.report.markdown import render_markdown
from ifevalpp.report.terminal import format_reliability_report
from tests.evaluate.builders import family_prompts, responses_for, write_lines

# Family 1 passes everywhere; families 2 and 3 fail everywhere. Family 2 lacks its third
# distractor, family 3's last reconfiguration has no answer: at small k the old tables
# counted both failing families, at large k neither, so the curves rose.
SHORT = "2:distractor:3"
UNANSWERED = "3:reconfiguration:3"


def write(tmp_path: Path) -> tuple[Path, Path]:
    prompts = [p for p in family_prompts([1, 2, 3, 4, 5]) if p["key"] != SHORT]
    fails = {p["key"]: False for p in prompts if p["case"] in (2, 3)}
    answers = [r for r in responses_for(prompts, fails) if r["key"] != UNANSWERED]
    return (write_lines(tmp_path / "responses.jsonl", answers),
            write_lines(tmp_path / "families.jsonl", prompts))


def ns(report, section: str, **where) -> set[int]:
    return {row.count for row in report.select(section, mode="strict", **where)}


def values(report, section: str, **where) -> list[float]:
    return [row.value for row in sorted(report.select(section, mode="strict", **where),
                                        key=lambda row: row.k)]


def test_every_k_of_the_overall_table_counts_the_same_families(tmp_path):
    report = score(*write(tmp_path), missing="exclude")
    assert ns(report, "reliable") == {3}                       # families 1, 4 and 5
    assert values(report, "reliable") == [1.0] * 10


def test_every_k_of_every_kind_counts_the_same_families(tmp_path):
    report = score(*write(tmp_path), missing="exclude")
    for kind in ("rephrasing", "distractor", "reconfiguration"):
        assert ns(report, "by_kind", kind=kind) == {3}, kind
        curve = values(report, "by_kind", kind=kind)
        assert all(later <= earlier for earlier, later in zip(curve, curve[1:])), kind


def test_the_curve_never_rises_when_failing_families_lack_cousins(tmp_path):
    report = score(*write(tmp_path), missing="fail")  # family 3's gap fails instead
    curve = values(report, "reliable")
    assert all(later <= earlier for earlier, later in zip(curve, curve[1:]))
    assert ns(report, "reliable") == {4}                       # only family 2 lacks a prompt


def test_the_families_left_out_are_stated_once_above_the_table(tmp_path):
    report = score(*write(tmp_path), missing="exclude")
    text = format_reliability_report(report)
    assert ("3 of 5 families at every k: those with all 10 prompts answered; left out: 1 "
            "with fewer than 10 prompts, 1 with a prompt unanswered") in text
    assert "n = families counted at that k" not in render_markdown(report)


def test_the_drop_compares_reliable_at_10_and_at_1_on_the_same_families(tmp_path):
    report = score(*write(tmp_path), missing="fail")
    drop = report.estimate("drop/strict")
    assert drop.count == report.estimate("reliable/strict/1").count == 4
    assert drop.value == pytest.approx(
        1 - report.value("reliable/strict/10") / report.value("reliable/strict/1"))


def test_per_type_pass_rates_of_the_kinds_are_paired_on_the_same_cases(tmp_path):
    report = score(*write(tmp_path), missing="exclude")
    name = "punctuation:no_comma"
    paired = {row.kind: row for row in report.select("type_paired", mode="strict", name=name)}
    assert set(paired) == {"original", "rephrasing", "distractor", "reconfiguration"}
    # Families 1, 2, 4 and 5 have the type in every kind, every prompt answered (family 2
    # lacks a distractor, but its two distractors count); family 3 has a gap.
    assert {row.families for row in paired.values()} == {4}
    assert paired["original"].count == 4 and paired["rephrasing"].count == 12
    # The unpaired rate counts every answered prompt of the kind: other cases per kind.
    unpaired = {row.kind: row.families
                for row in report.select("type", mode="strict", name=name)}
    assert unpaired["original"] == 5 and unpaired["distractor"] == 5


@pytest.mark.reference
def test_gpt4_answers_copied_to_every_cousin_give_one_n_per_table_and_a_flat_curve(
        tmp_path, original_path, reference_dir):
    """Every cousin is answered with its original's GPT-4 answer, so each family passes or
    fails as a whole and the true curve is flat. Some families lack cousins (every 7th its
    third distractor, every 11th two reconfigurations) and key 2785 has no answer."""
    originals = [json.loads(line) for line in original_path.read_text().splitlines()]
    answers = {}
    for line in (reference_dir / "gpt4_responses.jsonl").read_text().splitlines():
        record = json.loads(line)
        answers[record["prompt"]] = record["response"]
    prompts, responses = [], []
    for position, case in enumerate(originals):
        key = case["key"]
        layout = [("original", 0)] + [(kind, i) for kind in ("rephrasing", "distractor",
                                                               "reconfiguration")
                                      for i in (1, 2, 3)]
        for kind, index in layout:
            if (kind == "distractor" and index == 3 and position % 7 == 0) or (
                    kind == "reconfiguration" and index > 1 and position % 11 == 0):
                continue
            prompt = case["prompt"] if kind == "original" else \
                f"{case['prompt']}\n\n({kind} {index})"
            prompts.append({"key": f"{key}:{kind}:{index}", "case": key, "kind": kind,
                            "index": index, "prompt": prompt,
                            "instruction_id_list": case["instruction_id_list"],
                            "kwargs": case["kwargs"]})
            if case["prompt"] in answers:
                responses.append({"key": f"{key}:{kind}:{index}", "prompt": prompt,
                                  "response": answers[case["prompt"]]})
    report = score(write_lines(tmp_path / "responses.jsonl", responses),
                   write_lines(tmp_path / "families.jsonl", prompts), missing="exclude",
                   workers=1)
    assert len(ns(report, "reliable")) == 1
    curve = values(report, "reliable")
    assert all(later <= earlier + 1e-12 for earlier, later in zip(curve, curve[1:]))
    for kind in ("rephrasing", "distractor", "reconfiguration"):
        assert len(ns(report, "by_kind", kind=kind)) == 1, kind
        curve = values(report, "by_kind", kind=kind)
        assert all(later <= earlier + 1e-12 for earlier, later in zip(curve, curve[1:])), kind
