"""Families of the hand-written cases: each kind keeps its promise, nothing fails validation."""

from __future__ import annotations

import re
import json

from ifevalpp.constraints import get, parse_params
from ifevalpp.constraints.support.statements import edit_spans
from ifevalpp.generate import derive_seed, generate_families, load_validator
from ifevalpp.generate.prompt.layout import build_layout
from ifevalpp.generate.prompt.slips import still_said
from ifevalpp.schema import Case
from ifevalpp.generate.distance import normalized_distance

REPEAT = "combination:repeat_prompt"


def _by_case(result):
    families = {}
    for variant in result.variants:
        families.setdefault(str(variant.case), []).append(variant)
    return families


def _edits(instruction_id: str, prompt: str, params) -> tuple[list, list]:
    """(value spans, mention spans): the tight spans of the type's finder."""
    return edit_spans(get(instruction_id).statements(prompt, params, edits=True))


def _stated(prompt: str, instruction_id: str, kwargs: dict) -> bool:
    params = parse_params(instruction_id, kwargs)
    if instruction_id == REPEAT:
        return params.prompt_to_repeat in prompt
    values, mentions = _edits(instruction_id, prompt, params)
    return bool(values if kwargs else (values or mentions))


def test_every_case_gets_a_complete_family(families, cases):
    assert families.coverage() == 1.0, families.failures
    assert len(families.variants) == len(cases) * 10
    assert families.counts() == {"distractor": 24, "original": 8, "reconfiguration": 24,
                                 "rephrasing": 24}


def test_keys_and_generator_records(families):
    for variant in families.variants:
        assert variant.key == f"{variant.case}:{variant.kind}:{variant.index}"
        if variant.kind == "original":
            assert variant.index == 0 and variant.generator.backend == "original"
        else:
            assert variant.generator.backend == "template"
            attempt = variant.generator.detail["attempt"]
            assert variant.generator.seed == derive_seed(0, variant.case, variant.kind,
                                                         variant.index, attempt)


def test_no_cousin_has_validator_errors(families):
    validate, _ = load_validator()
    for variant in families.variants:
        if variant.kind == "original":
            continue
        errors = [f for f in validate(variant) if f.get("severity") == "error"]
        assert not errors, (variant.key, variant.prompt, errors)
        assert variant.validation.ok


def test_rephrasings_keep_kwargs_and_state_every_parameter(families):
    originals = {str(v.case): v for v in families.variants if v.kind == "original"}
    for variant in families.variants:
        if variant.kind != "rephrasing":
            continue
        original = originals[str(variant.case)]
        assert variant.prompt != original.prompt
        for instruction_id, before, after in zip(variant.instruction_id_list, original.kwargs,
                                                 variant.kwargs):
            if instruction_id == REPEAT:
                # The request to repeat is itself rephrased; it must be what the prompt shows.
                assert after["prompt_to_repeat"] in variant.prompt
                continue
            assert before == after
            assert _stated(variant.prompt, instruction_id, after), (variant.key, instruction_id,
                                                                    variant.prompt)


def test_reconfigurations_change_a_value_state_it_and_drop_the_old_one(families):
    originals = {str(v.case): v for v in families.variants if v.kind == "original"}
    for variant in families.variants:
        if variant.kind != "reconfiguration":
            continue
        original = originals[str(variant.case)]
        detail = variant.generator.detail
        if detail["strategy"] == "task":
            assert detail["task_source"] == "grammar"  # a new task of ours, never borrowed
            continue
        changed = [(instruction_id, before, after) for instruction_id, before, after in
                   zip(variant.instruction_id_list, original.kwargs, variant.kwargs)
                   if before != after and instruction_id != REPEAT]
        assert changed, variant.key
        for instruction_id, before, after in changed:
            assert _stated(variant.prompt, instruction_id, after), (variant.key, variant.prompt)
            old, _ = _edits(instruction_id, variant.prompt, parse_params(instruction_id, before))
            new, _ = _edits(instruction_id, variant.prompt, parse_params(instruction_id, after))
            # The old setting is stated nowhere outside the new statement (the keyword alone
            # is found inside "work "basket" in 5 times or more").
            outside = [(start, end) for start, end in old
                       if not any(s <= start and end <= e for s, e in new)]
            assert not outside, (variant.key, variant.prompt, before)


