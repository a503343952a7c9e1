"""A cousin of an original typed without capitals is typed without them
(generate/prompt/casing.py)."""

from __future__ import annotations

from ifevalpp.generate.prompt.casing import in_original_case

LOWER = "change_case:english_lowercase"
END = "startend:end_checker"


def test_a_cousin_of_an_uncapitalised_original_is_lowercased():
    original = "write a haiku about ireland. your entire response should be in lowercase."
    cousin = "Compose a haiku about ireland. Be sure to answer in lowercase English."
    assert in_original_case(original, cousin, [LOWER], [{}]) == \
        "compose a haiku about ireland. be sure to answer in lowercase english."


def test_a_text_the_check_compares_keeps_its_case():
    original = "write a haiku about ireland."
    cousin = 'Write a haiku about Ireland. End with "Until the morning light."'
    assert in_original_case(original, cousin, [END], [{"end_phrase": "Until the morning light."}]) \
        == 'write a haiku about ireland. end with "Until the morning light."'


def test_a_cousin_of_a_capitalised_original_is_left_alone():
    cousin = "Write a haiku about Ireland."
    assert in_original_case("Write a haiku about Ireland.", cousin, [LOWER], [{}]) == cousin
