"""The proofs a model's cousin must pass (generate/llm/checks.py), one behaviour each.

Every case below is written for these tests.
"""

from __future__ import annotations

from typing import Any

import pytest

from ifevalpp.constraints import parse_params
from ifevalpp.generate.records import ComposeError
from ifevalpp.generate.prompt.layout import build_layout
from ifevalpp.generate.llm.checks import (FREE, addition, distractor_options, harder_guide,
                                          judge_reconfiguration, prove_distractor)
from ifevalpp.generate.llm.filters import Registry, strict_validator
from ifevalpp.schema import Variant

NOTE = ("Write a short note to a neighbour about a cat that has gone missing. Your note must "
        "contain at least 60 words. Do not put any commas in your response.")
NOTE_IDS = ["length_constraints:number_words", "punctuation:no_comma"]
NOTE_KWARGS: list[dict[str, Any]] = [{"relation": "at least", "num_words": 60}, {}]
JSON_PROMPT = ("List three rivers of Europe with their lengths. Wrap your entire output in JSON "
               "format.")
TRIP = ("Plan a weekend trip to the mountains for two friends. Your entire response should be "
        "in French.")


def layout_of(prompt: str, ids: list[str], kwargs: list[dict[str, Any]]) -> Any:
    return build_layout(prompt, ids, kwargs)


def prove(prompt: str, ids: list[str], kwargs: list[dict[str, Any]], added: str, chosen: str,
          chosen_kwargs: Any = None) -> Any:
    layout = layout_of(prompt, ids, kwargs)
    options = distractor_options(layout, "official", {})
    return prove_distractor(layout, prompt + " " + added, added, chosen, chosen_kwargs,
                            profile="official", witness=options.witness)


# ---------------------------------------------------------------- what was added


def test_an_addition_after_the_untouched_original_is_read_off():
    assert addition("Write a poem.", "Write a poem. Give it a title.", edge_only=True) == \
        ("Give it a title.", "after")


def test_an_addition_before_the_untouched_original_is_read_off():
    assert addition("Write a poem.", "Use no emoji. Write a poem.", edge_only=True) == \
        ("Use no emoji.", "before")


def test_a_format_addition_inside_the_original_is_refused():
    with pytest.raises(ComposeError, match="not kept word for word"):
        addition("Write a poem. Keep it short.", "Write a poem. Use no emoji. Keep it short.",
                 edge_only=True)


def test_a_context_addition_may_sit_between_sentences():
    added, where = addition("Write a poem. Keep it short.",
                            "Write a poem. My aunt loves birds. Keep it short.", edge_only=False)
    assert (added, where) == ("My aunt loves birds.", "inside")


def test_an_edited_original_is_refused_even_for_context():
    with pytest.raises(ComposeError, match="edited"):
        addition("Write a poem. Keep it short.", "Write a song. Keep it short.", edge_only=False)


# ---------------------------------------------------------------- distractor proofs


def test_a_type_that_is_not_a_format_requirement_is_refused():
    with pytest.raises(ComposeError, match="not a format requirement"):
        prove(TRIP, ["language:response_language"], [{"language": "fr"}],
              "Mention the word river at least twice.", "keywords:frequency",
              {"keyword": "river", "frequency": 2, "relation": "at least"})


def test_a_type_with_a_declared_conflict_is_refused():
    with pytest.raises(ComposeError, match="conflicts with detectable_format:json_format"):
        prove(JSON_PROMPT, ["detectable_format:json_format"], [{}],
              "Give it a title in double angular brackets, such as <<rivers>>.",
              "detectable_format:title", {})


def test_json_offers_no_type_the_declarations_rule_out():
    layout = layout_of(JSON_PROMPT, ["detectable_format:json_format"], [{}])
    offered = [instruction_id for instruction_id, _ in distractor_options(layout, "official",
                                                                          {}).types]
    assert "detectable_format:title" not in offered and "startend:quotation" not in offered


def test_bad_distractor_kwargs_are_refused():
    with pytest.raises(ComposeError, match="distractor kwargs"):
        prove(NOTE, NOTE_IDS, NOTE_KWARGS, "Use exactly three bullet points.",
              "detectable_format:number_bullet_lists", {"bullets": 3})


LONG_TRIP = ("Plan a weekend trip to the mountains for two friends. Your answer should be at "
             "least 200 words long.")


def test_a_request_of_its_own_is_accepted_beside_constraints_that_refuse_nothing():
    chosen = prove(LONG_TRIP, ["length_constraints:number_words"],
                   [{"relation": "at least", "num_words": 200}],
                   "Lay the plan out as a small table with one row per meal.", FREE)
    assert (chosen.source, chosen.requirement) == ("free", FREE)
    assert chosen.record == {"text": "Lay the plan out as a small table with one row per meal."}


def test_a_request_of_its_own_is_refused_beside_a_language_that_refuses_english_text():
    # A reply in French refuses requirements that add fixed English text (an English end
    # phrase); a free request cannot be proven not to.
    with pytest.raises(ComposeError, match="adds_english_text"):
        prove(TRIP, ["language:response_language"], [{"language": "fr"}],
              "Lay the plan out as a small table with one row per meal.", FREE)


def test_an_unknown_requirement_is_refused():
    with pytest.raises(ComposeError, match="unknown distractor 'rainbow-mode'"):
        prove(NOTE, NOTE_IDS, NOTE_KWARGS, "Make it colourful and bright.", "rainbow-mode")


