"""combination:two_responses and combination:repeat_prompt."""

from __future__ import annotations

import random

import pytest

from ifevalpp.constraints import check, get

COMBINATION_IDS = ["combination:two_responses", "combination:repeat_prompt"]


@pytest.mark.parametrize("instruction_id", COMBINATION_IDS)
def test_blank_response_fails_every_combination_instruction(instruction_id, blank_response,
                                                            permissive_kwargs, profile):
    assert check(instruction_id, blank_response, permissive_kwargs[instruction_id],
                 profile=profile) is False


# ---------------------------------------------------------------- two_responses

@pytest.mark.parametrize("response, expected", [
    pytest.param("Tea is warm.\n******\nCoffee is bitter.", True, id="two-different-answers"),
    pytest.param("Tea is warm.******Coffee is bitter.", True, id="separator-without-newlines"),
    pytest.param("Tea is warm.\n******\nTea is warm.", False, id="identical-answers-fail"),
    pytest.param("Tea is warm.\n******\n  Tea is warm.  \n", False,
                 id="answers-equal-after-stripping-fail"),
    pytest.param("Tea is warm.\n******\ntea is warm.", True, id="comparison-is-case-sensitive"),
    pytest.param("Tea is warm.", False, id="one-answer-fails"),
    pytest.param("Tea.\n******\nCoffee.\n******\nCocoa.", False, id="three-answers-fail"),
    pytest.param("******\nTea is warm.\n******\nCoffee is bitter.\n******", True,
                 id="empty-first-and-last-pieces-ignored"),
    pytest.param("Tea is warm.\n******\n******\nCoffee is bitter.", False,
                 id="empty-piece-in-the-middle-fails"),
    pytest.param("Tea is warm.\n*****\nCoffee is bitter.", False,
                 id="five-asterisks-do-not-separate"),
    pytest.param("Tea is warm.\n*******\nCoffee is bitter.", True,
                 id="seven-asterisks-separate-leaving-one-star"),
])
def test_two_responses(response, expected, profile):
    assert check("combination:two_responses", response, profile=profile) is expected


# ---------------------------------------------------------------- repeat_prompt

@pytest.mark.parametrize("response, expected", [
    pytest.param("Name three fruits. Apples, pears, plums.", True, id="repeated-then-answered"),
    pytest.param("name three FRUITS. apples.", True, id="case-insensitive"),
    pytest.param("  \n Name three fruits. Apples.", True, id="leading-whitespace-ignored"),
    pytest.param("Sure! Name three fruits. Apples.", False, id="preamble-fails"),
    pytest.param("Name three fruits Apples.", False, id="must-match-exactly"),
    pytest.param("Name three fruits.", True, id="just-the-repetition-passes"),
    pytest.param("Name  three fruits. Apples.", False, id="inner-whitespace-must-match"),
])
def test_repeat_prompt_is_a_case_insensitive_prefix(response, expected, profile):
    kwargs = {"prompt_to_repeat": "Name three fruits."}
    assert check("combination:repeat_prompt", response, kwargs, profile=profile) is expected


def test_repeat_prompt_text_is_stripped(profile):
    kwargs = {"prompt_to_repeat": "\n  Name three fruits.  \n"}
    assert check("combination:repeat_prompt", "Name three fruits. Apples.", kwargs,
                 profile=profile) is True


def test_a_request_to_copy_holding_a_quotation_asks_for_a_new_task_with_one():
    from ifevalpp.constraints import get, parse_params
    repeat = get("combination:repeat_prompt")
    quoted = parse_params("combination:repeat_prompt",
                          {"prompt_to_repeat": 'Rewrite "We are out of milk again." kindly.'})
    named = parse_params("combination:repeat_prompt",
                         {"prompt_to_repeat": 'Write a haiku with the word "moon".'})
    assert "quoted" in repeat.task_needs_for(quoted)
    assert "quoted" not in repeat.task_needs_for(named)


def test_the_two_answers_to_a_question_are_never_called_versions():
    two = get("combination:two_responses")
    said = {two.phrase(two.Params(), random.Random(seed), ("imperative", "declarative"),
                       asked=True) for seed in range(40)}
    assert said and not any("version" in text for text in said), said


def test_a_forbidden_word_is_never_joined_on_as_writing_without_using():
    banned = get("keywords:forbidden_words")
    params = banned.Params(forbidden_words=["heute"])
    said = {banned.phrase(params, random.Random(seed), ("imperative",), form="attached")
            for seed in range(40)}
    assert said and not any("writing without" in text for text in said), said