def test_task_swap_for_a_case_without_parameters(families):
    swaps = [v for v in families.variants
             if str(v.case) == "7" and v.kind == "reconfiguration"]
    assert swaps and all(v.generator.detail["strategy"] == "task" for v in swaps)
    for variant in swaps:
        assert "autumn" not in variant.prompt
        assert "English" in variant.prompt
        assert re.search(r"capital|upper[- ]?case|all caps|block capitals|no lowercase",
                         variant.prompt), variant.prompt


def test_distractors_keep_kwargs_and_every_statement(families, cases):
    by_key = {str(case.key): case for case in cases}
    for variant in families.variants:
        if variant.kind != "distractor":
            continue
        case = by_key[str(variant.case)]
        assert variant.kwargs == case.kwargs
        layout = build_layout(case.prompt, case.instruction_id_list, case.kwargs)
        for unit in layout.units:
            if unit.owners:
                assert still_said(unit.text, variant.prompt, case.instruction_id_list,
                                  case.kwargs, case.prompt)
        assert len(variant.prompt) > len(case.prompt)


def test_distractors_mend_the_users_slips_in_the_original_they_keep():
    case = Case(key=90, prompt="Write a poem about rain. Do not forget to add punctuations. "
                               "Do not use any commas.",
                instruction_id_list=["punctuation:no_comma"], kwargs=[{}])
    result = generate_families([case], seed=0, kinds=["distractor"])
    distractors = [variant for variant in result.variants if variant.kind == "distractor"]
    assert distractors, result.failures
    for variant in distractors:
        assert "punctuations" not in variant.prompt
        assert "Do not forget to add punctuation." in variant.prompt


def test_cousins_say_a_number_as_the_original_states_it_above_its_check():
    # 337 says "at least 400 words" and checks 336: a distractor keeps those words whole and a
    # rephrasing says 400 too (reads CLK, CLM, CLO: "at least 336 words" is no number a person
    # asks for); the mismatch is the original's, its finding kept as a warning.
    case = Case(key=92, prompt="Write a riddle about a lamp that is not a lamp. Your answer "
                               "must be at least 400 words long.",
                instruction_id_list=["length_constraints:number_words"],
                kwargs=[{"relation": "at least", "num_words": 336}])
    result = generate_families([case], seed=0, kinds=["rephrasing", "distractor"])
    cousins = [variant for variant in result.variants if variant.kind != "original"]
    assert len(cousins) == 6, result.failures
    for variant in cousins:
        assert "336" not in variant.prompt and "400" in variant.prompt
        assert variant.validation.ok
        kept = [finding for finding in variant.validation.findings
                if finding["code"] == "REFLECT_NUMBER_MISMATCH"]
        assert kept and all(finding["severity"] == "warning" for finding in kept)


def _set_phrase_rephrasings(key, statement):
    case = Case(key=key, prompt=f"If x + 2 = 5, is x = 3? Your answer must {statement} the "
                                'following phrases: "My answer is yes.", "My answer is no.", '
                                '"My answer is maybe."',
                instruction_id_list=["detectable_format:constrained_response"], kwargs=[{}])
    result = generate_families([case], seed=0, kinds=["rephrasing"])
    rephrasings = [variant.prompt for variant in result.variants if variant.kind == "rephrasing"]
    assert len(rephrasings) == 3, result.failures
    return rephrasings


