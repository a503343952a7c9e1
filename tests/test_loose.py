"""Loose mode: a response passes if any non-empty variant of it passes strict checking.

The eight variants are: raw; '*' removed; first line dropped; last line dropped;
both dropped; and each of the three drops with '*' removed. Lines are split on
"\\n" only, and the dropped variants are stripped.
"""

from __future__ import annotations

import pytest

from ifevalpp.constraints import check, check_all, check_loose
from ifevalpp.loose import loose_variants


@pytest.fixture(params=["official", "revised"])
def profile(request):
    return request.param


# ---------------------------------------------------------------- the variants

def test_the_eight_variants_in_order():
    assert loose_variants("*a*\n*b*\n*c*") == (
        "*a*\n*b*\n*c*",  # raw
        "a\nb\nc",        # '*' removed
        "*b*\n*c*",       # first line dropped
        "*a*\n*b*",       # last line dropped
        "*b*",            # both dropped
        "b\nc",           # first line dropped, '*' removed
        "a\nb",           # last line dropped, '*' removed
        "b",              # both dropped, '*' removed
    )


def test_dropped_variants_are_stripped_but_the_raw_ones_are_not():
    variants = loose_variants("  top  \n  middle  \n  bottom  ")
    assert variants[0] == "  top  \n  middle  \n  bottom  "
    assert "middle" in variants
    assert "middle  \n  bottom" in variants
    assert "top  \n  middle" in variants


def test_lines_are_split_on_newline_only():
    # A carriage return alone does not end a line: nothing is dropped from one "line".
    assert loose_variants("Intro, first\r\"quoted\"") == ("Intro, first\r\"quoted\"",)


def test_crlf_line_keeps_its_carriage_return_until_stripped():
    assert "\"quoted\"" in loose_variants("Intro, first\r\n\"quoted\"")


def test_blank_variants_are_left_out():
    # One line: every dropped variant is empty.
    assert loose_variants("Hello, world") == ("Hello, world",)
    # Only asterisks: removing them leaves nothing.
    assert loose_variants("***") == ("***",)


def test_duplicate_variants_are_listed_once():
    assert loose_variants("plain") == ("plain",)


# ---------------------------------------------------------------- the verdicts

@pytest.mark.parametrize("instruction_id, response", [
    pytest.param("startend:quotation", '*"The answer."*', id="star-removed"),
    pytest.param("punctuation:no_comma", "Sure, here it is:\nNo commas here", id="first-dropped"),
    pytest.param("punctuation:no_comma", "No commas here\nHope that helps, friend",
                 id="last-dropped"),
    pytest.param("punctuation:no_comma", "Sure, here:\nNo commas here\nBye, friend",
                 id="both-dropped"),
    pytest.param("startend:quotation", 'Here you go:\n*"The answer."*',
                 id="first-dropped-star-removed"),
    pytest.param("startend:quotation", '*"The answer."*\nHope it helps',
                 id="last-dropped-star-removed"),
    pytest.param("startend:quotation", 'Here:\n*"The answer."*\nBye',
                 id="both-dropped-star-removed"),
])
def test_a_pass_on_any_one_variant_passes_loose(instruction_id, response, profile):
    assert check(instruction_id, response, profile=profile) is False
    assert check_loose(instruction_id, response, profile=profile) is True


@pytest.mark.parametrize("instruction_id, response, kwargs", [
    pytest.param("startend:quotation", 'Sure, here it is:\n"The whole answer."', None,
                 id="quotation"),
    pytest.param("punctuation:no_comma", "Sure, here it is:\nNo commas in this part", None,
                 id="no-comma"),
    pytest.param("combination:repeat_prompt", "Sure, here it is:\nName a fruit. Apple.",
                 {"prompt_to_repeat": "Name a fruit."}, id="repeat-prompt"),
])
def test_framing_first_line_is_forgiven_by_loose(instruction_id, response, kwargs, profile):
    assert check(instruction_id, response, kwargs, profile=profile) is False
    assert check_loose(instruction_id, response, kwargs, profile=profile) is True


def test_loose_still_fails_when_no_variant_passes(profile):
    response = "Sure, here it is:\nOne, two\nThree, four"
    assert check_loose("punctuation:no_comma", response, profile=profile) is False


def test_blank_variants_cannot_rescue_a_response(profile):
    # Dropping the only line leaves "", which no_comma's bare checker would accept.
    assert check_loose("punctuation:no_comma", "Hello, world", profile=profile) is False
    assert check_loose("punctuation:no_comma", "Hello, world\n", profile=profile) is False


@pytest.mark.parametrize("response", ["", "   ", "\n\n", "\u00a0"])
def test_blank_response_fails_loose_too(response, profile):
    assert check_loose("punctuation:no_comma", response, profile=profile) is False


@pytest.mark.parametrize("instruction_id, response, kwargs", [
    pytest.param("punctuation:no_comma", "No commas here.", None, id="no-comma"),
    pytest.param("startend:quotation", '"Quoted."', None, id="quotation"),
    pytest.param("length_constraints:number_words", "one two three",
                 {"num_words": 3, "relation": "at least"}, id="number-words"),
    pytest.param("detectable_format:json_format", '{"a": 1}', None, id="json"),
])
def test_strict_pass_implies_loose_pass(instruction_id, response, kwargs, profile):
    assert check(instruction_id, response, kwargs, profile=profile) is True
    assert check_loose(instruction_id, response, kwargs, profile=profile) is True


def test_dropping_a_line_can_bring_a_count_under_a_less_than_limit():
    response = "one two\nthree four"
    assert check_loose("length_constraints:number_words", response,
                       {"num_words": 3, "relation": "less than"}) is True
    assert check("length_constraints:number_words", response,
                 {"num_words": 3, "relation": "less than"}) is False


def test_check_all_gives_strict_and_loose_lists_matching_check_and_check_loose(profile):
    response = 'Sure, here it is:\n"No commas here."'
    ids = ["startend:quotation", "punctuation:no_comma", "length_constraints:number_words"]
    kwargs_list = [None, None, {"num_words": 3, "relation": "at least"}]
    strict, loose = check_all(ids, kwargs_list, response, profile=profile)
    assert strict == [check(i, response, k, profile=profile) for i, k in zip(ids, kwargs_list)]
    assert loose == [check_loose(i, response, k, profile=profile)
                     for i, k in zip(ids, kwargs_list)]
    assert strict == [False, False, True]
    assert loose == [True, True, True]
