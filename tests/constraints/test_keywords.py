"""keywords:existence, keywords:frequency, keywords:forbidden_words, keywords:letter_frequency."""

from __future__ import annotations

import pytest

from ifevalpp.constraints import check
from ifevalpp.errors import ParamsError

KEYWORD_IDS = ["keywords:existence", "keywords:frequency", "keywords:forbidden_words",
               "keywords:letter_frequency"]


@pytest.mark.parametrize("instruction_id", KEYWORD_IDS)
def test_blank_response_fails_every_keywords_instruction(instruction_id, blank_response,
                                                         permissive_kwargs, profile):
    assert check(instruction_id, blank_response, permissive_kwargs[instruction_id],
                 profile=profile) is False


# ---------------------------------------------------------------- keywords:existence

@pytest.mark.parametrize("response, keywords, expected", [
    pytest.param("I drink tea and eat toast.", ["tea", "toast"], True, id="all-present"),
    pytest.param("I drink tea.", ["tea", "toast"], False, id="one-missing"),
    pytest.param("TEA is served.", ["tea"], True, id="case-insensitive"),
    pytest.param("Green tea, hot.", ["Tea"], True, id="keyword-case-ignored-too"),
    pytest.param("Un café crème.", ["café"], True, id="non-ascii-keyword"),
])
def test_existence_requires_every_keyword(response, keywords, expected, profile):
    assert check("keywords:existence", response, {"keywords": keywords},
                 profile=profile) is expected


@pytest.mark.parametrize("response, keywords, official, revised", [
    pytest.param("Pick a category.", ["cat"], True, False,
                 id="inside-longer-word-counts-only-officially"),
    pytest.param("The cat sat.", ["cat"], True, True, id="whole-word-counts-in-both"),
    pytest.param("The cat's bowl.", ["cat"], True, True, id="possessive-counts-in-both"),
    pytest.param("An abc here.", ["a.c"], True, False,
                 id="keyword-is-a-regex-officially-literal-when-revised"),
])
def test_existence_substring_versus_whole_word(response, keywords, official, revised,
                                               verdicts):
    # Revision "keyword-boundaries": official searches the keyword as a bare regex.
    assert verdicts("keywords:existence", response, {"keywords": keywords}) == (official,
                                                                                revised)


# ---------------------------------------------------------------- keywords:frequency

@pytest.mark.parametrize("response, relation, expected", [
    pytest.param("tea tea", "less than", True, id="less-than-one-below"),
    pytest.param("tea tea tea", "less than", False, id="less-than-exactly-at-is-strict"),
    pytest.param("tea tea tea tea", "less than", False, id="less-than-one-above"),
    pytest.param("tea tea", "at least", False, id="at-least-one-below"),
    pytest.param("tea tea tea", "at least", True, id="at-least-exactly-at"),
    pytest.param("tea tea tea tea", "at least", True, id="at-least-one-above"),
])
def test_frequency_thresholds(response, relation, expected, profile):
    kwargs = {"keyword": "tea", "frequency": 3, "relation": relation}
    assert check("keywords:frequency", response, kwargs, profile=profile) is expected


@pytest.mark.parametrize("response, kwargs, expected", [
    pytest.param("Tea? TEA! tea.", {"keyword": "tea", "frequency": 3, "relation": "at least"},
                 True, id="case-insensitive"),
    pytest.param("aaaa", {"keyword": "aa", "frequency": 2, "relation": "at least"}, True,
                 id="matches-do-not-overlap-officially"),
    pytest.param("aaaa", {"keyword": "aa", "frequency": 3, "relation": "at least"}, False,
                 id="overlapping-match-not-counted"),
    pytest.param("tea tea", {"keyword": "  tea ", "frequency": 2, "relation": "at least"},
                 True, id="keyword-is-stripped"),
    pytest.param("no drinks here", {"keyword": "tea", "frequency": 0, "relation": "less than"},
                 False, id="less-than-zero-never-holds"),
    pytest.param("no drinks here", {"keyword": "tea", "frequency": 0, "relation": "at least"},
                 True, id="at-least-zero-always-holds"),
])
def test_frequency_official_matching(response, kwargs, expected):
    assert check("keywords:frequency", response, kwargs) is expected


