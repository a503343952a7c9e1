"""A count the original states other than its kwargs check is said as they check it in the
cousins that keep the original's words (the GitHub file's three flawed counts)."""

from __future__ import annotations

from ifevalpp.generate import generate_family
from ifevalpp.generate.prompt.as_checked import as_checked
from ifevalpp.generate.prompt.slips import mended

LETTER = ["keywords:letter_frequency"]
LETTER_LESS = [{"letter": "z", "let_relation": "less than", "let_frequency": 3}]


def _said(prompt: str, ids: list[str], kwargs: list[dict]) -> str:
    return as_checked(prompt, ids, kwargs, prompt)


def test_the_opposite_relation_is_said_as_checked():
    prompt = "Write a poem about rain. The letter z should appear at least 3 times."
    assert _said(prompt, LETTER, LETTER_LESS) == \
        "Write a poem about rain. The letter z should appear fewer than 3 times."


def test_another_number_is_no_slip_and_stays_as_written():
    # Read CKS (337): "at least 336 words" showed the checker's odd number through.
    prompt = "Write a story about a lighthouse. Your answer must be at least 400 words long."
    ids = ["length_constraints:number_words"]
    kwargs = [{"relation": "at least", "num_words": 350}]
    assert _said(prompt, ids, kwargs) == prompt


def test_a_minimum_checked_as_an_exact_count_is_said_exactly():
    prompt = "Describe a harbour town. Put the response into at least 4 sections, separated by ***."
    ids = ["length_constraints:number_paragraphs"]
    assert _said(prompt, ids, [{"num_paragraphs": 4}]) == \
        "Describe a harbour town. Put the response into exactly 4 sections, separated by ***."


def test_a_number_in_words_stays_in_words():
    prompt = "Write a poem about rain. The letter z should appear at least three times."
    assert _said(prompt, LETTER, LETTER_LESS) == \
        "Write a poem about rain. The letter z should appear fewer than three times."


def test_a_count_said_as_checked_is_left_alone():
    prompt = "Write a poem about rain. The letter z should appear fewer than 3 times."
    assert _said(prompt, LETTER, LETTER_LESS) == prompt


def test_every_cousin_mends_the_flawed_count_as_a_slip():
    prompt = "Write a poem about rain. The letter z should appear at least 3 times. Add more."
    assert "fewer than 3 times" in mended(prompt, LETTER, LETTER_LESS, prompt)


def test_a_case_whose_count_is_bounded_against_its_kwargs_gets_its_distractors():
    case = {"key": 9001, "prompt": "Write a short fable about a fox who learns to share. "
                                   "Your answer must contain at least 20 sentences.",
            "instruction_id_list": ["length_constraints:number_sentences"],
            "kwargs": [{"relation": "less than", "num_sentences": 20}]}
    variants, failures = generate_family(case, kinds=["distractor"])
    distractors = [variant for variant in variants if variant.kind == "distractor"]
    assert len(distractors) == 3, failures
    assert all("fewer than 20 sentences" in variant.prompt for variant in distractors)
