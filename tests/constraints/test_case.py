"""change_case: english_capital, english_lowercase, capital_word_frequency."""

from __future__ import annotations

import pytest

from ifevalpp.constraints import check
from ifevalpp.errors import ParamsError

CASE_IDS = ["change_case:english_capital", "change_case:english_lowercase",
            "change_case:capital_word_frequency"]


@pytest.mark.parametrize("instruction_id", CASE_IDS)
def test_blank_response_fails_every_case_instruction(instruction_id, blank_response,
                                                     permissive_kwargs, profile):
    assert check(instruction_id, blank_response, permissive_kwargs[instruction_id],
                 profile=profile) is False


# ---------------------------------------------------------------- english_capital

@pytest.mark.parametrize("response, expected", [
    pytest.param("THIS IS WRITTEN ENTIRELY IN CAPITAL LETTERS FOR YOU.", True,
                 id="english-in-capitals"),
    pytest.param("I HAVE 3 CATS AND 2 DOGS AT HOME.", True, id="digits-do-not-matter"),
    pytest.param("THIS IS WRITTEN ENTIRELY IN CAPITAL LETTERs FOR YOU.", False,
                 id="one-lower-case-letter-fails"),
    pytest.param("CECI EST UNE PHRASE \u00c9CRITE EN FRAN\u00c7AIS, BIEN S\u00dbR.", False,
                 id="capitals-in-another-language-fail"),
    pytest.param("12345", False, id="no-cased-letter-is-not-upper-case"),
])
def test_english_capital(response, expected, profile):
    assert check("change_case:english_capital", response, profile=profile) is expected


@pytest.mark.parametrize("response", [
    pytest.param("\u24b6\u24b7\u24b8", id="circled-capital-letters"),
    pytest.param("\u216b", id="roman-numeral-twelve"),
])
def test_english_capital_undetectable_language_passes_only_officially(response, verdicts):
    # Revision "langdetect-failure-fails": these are upper case (str.isupper) but give
    # langdetect no features. "12345" cannot show this: it is not upper case at all.
    assert verdicts("change_case:english_capital", response) == (True, False)


# ---------------------------------------------------------------- english_lowercase

@pytest.mark.parametrize("response, expected", [
    pytest.param("this is written entirely in small letters for you.", True,
                 id="english-in-lower-case"),
    pytest.param("i have 3 cats and 2 dogs at home.", True, id="digits-do-not-matter"),
    pytest.param("this is written entirely in small letters for You.", False,
                 id="one-capital-fails"),
    pytest.param("ceci est une phrase \u00e9crite en fran\u00e7ais, bien s\u00fbr.", False,
                 id="lower-case-in-another-language-fails"),
    pytest.param("12345", False, id="no-cased-letter-is-not-lower-case"),
])
def test_english_lowercase(response, expected, profile):
    assert check("change_case:english_lowercase", response, profile=profile) is expected


@pytest.mark.parametrize("response", [
    pytest.param("\u24d0\u24d1\u24d2", id="circled-small-letters"),
    pytest.param("\u217b", id="small-roman-numeral-twelve"),
])
def test_english_lowercase_undetectable_language_passes_only_officially(response, verdicts):
    # Revision "langdetect-failure-fails".
    assert verdicts("change_case:english_lowercase", response) == (True, False)


# ---------------------------------------------------------------- capital_word_frequency

@pytest.mark.parametrize("response, relation, expected", [
    pytest.param("NASA and ESA met.", "less than", True, id="less-than-one-below"),
    pytest.param("NASA and ESA met JAXA.", "less than", False,
                 id="less-than-exactly-at-is-strict"),
    pytest.param("NASA and ESA met JAXA and ISRO.", "less than", False,
                 id="less-than-one-above"),
    pytest.param("NASA and ESA met.", "at least", False, id="at-least-one-below"),
    pytest.param("NASA and ESA met JAXA.", "at least", True, id="at-least-exactly-at"),
    pytest.param("NASA and ESA met JAXA and ISRO.", "at least", True, id="at-least-one-above"),
])
def test_capital_word_frequency_thresholds(response, relation, expected, profile):
    kwargs = {"capital_frequency": 3, "capital_relation": relation}
    assert check("change_case:capital_word_frequency", response, kwargs,
                 profile=profile) is expected


@pytest.mark.parametrize("response, capital_words", [
    pytest.param("I think so.", 1, id="pronoun-i-counts"),
    pytest.param("The U.S.A. is large.", 1, id="dotted-abbreviation-is-one-token"),
    pytest.param("NASA's rocket.", 1, id="possessive-split-off"),
    pytest.param("An ALL-CAPS style.", 1, id="hyphenated-capitals-are-one-token"),
    pytest.param("McDonald said OK.", 1, id="mixed-case-does-not-count"),
    pytest.param("HELLO, WORLD!", 2, id="punctuation-tokens-do-not-count"),
    pytest.param("A1 and B2.", 2, id="letters-with-digits-count"),
    pytest.param("\u00c9T\u00c9 \u00c0 PARIS.", 3, id="accented-capitals-count"),
])
def test_capital_words_are_upper_case_word_tokens(response, capital_words, verdicts):
    at = {"capital_frequency": capital_words, "capital_relation": "at least"}
    above = {"capital_frequency": capital_words + 1, "capital_relation": "at least"}
    assert verdicts("change_case:capital_word_frequency", response, at) == (True, True)
    assert verdicts("change_case:capital_word_frequency", response, above) == (False, False)


@pytest.mark.parametrize("capital_words, kwargs, revised", [
    pytest.param(3, {"capital_frequency": 3, "capital_relation": "at most"}, True,
                 id="at-most-exactly-at"),
    pytest.param(4, {"capital_frequency": 3, "capital_relation": "at most"}, False,
                 id="at-most-one-above"),
    pytest.param(4, {"capital_frequency": 10, "capital_relation": "around"}, False,
                 id="around-6-below"),
    pytest.param(5, {"capital_frequency": 10, "capital_relation": "around"}, True,
                 id="around-5-below"),
    pytest.param(15, {"capital_frequency": 10, "capital_relation": "around"}, True,
                 id="around-5-above"),
    pytest.param(16, {"capital_frequency": 10, "capital_relation": "around"}, False,
                 id="around-6-above"),
])
def test_capital_word_relations_at_most_and_around_only_in_revised(capital_words, kwargs,
                                                                   revised):
    # Revision "relations-at-most-around": a capital-word count is "around" N within 5.
    response = " ".join(["NASA"] * capital_words) + " and friends"
    with pytest.raises(ParamsError, match="relation"):
        check("change_case:capital_word_frequency", response, kwargs, profile="official")
    assert check("change_case:capital_word_frequency", response, kwargs,
                 profile="revised") is revised


def test_a_cap_on_capital_words_asks_for_them_again_only_where_the_task_no_longer_does():
    # Read CHD (1653): "In the template, capitalize a few words to stress main points." stayed
    # with the task, and the restatement asked for such words again.
    import random

    from ifevalpp.constraints import get

    capitals = get("change_case:capital_word_frequency")
    params = capitals.Params(capital_relation="less than", capital_frequency=4)
    styles = ("imperative", "declarative")
    kept = {capitals.phrase(params, random.Random(seed), styles, presence=True, in_task=True)
            for seed in range(60)}
    assert not [text for text in kept if "for stress" in text or "stress a few" in text], kept
    anew = {capitals.phrase(params, random.Random(seed), styles, presence=True)
            for seed in range(60)}
    assert [text for text in anew if "for stress" in text or "stress a few" in text], anew