@pytest.mark.parametrize("response, official, revised", [
    pytest.param("cat category catalog", True, False, id="substrings-counted-only-officially"),
    pytest.param("cat cat. Cat!", True, True, id="whole-words-counted-in-both"),
])
def test_frequency_substring_versus_whole_word(response, official, revised, verdicts):
    # Revision "keyword-boundaries": 3 occurrences officially, 1 when whole words are required.
    kwargs = {"keyword": "cat", "frequency": 3, "relation": "at least"}
    assert verdicts("keywords:frequency", response, kwargs) == (official, revised)


# ---------------------------------------------------------------- keywords:forbidden_words

@pytest.mark.parametrize("response, expected", [
    pytest.param("I keep a dog.", True, id="absent-passes"),
    pytest.param("I keep a cat.", False, id="whole-word-fails"),
    pytest.param("I keep a CAT.", False, id="case-insensitive"),
    pytest.param("I keep two cats.", True, id="plural-does-not-violate"),
    pytest.param("I saw a bobcat.", True, id="prefixed-form-does-not-violate"),
    pytest.param("The cat's bowl.", False, id="possessive-violates"),
    pytest.param("A cat-like grace.", False, id="hyphenated-violates"),
    pytest.param("a_cat_b", True, id="underscore-is-a-word-character"),
])
def test_forbidden_words_use_word_boundaries(response, expected, profile):
    assert check("keywords:forbidden_words", response, {"forbidden_words": ["cat"]},
                 profile=profile) is expected


def test_forbidden_words_fail_if_any_one_appears(profile):
    kwargs = {"forbidden_words": ["cat", "dog"]}
    assert check("keywords:forbidden_words", "A dog barks.", kwargs, profile=profile) is False


def test_forbidden_word_found_through_unicode_case_folding(profile):
    # "ſ" (long s) matches "s" under IGNORECASE, though "kiſs" holds no "kiss": a response
    # outside ASCII is never ruled out by the substring test.
    assert check("keywords:forbidden_words", "The KIſS.", {"forbidden_words": ["kiss"]},
                 profile=profile) is False


def test_forbidden_word_that_is_a_pattern_is_matched_as_one(profile):
    # The word goes to the regex engine as it is (as the official checker does), so a
    # pattern's match counts although the word itself is not a substring.
    assert check("keywords:forbidden_words", "A cat here.", {"forbidden_words": ["c.t"]},
                 profile=profile) is False


# ---------------------------------------------------------------- keywords:letter_frequency

@pytest.mark.parametrize("response, relation, expected", [
    pytest.param("ab", "less than", True, id="less-than-one-below"),
    pytest.param("aba", "less than", False, id="less-than-exactly-at-is-strict"),
    pytest.param("abaa", "less than", False, id="less-than-one-above"),
    pytest.param("ab", "at least", False, id="at-least-one-below"),
    pytest.param("aba", "at least", True, id="at-least-exactly-at"),
    pytest.param("abaa", "at least", True, id="at-least-one-above"),
])
def test_letter_frequency_thresholds(response, relation, expected, profile):
    kwargs = {"letter": "a", "let_frequency": 2, "let_relation": relation}
    assert check("keywords:letter_frequency", response, kwargs, profile=profile) is expected


@pytest.mark.parametrize("response, letter, expected", [
    pytest.param("A banana", "a", True, id="response-lower-cased"),
    pytest.param("a banana", "A", True, id="letter-lower-cased"),
    pytest.param("àààà a", "a", False, id="accented-letters-are-other-characters"),
])
def test_letter_frequency_counts_case_insensitively(response, letter, expected):
    kwargs = {"letter": letter, "let_frequency": 4, "let_relation": "at least"}
    assert check("keywords:letter_frequency", response, kwargs) is expected


