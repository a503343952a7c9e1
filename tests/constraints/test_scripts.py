"""How languages are written (support/languages.WRITING) and what each type needs of a script
(`Constraint.script_needs`): a check that means nothing in some scripts says so, and a
reconfiguration never changes the language to one of them (generate/satisfiable.trivialised)."""

from __future__ import annotations

import pytest

from ifevalpp import text
from ifevalpp.constraints import REGISTRY, check, get
from ifevalpp.constraints.support.languages import ENGLISH_NAMES, WRITING, writes_with
from ifevalpp.generate.satisfiable import trivialised

FEATURES = {"latin", "cased", "ascii_comma", "spaced", "full_stop", "english"}


def test_every_language_code_has_its_writing_and_only_known_features():
    assert set(WRITING) == set(ENGLISH_NAMES)
    for code, features in WRITING.items():
        assert features <= FEATURES, code


@pytest.mark.parametrize("code, lacks", [
    ("fa", "ascii_comma"), ("ar", "ascii_comma"), ("ur", "ascii_comma"), ("th", "ascii_comma"),
    ("zh-cn", "spaced"), ("ja", "spaced"), ("th", "spaced"),
    ("hi", "full_stop"), ("bn", "full_stop"), ("zh-tw", "full_stop"),
    ("hi", "cased"), ("ko", "cased"), ("ru", "latin"), ("de", "english"),
])
def test_a_script_lacks_what_its_writing_does_not_give(code, lacks):
    assert not writes_with(code, frozenset({lacks}))


@pytest.mark.parametrize("code", ["de", "vi", "tr", "en"])
def test_latin_scripts_have_commas_spaces_stops_and_cases(code):
    assert writes_with(code, frozenset({"latin", "cased", "ascii_comma", "spaced", "full_stop"}))


def test_the_checkers_really_need_what_the_types_declare():
    # Persian's comma passes a ban on ",", Chinese runs words together, Hindi ends sentences
    # with "।": each check then holds by itself (or never).
    assert check("punctuation:no_comma", "سلام، دوست من", {})
    assert text.count_words("我今天去了市场买了很多水果") == 1
    assert text.count_sentences("मैं घर गया। वह स्कूल गई। हम खुश हैं।") == 1


def test_the_types_that_mean_something_only_in_some_scripts():
    needs = {instruction_id: constraint.script_needs for instruction_id, constraint
             in REGISTRY.items() if constraint.script_needs}
    assert needs == {
        "punctuation:no_comma": {"ascii_comma"},
        "change_case:capital_word_frequency": {"cased"},
        "keywords:letter_frequency": {"latin"},
        "length_constraints:number_words": {"spaced"},
        "length_constraints:number_sentences": {"full_stop"},
        "keywords:forbidden_words": {"english"},
        "keywords:existence": {"latin"},
        "keywords:frequency": {"english"},
    }


def test_the_language_a_setting_asks_for():
    language = get("language:response_language")
    assert language.language_of(language.Params(language="fa")) == "fa"
    assert get("punctuation:no_comma").language_of(None) is None


def test_trivialised_names_the_constraint_and_the_language():
    ids = ["language:response_language", "punctuation:no_comma"]
    language = get(ids[0])
    reason = trivialised(ids, [language.Params(language="fa"), None])
    assert reason is not None and "punctuation:no_comma" in reason and "Persian" in reason
    assert trivialised(ids, [language.Params(language="de"), None]) is None
