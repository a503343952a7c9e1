"""startend:end_checker and startend:quotation."""

from __future__ import annotations

import random
import re

import pytest

from ifevalpp.constraints import check, get, parse_params

STARTEND_IDS = ["startend:end_checker", "startend:quotation"]


@pytest.mark.parametrize("instruction_id", STARTEND_IDS)
def test_blank_response_fails_every_startend_instruction(instruction_id, blank_response,
                                                         permissive_kwargs, profile):
    assert check(instruction_id, blank_response, permissive_kwargs[instruction_id],
                 profile=profile) is False


# ---------------------------------------------------------------- end_checker

@pytest.mark.parametrize("response, expected", [
    pytest.param("Here is my plan. Any other questions?", True, id="ends-with-the-phrase"),
    pytest.param("Here is my plan. any OTHER questions?", True, id="case-insensitive"),
    pytest.param("Here is my plan. Any other questions?  \n\n", True,
                 id="trailing-whitespace-ignored"),
    pytest.param('"Here is my plan. Any other questions?"', True,
                 id="straight-double-quotes-ignored"),
    pytest.param('"Here is my plan. Any other questions?"\n', True,
                 id="quotes-stripped-after-whitespace"),
    pytest.param("\u201cHere is my plan. Any other questions?\u201d", False,
                 id="curly-closing-quote-not-ignored"),
    pytest.param("'Here is my plan. Any other questions?'", False,
                 id="single-quotes-not-ignored"),
    pytest.param("**Any other questions?**", False, id="markdown-bold-not-ignored"),
    pytest.param("Any other questions? Bye.", False, id="text-after-the-phrase-fails"),
    pytest.param("Here is my plan. Any other questions", False, id="phrase-must-be-complete"),
    pytest.param("Any other questions?", True, id="phrase-alone"),
])
def test_end_checker(response, expected, profile):
    kwargs = {"end_phrase": "Any other questions?"}
    assert check("startend:end_checker", response, kwargs, profile=profile) is expected


def test_end_phrase_is_stripped_and_lower_cased(profile):
    kwargs = {"end_phrase": "  ANY OTHER QUESTIONS?\n"}
    assert check("startend:end_checker", "So. Any other questions?", kwargs,
                 profile=profile) is True


def test_end_phrase_ending_in_a_quote_cannot_be_met(profile):
    # The response loses its closing '"' before the comparison, the phrase keeps it.
    kwargs = {"end_phrase": 'He said "bye"'}
    assert check("startend:end_checker", 'And then he said "bye"', kwargs,
                 profile=profile) is False


# ---------------------------------------------------------------- quotation

@pytest.mark.parametrize("response, expected", [
    pytest.param('"The whole answer."', True, id="wrapped-in-double-quotes"),
    pytest.param('  \n"The whole answer."\n ', True, id="surrounding-whitespace-ignored"),
    pytest.param('""', True, id="two-quote-marks-pass"),
    pytest.param('"', False, id="single-quote-mark-is-too-short"),
    pytest.param('"The whole answer.', False, id="closing-quote-missing"),
    pytest.param('The whole answer."', False, id="opening-quote-missing"),
    pytest.param('"The answer." Done.', False, id="text-after-the-closing-quote"),
    pytest.param("\u201cThe whole answer.\u201d", False, id="curly-quotes-fail"),
    pytest.param("'The whole answer.'", False, id="single-quotes-fail"),
    pytest.param("\uff02The whole answer.\uff02", False, id="fullwidth-quotes-fail"),
    pytest.param('\u00a0"The whole answer."\u00a0', True, id="no-break-spaces-stripped"),
    pytest.param('"Line one.\n\nLine two."', True, id="multi-line-quotation"),
])
def test_quotation(response, expected, profile):
    assert check("startend:quotation", response, profile=profile) is expected


def test_a_one_word_end_phrase_is_called_a_word_never_a_phrase():
    params = parse_params("startend:end_checker", {"end_phrase": "Peace!"})
    said = {get("startend:end_checker").phrase(params, random.Random(seed),
                                               ("imperative", "declarative"))
            for seed in range(60)}
    assert any("word \"Peace!\"" in sentence for sentence in said)
    assert not any(re.search(r"\b(?:phrase|words)\b", sentence) for sentence in said), said


def test_a_question_of_the_story_s_own_as_end_line_is_bound_to_its_task():
    # Read CHN (2736): "What would happen to human next?" closed advice on a phone for a child.
    from ifevalpp.constraints import get

    end = get("startend:end_checker")
    prompt = 'Write a rant about the last mammoths. End it with "What became of them after that?"'
    assert end.literal_bound_to_task(end.Params(end_phrase="What became of them after that?"),
                                     prompt)
    assert not end.literal_bound_to_task(end.Params(end_phrase="Does this make sense?"), prompt)
    assert not end.literal_bound_to_task(
        end.Params(end_phrase="Is there anything else I can help with?"), prompt)
