"""A new instruction type, defined entirely in this file, flows through every stage.

`ExclamationMarks` ("use exactly N exclamation marks") is what a user outside
the project would write: a Params model, the check, the one finder of its
statements, its count, what a response must not exceed, its witness part, how
to pick another value, and its wording (here inline; a plug-in package would
point `wording_path` at a .j2 file). Registering it edits no ifevalpp module;
the fixture unregisters it again, so the other tests never see it.
docs/adding-an-instruction-type.md walks through this example.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, Optional

import pytest
from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.constraints import (REGISTRY, Constraint, check, check_loose, parse_params,
                                  register, unregister)
from ifevalpp.constraints.parameters import Count, Params
from ifevalpp.constraints.support.case import CaseContext, Item
from ifevalpp.constraints.support.choosing import pick_other
from ifevalpp.constraints.support.counts import CountSpec
from ifevalpp.constraints.support.cues import hard_counts
from ifevalpp.constraints.support.draft import Draft
from ifevalpp.constraints.support.edits import counted, spans_of
from ifevalpp.constraints.support.count_phrases import counts
from ifevalpp.constraints.support.requirements import Budget, Requirements
from ifevalpp.constraints.support.statements import (Statement, count_statement,
                                                     edit_statements, statement)
from ifevalpp.profiles import Profile
from ifevalpp.validate import validate_case
from ifevalpp.validate.witness import build_witness
from tests.helpers import case, write_lines

ID = "punctuation:exclamation_marks"
MENTION = r"exclamation (?:marks?|points?)"
WORDING = """\
{#- punctuation:exclamation_marks — num_exclamations. -#}
{% set variants = {"imperative": 2, "declarative": 2, "question": 1, "list": 1} %}
{% macro _marks(p) %}{{ p.num_exclamations }} {{ plural(p.num_exclamations, "exclamation mark") }}{% endmacro %}
{% macro imperative(p, v) %}
{% if v == 0 %}Use exactly {{ _marks(p) }} in your reply.{% else %}Put exactly {{ _marks(p) }} into the answer, no more and no fewer.{% endif %}
{% endmacro %}
{% macro declarative(p, v) %}
{% if v == 0 %}The answer should contain exactly {{ _marks(p) }}.{% else %}Exactly {{ _marks(p) }} must appear in what you write.{% endif %}
{% endmacro %}
{% macro question(p, v) %}
Could you use exactly {{ _marks(p) }} in your reply?
{% endmacro %}
{% macro list(p, v) %}
exactly {{ _marks(p) }}
{% endmacro %}
"""


class ExclamationParams(Params):
    num_exclamations: Count


class ExclamationMarks(Constraint):
    """The response holds exactly N '!' characters."""

    id = ID
    Params = ExclamationParams
    count = CountSpec("num_exclamations", shape="exact")
    wording_source = WORDING

    def check(self, response: str, params: ExclamationParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return response.count("!") == params.num_exclamations

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        own = ("exclamations",)
        found = [count_statement(prompt, number, own) for number in counts(prompt)
                 if number.unit == "exclamations" and not number.soft]
        found += [statement(prompt, start, end, own, "mention")
                  for start, end in spans_of(MENTION, prompt)]
        if edits:
            found += edit_statements(prompt, values=counted(prompt, MENTION,
                                                            params.num_exclamations, slack=0),
                                     mentions=spans_of(MENTION, prompt))
        return found

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        return hard_counts(self, prompt, "exclamations", r"exclamation")

    def requires(self, params: ExclamationParams) -> Requirements:
        return Requirements(budget=Budget(self.interval(params), lambda text: text.count("!")))

    def satisfy(self, params: ExclamationParams, draft: Draft) -> None:
        if params.num_exclamations:
            draft.inline.append("!" * params.num_exclamations)

    def propose(self, params: ExclamationParams, rng: Any, *, profile: Profile = "official"
                ) -> dict[str, Any]:
        return {"num_exclamations": pick_other(rng, (1, 2, 3, 4, 5, 6), params.num_exclamations)}


@pytest.fixture
def exclamations():
    register(ExclamationMarks)
    yield REGISTRY[ID]
    unregister(ID)


STATEMENT = "Include {} exclamation marks, not one more."


def cheer(key: int, number: int, *, stated: Optional[int] = None) -> dict[str, Any]:
    """A case asking for `stated` exclamation marks (default: the stored `number`)."""
    shown = number if stated is None else stated
    return case(key, f"Write a short cheer for a school rowing team. {STATEMENT.format(shown)}",
                (ID, {"num_exclamations": number}))


# ---------------------------------------------------------------- registration


def test_registering_from_outside_adds_the_type_and_unregistering_removes_it(exclamations):
    assert REGISTRY[ID] is exclamations
    unregister(ID)
    assert ID not in REGISTRY
    register(ExclamationMarks)
    assert ID in REGISTRY


def test_the_type_is_unknown_before_it_is_registered():
    assert ID not in REGISTRY
    findings = validate_case(cheer(1, 3))
    assert [finding.code for finding in findings] == ["SCHEMA_UNKNOWN_ID"]


# ---------------------------------------------------------------- check and check_loose


def test_check_counts_exclamation_marks(exclamations):
    assert check(ID, "Row! Row! Row!", {"num_exclamations": 3})
    assert not check(ID, "Row! Row!", {"num_exclamations": 3})
    assert not check(ID, "   ", {"num_exclamations": 0})  # a blank response fails every type


def test_check_loose_tries_the_loose_variants(exclamations):
    response = "Here it is!\nGo team, pull together!"
    assert not check(ID, response, {"num_exclamations": 1})
    assert check_loose(ID, response, {"num_exclamations": 1})  # without the first line


def test_bad_kwargs_name_the_field(exclamations):
    with pytest.raises(Exception, match="num_exclamations"):
        parse_params(ID, {"num_exclamations": -1})


# ---------------------------------------------------------------- score


def test_score_of_a_response_file_grades_the_new_type(exclamations, tmp_path):
    cases = write_lines(tmp_path / "cases.jsonl", [cheer(1, 2), cheer(2, 3)])
    responses = write_lines(tmp_path / "responses.jsonl", [
        {"prompt": cheer(1, 2)["prompt"], "response": "Pull! Pull!"},
        {"prompt": cheer(2, 3)["prompt"], "response": "Pull hard!"},
    ])
    out = tmp_path / "scored"
    result = CliRunner().invoke(main, ["score", str(responses), "--input", str(cases),
                                       "--bootstrap", "0", "--out", str(out)])
    assert result.exit_code == 0, result.output
    verdicts = {}
    for line in (out / "results.jsonl").read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        verdicts[record["key"]] = (record["instruction_id_list"], record["strict"],
                                   record["loose"])
    assert verdicts == {"1:original:0": ([ID], [True], [True]),
                        "2:original:0": ([ID], [False], [False])}


# ---------------------------------------------------------------- validate


def test_validate_locates_the_statement(exclamations):
    prompt = cheer(1, 3)["prompt"]
    spans = exclamations.locate(prompt, parse_params(ID, {"num_exclamations": 3}))
    assert [span.text for span in spans] == [STATEMENT.format(3)]
    assert validate_case(cheer(1, 3)) == []


def test_validate_reports_a_wrong_number(exclamations, tmp_path):
    path = write_lines(tmp_path / "cases.jsonl", [cheer(1, 3), cheer(2, 7, stated=3)])
    result = CliRunner().invoke(main, ["validate", str(path), "--format", "jsonl"])
    assert result.exit_code == 1, result.output
    findings = [json.loads(line) for line in result.output.splitlines()]
    assert [(finding["key"], finding["instruction_id"], finding["code"])
            for finding in findings] == [(2, ID, "REFLECT_NUMBER_MISMATCH")]
    assert "'3 exclamation marks'" in findings[0]["message"]
    assert "num_exclamations = 7" in findings[0]["message"]


def test_validate_finds_the_type_stated_but_not_stored(exclamations):
    findings = validate_case(case(1, "Write a cheer in at least 20 words. Use exactly 4 "
                                     "exclamation marks.",
                                  ("length_constraints:number_words",
                                   {"relation": "at least", "num_words": 20})))
    assert [(finding.instruction_id, finding.code) for finding in findings] == [
        (ID, "REFLECT_NOT_STORED")]


def test_a_required_text_with_too_many_marks_is_a_conflict(exclamations):
    findings = validate_case(case(
        1, 'Write a cheer. Use exactly 1 exclamation mark. End your reply with the exact '
           'phrase "Go team!!"', (ID, {"num_exclamations": 1}),
        ("startend:end_checker", {"end_phrase": "Go team!!"})))
    assert [(finding.instruction_id, finding.code) for finding in findings] == [
        (ID, "CONFLICT_REQUIRED_TEXT")]


# ---------------------------------------------------------------- witness


def test_the_witness_satisfies_the_new_type_with_the_others(exclamations):
    items = [Item(0, ID, parse_params(ID, {"num_exclamations": 3})),
             Item(1, "length_constraints:number_words",
                  parse_params("length_constraints:number_words",
                               {"relation": "at least", "num_words": 40})),
             Item(2, "detectable_format:title", parse_params("detectable_format:title"))]
    response = build_witness(CaseContext(key=1, prompt="Write a cheer.", items=items))
    assert response is not None
    assert response.count("!") == 3
    for item in items:
        assert check(item.instruction_id, response, item.params.model_dump())


# ---------------------------------------------------------------- generate-families


def test_generate_families_rewords_and_reconfigures_the_new_type(exclamations, tmp_path):
    original = write_lines(tmp_path / "original.jsonl", [cheer(1, 3), cheer(2, 2)])
    out = tmp_path / "families.jsonl"
    result = CliRunner().invoke(main, ["generate-families", "--original", str(original),
                                       "--out", str(out)])
    assert result.exit_code == 0, result.output
    cousins = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    wordings = {exclamations.render_variant(parse_params(ID, {"num_exclamations": number}),
                                            style, variant).rstrip(".?")
                for number in (2, 3) for style in ("imperative", "declarative", "question", "list")
                for variant in range(exclamations.variants(style))}
    rephrasings = [cousin for cousin in cousins if cousin["kind"] == "rephrasing"]
    assert rephrasings
    for cousin in rephrasings:
        original_kwargs = cheer(cousin["case"], 3 if cousin["case"] == 1 else 2)["kwargs"]
        assert cousin["kwargs"] == original_kwargs
        assert "exclamation marks, not one more" not in cousin["prompt"]  # said anew
        assert any(wording.lower() in cousin["prompt"].lower() for wording in wordings), \
            cousin["prompt"]
        assert cousin["validation"]["ok"]
    reconfigured = [cousin for cousin in cousins if cousin["kind"] == "reconfiguration"
                    and cousin["generator"]["detail"]["strategy"] == "parameters"]
    assert reconfigured
    for cousin in reconfigured:
        number = cousin["kwargs"][0]["num_exclamations"]
        assert number != (3 if cousin["case"] == 1 else 2)
        assert f"{number} exclamation mark" in cousin["prompt"]
        assert cousin["validation"]["ok"]


def test_reconfigure_picks_another_value(exclamations):
    params = parse_params(ID, {"num_exclamations": 3})
    assert exclamations.reconfigurable
    assert exclamations.reconfigure(params, random.Random(0)).num_exclamations != 3


# ---------------------------------------------------------------- a plug-in loaded by the CLI


def test_ifevalpp_plugins_loads_the_type_into_the_real_cli(tmp_path):
    path = write_lines(tmp_path / "cases.jsonl", [cheer(1, 3), cheer(2, 7, stated=3)])
    root = Path(__file__).resolve().parents[2]
    command = [sys.executable, "-m", "ifevalpp", "validate", str(path), "--format", "jsonl"]
    environment = dict(os.environ, PYTHONPATH=str(root))
    plain = subprocess.run(command, capture_output=True, text=True, env=environment, cwd=root)
    assert {json.loads(line)["code"] for line in plain.stdout.splitlines()} == {
        "SCHEMA_UNKNOWN_ID"}
    environment["IFEVALPP_PLUGINS"] = "tests.constraints.test_plugin_type:ExclamationMarks"
    loaded = subprocess.run(command, capture_output=True, text=True, env=environment, cwd=root)
    assert [(json.loads(line)["key"], json.loads(line)["code"])
            for line in loaded.stdout.splitlines()] == [(2, "REFLECT_NUMBER_MISMATCH")], \
        loaded.stderr


def test_an_entry_point_of_the_group_is_found_and_its_absence_needs_no_metadata(tmp_path,
                                                                                monkeypatch):
    from importlib.metadata import entry_points

    from ifevalpp.constraints import plugins

    assert plugins._group_may_be_declared() == bool(
        entry_points(group=plugins.ENTRY_POINT_GROUP))
    info = tmp_path / "cheers-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cheers\nVersion: 1.0\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(
        "[ifevalpp.constraints]\nexclamations = tests.constraints.test_plugin_type\n",
        encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert plugins._group_may_be_declared()
    assert "tests.constraints.test_plugin_type" in plugins._specs_from_entry_points()


def test_a_plugin_that_cannot_be_imported_is_one_clear_error(tmp_path):
    path = write_lines(tmp_path / "cases.jsonl", [cheer(1, 3)])
    result = CliRunner(env={"IFEVALPP_PLUGINS": "no_such_plugin_module"}).invoke(
        main, ["validate", str(path)])
    assert result.exit_code == 2
    assert "plug-in 'no_such_plugin_module': cannot import" in result.output


def test_the_generator_version_names_the_plugin_types(exclamations):
    from ifevalpp.generate import generator_version

    with_plugin = generator_version()
    unregister(ID)
    try:
        assert "+types." in with_plugin
        assert with_plugin.startswith(generator_version() + "+types.")
    finally:
        register(ExclamationMarks)