@pytest.mark.parametrize("letter, response", [
    pytest.param("#", "# one # two # three", id="hash"),
    pytest.param("!", "Wow! Yes! Great!", id="exclamation-mark"),
])
def test_letter_outside_a_to_z_is_counted_literally_in_both_profiles(letter, response,
                                                                     verdicts):
    # The official code swaps such a letter for a random one; neither profile does.
    exactly_three = {"letter": letter, "let_frequency": 3, "let_relation": "at least"}
    more_than_three = {"letter": letter, "let_frequency": 4, "let_relation": "at least"}
    assert verdicts("keywords:letter_frequency", response, exactly_three) == (True, True)
    assert verdicts("keywords:letter_frequency", response, more_than_three) == (False, False)


# ---------------------------------------------------------------- relations "at most", "around"

@pytest.mark.parametrize("response, kwargs, revised", [
    pytest.param("tea tea", {"keyword": "tea", "frequency": 3, "relation": "at most"}, True,
                 id="at-most-one-below"),
    pytest.param("tea tea tea", {"keyword": "tea", "frequency": 3, "relation": "at most"},
                 True, id="at-most-exactly-at"),
    pytest.param("tea tea tea tea", {"keyword": "tea", "frequency": 3, "relation": "at most"},
                 False, id="at-most-one-above"),
    pytest.param("tea " * 4, {"keyword": "tea", "frequency": 10, "relation": "around"}, False,
                 id="around-6-below"),
    pytest.param("tea " * 5, {"keyword": "tea", "frequency": 10, "relation": "around"}, True,
                 id="around-5-below"),
    pytest.param("tea " * 15, {"keyword": "tea", "frequency": 10, "relation": "around"}, True,
                 id="around-5-above"),
    pytest.param("tea " * 16, {"keyword": "tea", "frequency": 10, "relation": "around"}, False,
                 id="around-6-above"),
])
def test_frequency_relations_at_most_and_around_only_in_revised(response, kwargs, revised):
    # Revision "relations-at-most-around": a keyword count is "around" N within 5.
    with pytest.raises(ParamsError, match="relation"):
        check("keywords:frequency", response, kwargs, profile="official")
    assert check("keywords:frequency", response, kwargs, profile="revised") is revised


@pytest.mark.parametrize("response, kwargs, revised", [
    pytest.param("a" * 3, {"letter": "a", "let_frequency": 3, "let_relation": "at most"}, True,
                 id="at-most-exactly-at"),
    pytest.param("a" * 4, {"letter": "a", "let_frequency": 3, "let_relation": "at most"},
                 False, id="at-most-one-above"),
    pytest.param("a" * 4, {"letter": "a", "let_frequency": 10, "let_relation": "around"},
                 False, id="around-6-below"),
    pytest.param("a" * 5, {"letter": "a", "let_frequency": 10, "let_relation": "around"}, True,
                 id="around-5-below"),
    pytest.param("a" * 15, {"letter": "a", "let_frequency": 10, "let_relation": "around"},
                 True, id="around-5-above"),
    pytest.param("a" * 16, {"letter": "a", "let_frequency": 10, "let_relation": "around"},
                 False, id="around-6-above"),
])
def test_letter_frequency_relations_at_most_and_around_only_in_revised(response, kwargs,
                                                                       revised):
    # Revision "relations-at-most-around": a letter count is "around" N within 5.
    with pytest.raises(ParamsError, match="relation"):
        check("keywords:letter_frequency", response, kwargs, profile="official")
    assert check("keywords:letter_frequency", response, kwargs, profile="revised") is revised


def test_an_empty_keyword_list_is_refused_rather_than_passing_vacuously():
    with pytest.raises(ParamsError) as raised:
        check("keywords:existence", "anything", {"keywords": []})
    assert raised.value.field == "keywords"


