"""`score --protocols A,B,...`: every headline number side by side, paired differences, flips."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.evaluate.sensitivity import protocol_sensitivity
from tests.helpers import case, write_lines

# Our own small cases: the keyword "cat" appears only inside "category" in the response, which
# the official checker counts (substring) and the revised one does not (whole words).
CASES = [
    case(1, "Mention a cat, please.", ("keywords:existence", {"keywords": ["cat"]})),
    case(2, "Write about tea without commas.", ("punctuation:no_comma", {})),
    case(3, "Write about rain without commas.", ("punctuation:no_comma", {})),
]
RESPONSES = [
    {"prompt": CASES[0]["prompt"], "response": "This falls in another category entirely."},
    {"prompt": CASES[1]["prompt"], "response": "Green tea is calm and warm"},
]  # case 3 has no response


@pytest.fixture()
def files(tmp_path: Path) -> tuple[Path, Path]:
    return (write_lines(tmp_path / "responses.jsonl", RESPONSES),
            write_lines(tmp_path / "cases.jsonl", CASES))


def test_numbers_side_by_side_with_differences_to_the_first_protocol(files):
    responses, cases = files
    result = protocol_sensitivity(responses, cases, ["official", "revised"], bootstrap=200)
    official = result.row("ifeval/prompt_strict", "official")
    revised = result.row("ifeval/prompt_strict", "revised")
    assert official["value"] == 1.0 and official["count"] == 2    # case 3 excluded
    assert revised["value"] == pytest.approx(1 / 2)
    assert revised["delta"] == pytest.approx(-1 / 2) and official["delta"] == 0
    assert revised["delta_ci_low"] <= revised["delta"] <= revised["delta_ci_high"]


def test_flips_count_the_instruction_types_whose_verdicts_differ(files):
    responses, cases = files
    result = protocol_sensitivity(responses, cases, ["official", "revised"], bootstrap=0)
    flips = {(flip.instruction_id, flip.mode): flip for flip in result.flips}
    existence = flips[("keywords:existence", "strict")]
    assert (existence.compared, existence.fail_to_pass, existence.pass_to_fail) == (1, 0, 1)
    assert flips[("punctuation:no_comma", "strict")].flipped == 0


def test_a_missing_policy_difference_is_not_a_verdict_flip(files):
    from ifevalpp.protocols import resolve_protocol

    responses, cases = files
    result = protocol_sensitivity(responses, cases,
                                  ["official", resolve_protocol("official", missing="fail")],
                                  bootstrap=0)
    assert all(flip.flipped == 0 for flip in result.flips)
    assert result.row("ifeval/prompt_strict", "official, missing=fail")["value"] == \
        pytest.approx(2 / 3)
    assert any("scored as failing under others" in note for note in result.notes)


def test_the_cli_prints_the_table_and_writes_csv_and_reports(files, tmp_path):
    responses, cases = files
    out = tmp_path / "out"
    done = CliRunner().invoke(main, ["score", str(responses), "--input", str(cases),
                                     "--protocols", "official,revised", "--bootstrap", "200",
                                     "--out", str(out)], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    assert "Every headline number under each protocol" in done.output
    line = next(line for line in done.output.splitlines()
                if line.startswith("prompt-level strict"))
    words = line.split()
    assert (words[2], words[5], words[6], words[9], words[10]) == ("100.00", "2", "50.00", "2",
                                                                  "-50.00")
    assert words[3].startswith("[")  # every protocol's number with its interval
    assert "keywords:existence" in done.output and "Verdict flips against official" in done.output
    with open(out / "protocols.csv", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert {row["protocol"] for row in rows} == {"official", "revised"}
    with open(out / "flips.csv", encoding="utf-8") as handle:
        flips = [row for row in csv.DictReader(handle) if row["flipped"] != "0"]
    assert [(row["instruction_id"], row["mode"]) for row in flips] == [
        ("keywords:existence", "loose"), ("keywords:existence", "strict")]
    assert json.loads((out / "official" / "metrics.json").read_text())["protocol"]["name"] == \
        "official"
    assert json.loads((out / "revised" / "metrics.json").read_text())["profile"] == "revised"
    page = (out / "report.md").read_text()
    assert "## Every headline number under each protocol" in page and "| revised |" in page
    assert "<h2>Verdict flips against official" in (out / "report.html").read_text()
    assert json.loads((out / "protocols.json").read_text())["reference"] == "official"


@pytest.mark.parametrize("spec, message", [("official,nonsense", "unknown protocol"),
                                           ("official,official", "names a protocol twice")])
def test_bad_protocol_lists_are_one_line_errors(files, spec, message):
    responses, cases = files
    done = CliRunner().invoke(main, ["score", str(responses), "--input", str(cases),
                                     "--protocols", spec])
    assert done.exit_code == 2 and message in done.output


def test_protocols_cannot_be_combined_with_a_single_protocols_flags(files):
    responses, cases = files
    done = CliRunner().invoke(main, ["score", str(responses), "--input", str(cases),
                                     "--protocols", "official,revised", "--missing", "fail"])
    assert done.exit_code == 2 and "drop --protocol, --profile" in done.output


def test_each_protocols_report_equals_scoring_under_that_protocol_alone(tmp_path):
    from ifevalpp.evaluate import score
    from tests.evaluate.builders import family_prompts, responses_for
    from tests.evaluate.builders import write_lines as write_records

    prompts = family_prompts([1, 2, 3, 4, 5])
    fails = {"1:rephrasing:1": False, "2:distractor:3": "loose", "4:original:0": False}
    responses = write_records(tmp_path / "r.jsonl", responses_for(
        prompts, fails, errors=[("5:reconfiguration:2", 0)]))
    families = write_records(tmp_path / "f.jsonl", prompts)
    names = ["official", "revised", "ifevalpp-paper"]
    together = protocol_sensitivity(responses, families, names, bootstrap=300)
    for name, report in zip(names, together.reports):
        alone = score(responses, families, protocol=name, bootstrap=300)
        assert [row.model_dump() for row in report.estimates] == \
            [row.model_dump() for row in alone.estimates], name


def test_every_difference_belongs_to_its_own_row_also_after_the_drop(tmp_path):
    # Families whose numbers differ between protocols after the relative drop (derived
    # metrics come last in the intervals): each row's delta is its own value minus the first
    # protocol's, the distractor side figure included ('at most' is checked by revised only).
    from tests.evaluate.builders import distractor_answers, distractor_family_prompts

    prompts = distractor_family_prompts()
    responses = write_lines(tmp_path / "answers.jsonl", distractor_answers(prompts))
    families = write_lines(tmp_path / "families.jsonl", prompts)
    result = protocol_sensitivity(responses, families, ["official", "revised"], bootstrap=0)
    ids = result.metric_ids()
    assert "drop/strict" in ids and "distractor_followed/strict" in ids
    assert ids.index("drop/strict") < ids.index("by_kind/distractor/strict/4")
    for metric_id in ids:
        first, second = result.row(metric_id, "official"), result.row(metric_id, "revised")
        assert second["delta"] == pytest.approx(second["value"] - first["value"]), metric_id
    followed = result.row("distractor_followed/strict", "revised")
    assert (followed["value"], followed["count"]) == (pytest.approx(6 / 8), 8)


def test_a_reused_out_never_mixes_a_single_run_with_a_protocols_run(files, tmp_path):
    # A single run's metrics.json used to stay beside a later --protocols run's report.md.
    responses, cases = files
    out = tmp_path / "out"
    single = ["score", str(responses), "--input", str(cases), "--missing", "exclude", "--out",
              str(out)]
    several = ["score", str(responses), "--input", str(cases), "--protocols",
               "official,ifevalpp-paper", "--bootstrap", "50", "--out", str(out)]
    (out / "notes.txt").parent.mkdir()
    (out / "notes.txt").write_text("mine")
    assert CliRunner().invoke(main, single).exit_code == 0
    assert CliRunner().invoke(main, several).exit_code == 0
    assert not (out / "metrics.json").exists() and not (out / "results.jsonl").exists()
    assert (out / "protocols.csv").exists() and (out / "official" / "metrics.json").exists()
    assert CliRunner().invoke(main, single).exit_code == 0
    assert not (out / "protocols.csv").exists() and not (out / "official").exists()
    assert not (out / "ifevalpp-paper").exists() and (out / "metrics.json").exists()
    assert (out / "notes.txt").read_text() == "mine"  # never anything that is not ours