def test_an_answer_said_to_contain_a_set_phrase_is_never_said_to_be_one():
    # Read CLS (3752): "Make sure you answer with one of these options" for "Your answer must
    # contain one of the following exact phrases" ruled out the reasoning a sum invites.
    for prompt in _set_phrase_rephrasings(94, "contain one of"):
        assert re.search(r"\b(?:contains?|include|in your answer)\b", prompt), prompt
        assert not re.search(r"\b(?:answer|reply|respond) with\b|\bbe one of\b", prompt), prompt


def test_an_answer_limited_to_exactly_one_set_phrase_keeps_the_limit():
    # Read CLU (3754): "exactly one of the following phrases" said as "one of these phrases".
    assert all("exactly one" in prompt
               for prompt in _set_phrase_rephrasings(95, "contain exactly one of"))


def test_a_distractor_never_keeps_a_request_its_own_check_cannot_meet():
    # 374: the word to avoid is inside the text to repeat. No distractor is made.
    request = "Rewrite this line: them kids on that phone. Avoid the word kids."
    case = Case(key=93, prompt=request + "\nFirst repeat the request word for word without "
                "change, then give your answer.",
                instruction_id_list=[REPEAT, "keywords:forbidden_words"],
                kwargs=[{"prompt_to_repeat": request}, {"forbidden_words": ["kids"]}])
    result = generate_families([case], seed=0, kinds=["distractor"])
    assert not [variant for variant in result.variants if variant.kind == "distractor"]


def test_no_distractor_beside_a_text_to_repeat_adds_a_comma_under_a_comma_ban():
    # "… does not include this sentence)⏎⏎By the way, I tried …": a model may take the aside
    # for part of the request and copy its comma into the answer (read AVA).
    request = "Write a limerick about a sleepy owl. Do not use any commas."
    case = Case(key=91, prompt=request + "\nFirst repeat the request word for word without "
                "change, then give your answer.", instruction_id_list=[REPEAT,
                                                                  "punctuation:no_comma"],
                kwargs=[{"prompt_to_repeat": request}, {}])
    result = generate_families([case], seed=0, kinds=["distractor"])
    distractors = [variant for variant in result.variants if variant.kind == "distractor"]
    assert distractors, result.failures
    for variant in distractors:
        added = variant.prompt.replace(request, " ").split("answer.", 1)[-1]
        assert "," not in added, variant.prompt


def test_repeat_prompt_stays_consistent(families):
    for variant in families.variants:
        if str(variant.case) != "4":
            continue
        text = variant.kwargs[0]["prompt_to_repeat"]
        assert text in variant.prompt
        # The title statement belongs to the request to repeat; said anew it names the
        # brackets rather than showing "<<…>>", which the copy alone would pass.
        assert "<<" in text or re.search(r"(?i)angul?a?r?e?d? brackets|angle brackets", text)


def test_family_members_are_far_apart(families):
    for family in _by_case(families).values():
        prompts = [variant.prompt for variant in family]
        for i, first in enumerate(prompts):
            for second in prompts[i + 1:]:
                assert normalized_distance(first, second) >= 0.15


def test_same_seed_same_bytes_other_seed_other_prompts(cases):
    first = generate_families(cases, seed=11)
    second = generate_families(cases, seed=11)
    def dump(result):
        return [json.dumps(v.model_dump(mode="json"), sort_keys=True) for v in result.variants]
    assert dump(first) == dump(second)
    third = generate_families(cases, seed=12)
    assert dump(third) != dump(first)


def test_kinds_and_per_kind_select(cases):
    result = generate_families(cases[:2], seed=0, per_kind=1, kinds=["distractor"])
    assert result.counts() == {"distractor": 2, "original": 2}


def test_revised_profile_relations_only_when_asked(cases):
    official = generate_families(cases, seed=5, kinds=["reconfiguration"])
    for variant in official.variants:
        for kwargs in variant.kwargs:
            for name in ("relation", "capital_relation", "let_relation"):
                assert kwargs.get(name, "at least") in ("less than", "at least")