def test_a_keyword_that_is_not_a_regex_is_a_params_error_in_official_only():
    with pytest.raises(ParamsError) as raised:
        check("keywords:existence", "a (b", {"keywords": ["(b"]})
    assert raised.value.field == "keywords"
    assert check("keywords:existence", "a (b", {"keywords": ["(b"]}, profile="revised")


def test_a_count_of_hash_signs_is_said_as_hashtags_and_other_symbols_as_characters():
    # Nobody asks for 'the letter "#" four times': the prompt meant hashtags.
    import random

    from ifevalpp.constraints import get

    letters = get("keywords:letter_frequency")
    styles = ("imperative", "declarative", "question")
    for seed in range(8):
        hashtags = letters.phrase(letters.Params(letter="#", let_relation="at least",
                                                 let_frequency=4), random.Random(seed), styles)
        assert "hashtags" in hashtags and "letter" not in hashtags, hashtags
        bangs = letters.phrase(letters.Params(letter="!", let_relation="at least",
                                              let_frequency=3), random.Random(seed), styles)
        assert "letter" not in bangs, bangs


def test_a_count_of_exclamation_marks_is_said_as_exclamation_marks():
    # 'include the character "!" a minimum of six times' (strict read ADA) is no one's words.
    import random

    from ifevalpp.constraints import get

    letters = get("keywords:letter_frequency")
    styles = ("imperative", "declarative", "question", "list")
    for relation, count in (("at least", 6), ("less than", 3), ("less than", 1)):
        for seed in range(8):
            said = letters.phrase(letters.Params(letter="!", let_relation=relation,
                                                 let_frequency=count), random.Random(seed), styles)
            assert "exclamation marks" in said and '"!"' not in said, said


def test_a_cap_on_a_word_is_said_as_a_limit_never_as_an_order_to_use_it():
    # Reads BCT, BDA: "Your response has to use "flesh" at most twice"; "Be sure to use
    # "hughes" at most once".
    import random
    import re

    from ifevalpp.constraints import get

    frequency = get("keywords:frequency")
    for frequency_of, relation in ((2, "less than"), (3, "less than"), (6, "less than")):
        params = frequency.Params(keyword="tide", frequency=frequency_of, relation=relation)
        said = {frequency.phrase(params, random.Random(seed), ("imperative", "declarative"))
                for seed in range(40)}
        assert all(re.search(r"\blimit|\bmention", text.lower()) and
                   " use " not in f" {text.lower()} " for text in said), said
    kept = frequency.Params(keyword="tide", frequency=3, relation="at least")
    assert any("use" in frequency.phrase(kept, random.Random(seed), ("imperative",)).lower()
               for seed in range(20))


def test_a_cap_said_of_the_answer_says_what_it_contains_not_what_it_limits():
    # Read BDL: "It's important that your reply limits "driver" to a single use" makes the
    # reply the one that limits; read CFM: "your reply has to have "teacher" no more than
    # once" is clumsy.
    import random
    import re

    from ifevalpp.constraints import get

    frequency = get("keywords:frequency")
    params = frequency.Params(keyword="driver", frequency=2, relation="less than")
    said = {frequency.phrase(params, random.Random(seed), ("declarative",)) for seed in range(60)}
    assert not any(" limits " in f" {text} " for text in said), said
    assert not any(re.search(r"\bha(?:s|ve) \"driver\"", text) for text in said), said
    assert any(re.search(r"\bmention (?:the word )?\"driver\"", text) for text in said), said


