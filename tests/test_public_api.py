"""The stable checking surface: signatures, the 25 ids, errors that name what was wrong."""

from __future__ import annotations

import inspect

import pytest

from ifevalpp import constraints
from ifevalpp.constraints import check, check_loose, instruction_ids
from ifevalpp.errors import InputError, ParamsError, UnknownInstructionError
from ifevalpp.profiles import REVISIONS

P = inspect.Parameter


@pytest.mark.parametrize("function", [check, check_loose], ids=["check", "check_loose"])
def test_check_signature(function):
    parameters = [(p.name, p.kind, p.default)
                  for p in inspect.signature(function).parameters.values()]
    assert parameters == [
        ("instruction_id", P.POSITIONAL_OR_KEYWORD, P.empty),
        ("response", P.POSITIONAL_OR_KEYWORD, P.empty),
        ("kwargs", P.POSITIONAL_OR_KEYWORD, None),
        ("prompt", P.KEYWORD_ONLY, None),
        ("profile", P.KEYWORD_ONLY, "official"),
    ]


def test_check_all_signature():
    parameters = [(p.name, p.kind, p.default)
                  for p in inspect.signature(constraints.check_all).parameters.values()]
    assert parameters == [
        ("instruction_ids", P.POSITIONAL_OR_KEYWORD, P.empty),
        ("kwargs_list", P.POSITIONAL_OR_KEYWORD, P.empty),
        ("response", P.POSITIONAL_OR_KEYWORD, P.empty),
        ("prompt", P.KEYWORD_ONLY, None),
        ("profile", P.KEYWORD_ONLY, "official"),
    ]


def test_prompt_and_profile_are_keyword_only():
    with pytest.raises(TypeError):
        check("punctuation:no_comma", "text", None, None, "official")  # type: ignore[misc]


def test_verdicts_are_plain_bools():
    assert check("punctuation:no_comma", "text") is True
    assert check_loose("punctuation:no_comma", "a, b") is False


def test_the_25_instruction_ids():
    assert instruction_ids() == [
        "change_case:capital_word_frequency",
        "change_case:english_capital",
        "change_case:english_lowercase",
        "combination:repeat_prompt",
        "combination:two_responses",
        "detectable_content:number_placeholders",
        "detectable_content:postscript",
        "detectable_format:constrained_response",
        "detectable_format:json_format",
        "detectable_format:multiple_sections",
        "detectable_format:number_bullet_lists",
        "detectable_format:number_highlighted_sections",
        "detectable_format:title",
        "keywords:existence",
        "keywords:forbidden_words",
        "keywords:frequency",
        "keywords:letter_frequency",
        "language:response_language",
        "length_constraints:nth_paragraph_first_word",
        "length_constraints:number_paragraphs",
        "length_constraints:number_sentences",
        "length_constraints:number_words",
        "punctuation:no_comma",
        "startend:end_checker",
        "startend:quotation",
    ]


def test_constraints_all_is_pinned():
    assert sorted(constraints.__all__) == [
        "Constraint", "Params", "REGISTRY", "Span", "check", "check_all", "check_all_profiles",
        "check_loose", "compare", "forget_analyses", "get", "instruction_ids", "load_plugins",
        "parse_params", "register", "strict_text", "unregister",
    ]
    for name in constraints.__all__:
        assert hasattr(constraints, name), name


def test_revisions_are_the_five_known_ones():
    # Each has a side-by-side test in tests/constraints/ (search for its name).
    assert sorted(REVISIONS) == ["keyword-boundaries", "langdetect-failure-fails",
                                 "nth-paragraph-index", "relations-at-most-around",
                                 "section-numerals"]


# ---------------------------------------------------------------- errors

@pytest.mark.parametrize("function", [check, check_loose], ids=["check", "check_loose"])
def test_unknown_instruction_id_is_named_in_the_error(function):
    with pytest.raises(UnknownInstructionError, match="keywords:colour") as raised:
        function("keywords:colour", "Some text.")
    assert raised.value.field == "instruction_id"
    assert isinstance(raised.value, InputError)
    assert not isinstance(raised.value, ParamsError)


def test_unknown_instruction_id_in_check_all_is_named():
    with pytest.raises(UnknownInstructionError, match="no_such:thing"):
        constraints.check_all(["punctuation:no_comma", "no_such:thing"], [None, None], "text")