def test_a_typed_addition_that_states_a_second_type_is_refused():
    with pytest.raises(ComposeError, match="states more than detectable_format:title"):
        prove(NOTE, NOTE_IDS, NOTE_KWARGS, "Give it a title in double angular brackets, such "
              "as <<lost>>, and write it all in lowercase letters.", "detectable_format:title", {})


def test_a_catalogue_requirement_the_constraints_accept_is_recorded_as_its_text():
    chosen = prove(NOTE, NOTE_IDS, NOTE_KWARGS, "Please sign off with a short closing line.",
                   "sign-off")
    assert chosen.record == {"text": "Please sign off with a short closing line."}
    assert (chosen.source, chosen.requirement) == ("catalogue", "sign-off")


# ---------------------------------------------------------------- harder


def note_params(**changes: Any) -> list[Any]:
    kwargs = [{**NOTE_KWARGS[0], **changes}, {}]
    return [parse_params(i, k) for i, k in zip(NOTE_IDS, kwargs)]


def test_a_larger_at_least_count_within_the_range_is_harder():
    detail = judge_reconfiguration(layout_of(NOTE, NOTE_IDS, NOTE_KWARGS),
                                   note_params(num_words=120), mode="harder")
    assert detail == {"changed": ["length_constraints:number_words"],
                      "directions": {"length_constraints:number_words": "harder"}}


def test_any_mode_takes_an_easier_value_and_records_its_direction():
    detail = judge_reconfiguration(layout_of(NOTE, NOTE_IDS, NOTE_KWARGS),
                                   note_params(num_words=30), mode="any")
    assert detail["directions"] == {"length_constraints:number_words": "easier"}


def test_a_type_without_a_direction_may_take_any_other_value():
    layout = layout_of(TRIP, ["language:response_language"], [{"language": "fr"}])
    detail = judge_reconfiguration(layout, [parse_params("language:response_language",
                                                         {"language": "de"})], mode="harder")
    assert detail["directions"] == {"language:response_language": "changed"}


def test_the_guide_says_how_far_each_value_may_go():
    guide = harder_guide(layout_of(NOTE, NOTE_IDS, NOTE_KWARGS))
    assert guide == [{"instruction": "length_constraints:number_words",
                      "how": 'raise num_words above 60 (to at most 180), keeping "at least"'}]


def test_a_value_equal_to_the_earlier_one_at_the_top_of_the_range_still_counts():
    layout = layout_of(NOTE, NOTE_IDS, NOTE_KWARGS)
    detail = judge_reconfiguration(layout, note_params(num_words=180), mode="harder",
                                   siblings=[(1, note_params(num_words=180))])
    assert detail["directions"] == {"length_constraints:number_words": "harder"}


# ---------------------------------------------------------------- uniqueness


def test_a_short_first_sentence_is_no_ones_task():
    registry = Registry()
    registry.add_original(1, "Write a poem. Do not put any commas in your response.")
    assert registry.problem(2, "Write a poem. Use at least 40 words.") is None


def test_a_cousin_may_contain_its_own_original():
    registry = Registry()
    registry.add_original(1, NOTE)
    assert registry.problem(1, NOTE + " Give it a title such as <<lost>>.") is None
    assert "case 1's original task sentence" in registry.problem(2, NOTE + " Sign off warmly.")


# ---------------------------------------------------------------- nothing dropped, nothing added


def variant(kind: str, prompt: str, **extra: Any) -> Variant:
    return Variant(key=f"7:{kind}:{0 if kind == 'original' else 1}", case=7, kind=kind,
                   index=0 if kind == "original" else 1, prompt=prompt,
                   instruction_id_list=NOTE_IDS, kwargs=NOTE_KWARGS, **extra)


def fake_validator(findings_by_prompt: dict[str, list[dict[str, Any]]]):
    return lambda v: list(findings_by_prompt.get(v.prompt, []))


def test_a_warning_the_original_already_has_is_no_rejection():
    missing = [{"severity": "warning", "code": "REFLECT_NOT_FOUND",
                "instruction_id": "punctuation:no_comma", "message": "not found"}]
    strict = strict_validator(fake_validator({"original": missing, "cousin": missing}))
    strict(variant("original", "original"))
    assert [f["severity"] for f in strict(variant("rephrasing", "cousin"))] == ["warning"]


def test_a_constraint_the_cousin_no_longer_states_is_an_error():
    missing = [{"severity": "warning", "code": "REFLECT_NOT_FOUND",
                "instruction_id": "punctuation:no_comma", "message": "not found"}]
    strict = strict_validator(fake_validator({"cousin": missing}))
    strict(variant("original", "original"))
    first = strict(variant("rephrasing", "cousin"))[0]
    assert (first["severity"], first["code"]) == ("error", "dropped-constraint")
    assert "for example: 'Not one comma may appear in the reply.'" in first["message"]


def test_a_typed_distractor_may_state_its_own_type():
    unstored = [{"severity": "warning", "code": "REFLECT_NOT_STORED",
                 "instruction_id": "detectable_format:title", "message": "title"}]
    strict = strict_validator(fake_validator({"cousin": unstored}))
    strict(variant("original", "original"))
    named = variant("distractor", "cousin",
                    distractor={"instruction_id": "detectable_format:title", "kwargs": {}})
    assert [f["code"] for f in strict(named)] == ["REFLECT_NOT_STORED"]
    assert strict(variant("rephrasing", "cousin"))[0]["code"] == "added-constraint"