def test_a_cap_on_a_word_is_never_said_as_a_need_to_use_it():
    # Read CGQ (296): "your response needs to mention the word "hughes" at most once" reads as
    # an order to mention it; a cap is said with "should" or "make sure", never with
    # "needs to", "has to" or "I need".
    import random
    import re

    from ifevalpp.constraints import get

    frequency = get("keywords:frequency")
    params = frequency.Params(keyword="hughes", frequency=2, relation="less than")
    said = {frequency.phrase(params, random.Random(seed), ("declarative",)) for seed in range(80)}
    need = re.compile(r"\b(?:needs? to|ha(?:s|ve) to|need (?:\S+ ){1,3}to) (?:mention|use|contain)")
    assert not [text for text in said if need.search(text)], said
    letter = get("keywords:letter_frequency")
    capped = letter.Params(letter="t", let_frequency=2, let_relation="less than")
    said = {letter.phrase(capped, random.Random(seed), ("declarative",)) for seed in range(80)}
    assert not [text for text in said if need.search(text)], said


def test_a_cap_on_uses_is_never_said_with_must():
    # Read CIF (296): "Your answer must mention the word "hughes" no more than once" reads as
    # a duty to mention it.
    import random

    from ifevalpp.constraints import get

    frequency = get("keywords:frequency")
    letter = get("keywords:letter_frequency")
    caps = [(frequency, frequency.Params(keyword="hughes", frequency=2, relation="less than")),
            (letter, letter.Params(letter="t", let_frequency=4, let_relation="less than"))]
    for constraint, params in caps:
        said = {constraint.phrase(params, random.Random(seed), ("declarative",))
                for seed in range(120)}
        assert not [text for text in said if " must " in f" {text.lower()} "], said


def test_a_cap_on_a_letter_is_never_an_order_to_use_the_letter():
    # Read CIF: as with a word, "Make sure you use the letter "w" no more than once" orders
    # the letter's use; the cap says what to avoid.
    import random
    import re

    from ifevalpp.constraints import get

    letter = get("keywords:letter_frequency")
    for count, relation in ((2, "less than"), (5, "less than"), (2, "at most")):
        params = letter.Params(letter="w", let_frequency=count, let_relation=relation)
        said = {letter.phrase(params, random.Random(seed), ("imperative",)) for seed in range(120)}
        ordered = re.compile(r"(?i)\b(?:sure (?:to|you)|please|you should) (?:use|make) the letter")
        assert not [text for text in said if ordered.search(text)], said
        assert any("avoid using the letter" in text for text in said), said


def test_a_cap_on_a_little_word_says_use_not_mention():
    # Read CII (2716): "Your answer should mention "the" at most once": "the" is used, not
    # mentioned; a word with a meaning is still mentioned.
    import random

    from ifevalpp.constraints import get

    frequency = get("keywords:frequency")
    little = frequency.Params(keyword="the", frequency=2, relation="less than")
    said = {frequency.phrase(little, random.Random(seed), ("declarative",)) for seed in range(120)}
    assert not [text for text in said if "mention" in text], said
    named = frequency.Params(keyword="hughes", frequency=2, relation="less than")
    said = {frequency.phrase(named, random.Random(seed), ("declarative",)) for seed in range(120)}
    assert any("mention" in text for text in said), said


def test_a_minimum_of_a_word_may_still_be_said_as_a_need():
    import random
    import re

    from ifevalpp.constraints import get

    frequency = get("keywords:frequency")
    params = frequency.Params(keyword="hughes", frequency=3, relation="at least")
    said = {frequency.phrase(params, random.Random(seed), ("declarative",)) for seed in range(80)}
    need = re.compile(r"\b(?:needs? to|ha(?:s|ve) to|need (?:\S+ ){1,3}to) (?:mention|use|contain|include)")
    assert any(need.search(text) for text in said), said


def test_words_to_include_are_used_never_mentioned():
    # Read CJB (3380, 3732): "Mention the words 'although', 'steady', and 'nonetheless'".
    import random

    from ifevalpp.constraints import get

    existence = get("keywords:existence")
    params = existence.Params(keywords=["although", "steady", "nonetheless"])
    said = {existence.phrase(params, random.Random(seed), (style,)) for seed in range(120)
            for style in ("imperative", "declarative", "list")}
    assert not [text for text in said if "mention" in text.lower()], said
