"""IFEval kwargs arrive in two styles; null means absent, and 0 is a value."""

from __future__ import annotations

import pytest

from ifevalpp.constraints import check, check_loose
from ifevalpp.errors import ParamsError

# One setting per instruction type, in the GitHub style (only the keys it uses).
USED_KEYS = {
    "change_case:capital_word_frequency": {"capital_frequency": 2, "capital_relation": "at least"},
    "change_case:english_capital": {},
    "change_case:english_lowercase": {},
    "combination:repeat_prompt": {"prompt_to_repeat": "Describe tea."},
    "combination:two_responses": {},
    "detectable_content:number_placeholders": {"num_placeholders": 1},
    "detectable_content:postscript": {"postscript_marker": "P.S."},
    "detectable_format:constrained_response": {},
    "detectable_format:json_format": {},
    "detectable_format:multiple_sections": {"section_spliter": "SECTION", "num_sections": 2},
    "detectable_format:number_bullet_lists": {"num_bullets": 2},
    "detectable_format:number_highlighted_sections": {"num_highlights": 1},
    "detectable_format:title": {},
    "keywords:existence": {"keywords": ["tea"]},
    "keywords:forbidden_words": {"forbidden_words": ["coffee"]},
    "keywords:frequency": {"keyword": "tea", "frequency": 2, "relation": "less than"},
    "keywords:letter_frequency": {"letter": "t", "let_frequency": 4, "let_relation": "at least"},
    "language:response_language": {"language": "en"},
    "length_constraints:nth_paragraph_first_word": {"num_paragraphs": 2, "nth_paragraph": 2,
                                                    "first_word": "tea"},
    "length_constraints:number_paragraphs": {"num_paragraphs": 2},
    "length_constraints:number_sentences": {"num_sentences": 3, "relation": "at least"},
    "length_constraints:number_words": {"num_words": 10, "relation": "less than"},
    "punctuation:no_comma": {},
    "startend:end_checker": {"end_phrase": "Enjoy."},
    "startend:quotation": {},
}

RESPONSES = {
    "prose": "Describe tea. Tea is a warm drink. People enjoy it daily. Enjoy.",
    "markdown": "<<Tea>>\n\n* **TEA** leaves\n* [cup]\n***\nTea, SECTION 1 and SECTION 2.",
    "quoted": '"My answer is yes.\n******\nP.S. tea is nice"',
}


@pytest.mark.parametrize("response", list(RESPONSES.values()), ids=list(RESPONSES))
@pytest.mark.parametrize("instruction_id", sorted(USED_KEYS))
def test_both_kwargs_styles_give_identical_verdicts(instruction_id, response, every_key_style,
                                                    profile):
    used = USED_KEYS[instruction_id]
    every = every_key_style(used)
    assert check(instruction_id, response, every, profile=profile) == check(
        instruction_id, response, used, profile=profile)
    assert check_loose(instruction_id, response, every, profile=profile) == check_loose(
        instruction_id, response, used, profile=profile)


@pytest.mark.parametrize("instruction_id", sorted(i for i, k in USED_KEYS.items() if not k))
def test_no_kwargs_none_and_empty_dict_mean_the_same(instruction_id, profile):
    response = RESPONSES["quoted"]
    assert (check(instruction_id, response, None, profile=profile)
            == check(instruction_id, response, {}, profile=profile))


@pytest.mark.parametrize("instruction_id, kwargs, response, expected", [
    pytest.param("detectable_format:number_bullet_lists", {"num_bullets": 0}, "Plain prose.",
                 True, id="zero-bullets"),
    pytest.param("detectable_format:number_highlighted_sections", {"num_highlights": 0},
                 "Plain prose.", True, id="zero-highlights"),
    pytest.param("detectable_content:number_placeholders", {"num_placeholders": 0},
                 "Plain prose.", True, id="zero-placeholders"),
    pytest.param("keywords:frequency", {"keyword": "tea", "frequency": 0,
                                        "relation": "less than"}, "Plain prose.", False,
                 id="frequency-less-than-zero"),
    pytest.param("keywords:letter_frequency", {"letter": "z", "let_frequency": 0,
                                               "let_relation": "at least"}, "Plain prose.",
                 True, id="letter-at-least-zero"),
    pytest.param("length_constraints:number_words", {"num_words": 0, "relation": "less than"},
                 "Plain prose.", False, id="words-less-than-zero"),
    pytest.param("change_case:capital_word_frequency", {"capital_frequency": 0,
                                                        "capital_relation": "at least"},
                 "Plain prose.", True, id="capitals-at-least-zero"),
])
def test_zero_kwarg_is_a_value_not_absent(instruction_id, kwargs, response, expected,
                                          every_key_style, profile):
    assert check(instruction_id, response, kwargs, profile=profile) is expected
    assert check(instruction_id, response, every_key_style(kwargs),
                 profile=profile) is expected


@pytest.mark.parametrize("instruction_id, kwargs, missing", [
    pytest.param("detectable_format:number_bullet_lists", {"num_bullets": None}, "num_bullets",
                 id="null-count"),
    pytest.param("keywords:frequency", {"keyword": "tea", "frequency": 2, "relation": None},
                 "relation", id="null-relation"),
])
def test_null_kwarg_means_absent_so_a_required_one_is_missing(instruction_id, kwargs, missing):
    with pytest.raises(ParamsError) as raised:
        check(instruction_id, "Some text.", kwargs)
    assert raised.value.field == missing