@pytest.mark.parametrize("instruction_id, kwargs, field", [
    pytest.param("length_constraints:number_words", {"num_words": "300", "relation": "at least"},
                 "num_words", id="count-as-a-string"),
    pytest.param("length_constraints:number_words", {"num_words": True, "relation": "at least"},
                 "num_words", id="count-as-a-bool"),
    pytest.param("length_constraints:number_words", {"num_words": 300.0,
                                                     "relation": "at least"},
                 "num_words", id="count-as-a-float"),
    pytest.param("length_constraints:number_words", {"num_words": -1, "relation": "at least"},
                 "num_words", id="negative-count"),
    pytest.param("length_constraints:number_words", {"num_words": 300, "relation": "more than"},
                 "relation", id="unknown-relation"),
    pytest.param("length_constraints:number_words", {"relation": "at least"}, "num_words",
                 id="missing-count"),
    pytest.param("length_constraints:number_paragraphs", {"num_paragraphs": 0},
                 "num_paragraphs", id="zero-paragraphs"),
    pytest.param("keywords:existence", {"keywords": "tea"}, "keywords",
                 id="keywords-as-a-string"),
    pytest.param("keywords:existence", {"keywords": ["tea", 7]}, "keywords.1",
                 id="keyword-not-a-string"),
    pytest.param("keywords:letter_frequency", {"letter": "ab", "let_frequency": 2,
                                               "let_relation": "at least"},
                 "letter", id="letter-longer-than-one-character"),
    pytest.param("language:response_language", {"language": "xx"}, "language",
                 id="unknown-language-code"),
    pytest.param("length_constraints:number_words",
                 {"num_words": 300, "relation": "at least", "colour": "red"}, "colour",
                 id="unknown-key"),
    pytest.param("punctuation:no_comma", {"num_words": 300}, "num_words",
                 id="key-for-a-type-without-parameters"),
])
def test_bad_kwargs_raise_params_error_naming_the_field(instruction_id, kwargs, field):
    with pytest.raises(ParamsError) as raised:
        check(instruction_id, "Some text here.", kwargs)
    assert raised.value.field == field
    assert field.split(".")[0] in str(raised.value)


def test_unknown_profile_is_rejected():
    with pytest.raises(ValueError, match="official"):
        check("punctuation:no_comma", "text", profile="lenient")  # type: ignore[arg-type]


# ---------------------------------------------------------------- the reward surface

def test_score_batch_signature():
    from ifevalpp.reward import score_batch

    parameters = [(p.name, p.kind, p.default)
                  for p in inspect.signature(score_batch).parameters.values()]
    assert parameters == [
        ("completions", P.POSITIONAL_OR_KEYWORD, P.empty),
        ("instruction_id_lists", P.POSITIONAL_OR_KEYWORD, P.empty),
        ("kwargs_lists", P.POSITIONAL_OR_KEYWORD, P.empty),
        ("prompts", P.KEYWORD_ONLY, None),
        ("mode", P.KEYWORD_ONLY, "strict"),
        ("reduce", P.KEYWORD_ONLY, "all"),
        ("profile", P.KEYWORD_ONLY, "official"),
        ("workers", P.KEYWORD_ONLY, None),
        ("keep_reasoning", P.KEYWORD_ONLY, False),
    ]


def test_verl_compute_score_takes_verls_four_arguments_in_order():
    from ifevalpp.reward.verl import compute_score

    names = list(inspect.signature(compute_score).parameters)
    assert names[:4] == ["data_source", "solution_str", "ground_truth", "extra_info"]
    assert inspect.signature(compute_score).parameters["extra_info"].default is None


@pytest.mark.parametrize("function", [check, check_loose])
@pytest.mark.parametrize("response", [123, None, b"bytes", ["a list"]])
def test_a_response_that_is_not_text_raises_a_clear_type_error(function, response):
    with pytest.raises(TypeError, match=f"response must be a str, got {type(response).__name__}"):
        function("punctuation:no_comma", response)


def test_a_prompt_that_is_not_text_raises_a_clear_type_error():
    with pytest.raises(TypeError, match="prompt must be a str or None, got int"):
        check("combination:repeat_prompt", "hi", {"prompt_to_repeat": "hi"}, prompt=5)
