"""length_constraints: sentences, words, paragraphs, and the first word of the nth paragraph."""

from __future__ import annotations

import pytest

from ifevalpp.constraints import check
from ifevalpp.errors import ParamsError

LENGTH_IDS = ["length_constraints:number_sentences", "length_constraints:number_words",
              "length_constraints:number_paragraphs",
              "length_constraints:nth_paragraph_first_word"]


@pytest.mark.parametrize("instruction_id", LENGTH_IDS)
def test_blank_response_fails_every_length_instruction(instruction_id, blank_response,
                                                       permissive_kwargs, profile):
    assert check(instruction_id, blank_response, permissive_kwargs[instruction_id],
                 profile=profile) is False


# ---------------------------------------------------------------- number_sentences

@pytest.mark.parametrize("response, relation, expected", [
    pytest.param("I like tea. I like jam.", "less than", True, id="less-than-one-below"),
    pytest.param("I like tea. I like jam. I like bread.", "less than", False,
                 id="less-than-exactly-at-is-strict"),
    pytest.param("I like tea. I like jam. I like bread. I like cake.", "less than", False,
                 id="less-than-one-above"),
    pytest.param("I like tea. I like jam.", "at least", False, id="at-least-one-below"),
    pytest.param("I like tea. I like jam. I like bread.", "at least", True,
                 id="at-least-exactly-at"),
    pytest.param("I like tea. I like jam. I like bread. I like cake.", "at least", True,
                 id="at-least-one-above"),
])
def test_number_sentences_thresholds(response, relation, expected, profile):
    kwargs = {"num_sentences": 3, "relation": relation}
    assert check("length_constraints:number_sentences", response, kwargs,
                 profile=profile) is expected


@pytest.mark.parametrize("response, sentences", [
    pytest.param("Dr. Smith arrived. He sat down.", 2, id="known-abbreviation-does-not-split"),
    pytest.param("Wait! Really? Yes.", 3, id="exclamation-and-question-marks-split"),
    pytest.param("It rained... then it stopped.", 1, id="ellipsis-before-lower-case-does-not"),
    pytest.param("First line\nSecond line", 1, id="newline-alone-does-not-split"),
    pytest.param("no punctuation at all", 1, id="unpunctuated-text-is-one-sentence"),
])
def test_number_sentences_follow_punkt(response, sentences, profile):
    exactly = {"num_sentences": sentences, "relation": "at least"}
    one_more = {"num_sentences": sentences + 1, "relation": "at least"}
    assert check("length_constraints:number_sentences", response, exactly, profile=profile)
    assert not check("length_constraints:number_sentences", response, one_more,
                     profile=profile)


@pytest.mark.parametrize("response, kwargs, revised", [
    pytest.param("I like tea. I like jam. I like bread.",
                 {"num_sentences": 3, "relation": "at most"}, True, id="at-most-exactly-at"),
    pytest.param("I like tea. I like jam. I like bread. I like cake.",
                 {"num_sentences": 3, "relation": "at most"}, False, id="at-most-one-above"),
    pytest.param("I like tea.", {"num_sentences": 4, "relation": "around"}, False,
                 id="around-3-below"),
    pytest.param("I like tea. I like jam.", {"num_sentences": 4, "relation": "around"}, True,
                 id="around-2-below"),
    pytest.param("I like tea. " * 6, {"num_sentences": 4, "relation": "around"}, True,
                 id="around-2-above"),
    pytest.param("I like tea. " * 7, {"num_sentences": 4, "relation": "around"}, False,
                 id="around-3-above"),
])
def test_number_sentences_relations_at_most_and_around_only_in_revised(response, kwargs,
                                                                       revised):
    # Revision "relations-at-most-around": a sentence count is "around" N within 2.
    with pytest.raises(ParamsError, match="relation"):
        check("length_constraints:number_sentences", response, kwargs, profile="official")
    assert check("length_constraints:number_sentences", response, kwargs,
                 profile="revised") is revised


# ---------------------------------------------------------------- number_words

@pytest.mark.parametrize("response, relation, expected", [
    pytest.param("one two three four", "less than", True, id="less-than-one-below"),
    pytest.param("one two three four five", "less than", False,
                 id="less-than-exactly-at-is-strict"),
    pytest.param("one two three four five six", "less than", False, id="less-than-one-above"),
    pytest.param("one two three four", "at least", False, id="at-least-one-below"),
    pytest.param("one two three four five", "at least", True, id="at-least-exactly-at"),
    pytest.param("one two three four five six", "at least", True, id="at-least-one-above"),
])
def test_number_words_thresholds(response, relation, expected, profile):
    kwargs = {"num_words": 5, "relation": relation}
    assert check("length_constraints:number_words", response, kwargs,
                 profile=profile) is expected


@pytest.mark.parametrize("response, words", [
    pytest.param("snake_case_name", 1, id="underscore-joins"),
    pytest.param("well-known", 2, id="hyphen-splits"),
    pytest.param("don't", 2, id="apostrophe-splits"),
    pytest.param("naïve café", 2, id="accented-letters-are-word-characters"),
    pytest.param("in 2024", 2, id="numbers-are-words"),
    pytest.param("one\u00a0two\u2003three", 3, id="unicode-spaces-separate"),
    pytest.param("\u65e5\u672c\u8a9e\u306e\u6587", 1, id="unspaced-cjk-is-one-word"),
    pytest.param("hi \U0001F600 !!! --", 1, id="emoji-and-punctuation-are-not-words"),
])
def test_words_are_backslash_w_runs(response, words, profile):
    exactly = {"num_words": words, "relation": "at least"}
    one_more = {"num_words": words + 1, "relation": "at least"}
    assert check("length_constraints:number_words", response, exactly, profile=profile)
    assert not check("length_constraints:number_words", response, one_more, profile=profile)


@pytest.mark.parametrize("words, kwargs, revised", [
    pytest.param(100, {"num_words": 100, "relation": "at most"}, True, id="at-most-exactly-at"),
    pytest.param(101, {"num_words": 100, "relation": "at most"}, False, id="at-most-one-above"),
    pytest.param(74, {"num_words": 100, "relation": "around"}, False, id="around-26-below"),
    pytest.param(75, {"num_words": 100, "relation": "around"}, True, id="around-25-below"),
    pytest.param(125, {"num_words": 100, "relation": "around"}, True, id="around-25-above"),
    pytest.param(126, {"num_words": 100, "relation": "around"}, False, id="around-26-above"),
])
def test_number_words_relations_at_most_and_around_only_in_revised(words, kwargs, revised):
    # Revision "relations-at-most-around": a word count is "around" N within 25.
    response = " ".join(["word"] * words)
    with pytest.raises(ParamsError, match="relation"):
        check("length_constraints:number_words", response, kwargs, profile="official")
    assert check("length_constraints:number_words", response, kwargs,
                 profile="revised") is revised


# ---------------------------------------------------------------- number_paragraphs

@pytest.mark.parametrize("response, num_paragraphs, expected", [
    pytest.param("First part.\n***\nSecond part.", 1, False, id="one-below-fails"),
    pytest.param("First part.\n***\nSecond part.", 2, True, id="exactly-at-passes"),
    pytest.param("First part.\n***\nSecond part.", 3, False, id="one-above-fails"),
    pytest.param("Only one paragraph.", 1, True, id="no-rule-is-one-paragraph"),
])
def test_number_paragraphs_must_be_exact(response, num_paragraphs, expected, profile):
    assert check("length_constraints:number_paragraphs", response,
                 {"num_paragraphs": num_paragraphs}, profile=profile) is expected


@pytest.mark.parametrize("response, num_paragraphs", [
    pytest.param("First part.\n\n***\n\nSecond part.", 2, id="blank-lines-around-the-rule"),
    pytest.param("First part.***Second part.", 2, id="rule-without-any-whitespace"),
    pytest.param("***\nFirst part.\n***\nSecond part.", 2, id="leading-rule-ignored"),
    pytest.param("First part.\n***\nSecond part.\n***", 2, id="trailing-rule-ignored"),
    pytest.param("It is ***very*** good.", 3, id="bold-italic-markup-splits-too"),
    pytest.param("First part.\n\nSecond part.", 1, id="blank-line-is-not-a-separator"),
    pytest.param("First part.\n---\nSecond part.", 1, id="dash-rule-is-not-a-separator"),
    pytest.param("First part.\n* * *\nSecond part.", 1, id="spaced-star-rule-is-not-either"),
])
def test_paragraphs_are_pieces_between_star_rules(response, num_paragraphs, verdicts):
    assert verdicts("length_constraints:number_paragraphs", response,
                    {"num_paragraphs": num_paragraphs}) == (True, True)


@pytest.mark.parametrize("response", [
    pytest.param("First part.\n***\n***\nSecond part.", id="two-rules-in-a-row"),
    pytest.param("First part.\n***\n   \n***\nSecond part.", id="blank-piece-between-rules"),
])
def test_empty_paragraph_in_the_middle_fails(response, verdicts):
    # Whatever count is asked for: 2 (ignoring the empty piece) and 3 (counting it) both fail.
    for num_paragraphs in (2, 3):
        assert verdicts("length_constraints:number_paragraphs", response,
                        {"num_paragraphs": num_paragraphs}) == (False, False)


# ---------------------------------------------------------------- nth_paragraph_first_word

def _nth(num_paragraphs: int, nth_paragraph: int, first_word: str) -> dict:
    return {"num_paragraphs": num_paragraphs, "nth_paragraph": nth_paragraph,
            "first_word": first_word}


@pytest.mark.parametrize("response, kwargs, expected", [
    pytest.param("Apples are red.\n\nBananas are yellow.", _nth(2, 2, "bananas"), True,
                 id="second-paragraph-starts-with-the-word"),
    pytest.param("Apples are red.\n\nBananas are yellow.", _nth(2, 1, "apples"), True,
                 id="first-paragraph-starts-with-the-word"),
    pytest.param("Apples are red.\n\nBananas are yellow.", _nth(2, 2, "apples"), False,
                 id="wrong-paragraph"),
    pytest.param("Apples are red.\n\nBananas are yellow.", _nth(1, 1, "apples"), False,
                 id="count-one-below-fails"),
    pytest.param("Apples are red.\n\nBananas are yellow.", _nth(3, 2, "bananas"), False,
                 id="count-one-above-fails"),
    pytest.param("Apples are red.\n\nBananas are yellow.", _nth(2, 3, "bananas"), False,
                 id="nth-beyond-the-count"),
    pytest.param("Apples are red.\n\nBananas are yellow.", _nth(2, 2, "BANANAS"), True,
                 id="compared-lower-cased"),
    pytest.param("Apples are red.\r\n\r\nBananas are yellow.", _nth(2, 2, "bananas"), False,
                 id="crlf-blank-line-does-not-separate"),
    pytest.param("Apples are red.\n \nBananas are yellow.", _nth(2, 2, "bananas"), False,
                 id="space-on-the-blank-line-does-not-separate"),
    pytest.param("Apples are red.\n\n\nBananas are yellow.", _nth(2, 2, "bananas"), True,
                 id="three-newlines-still-two-paragraphs"),
    pytest.param("Apples are red.\n\nBananas are yellow.\n\n", _nth(2, 2, "bananas"), True,
                 id="trailing-empty-piece-not-counted"),
])
def test_nth_paragraph_first_word(response, kwargs, expected, profile):
    assert check("length_constraints:nth_paragraph_first_word", response, kwargs,
                 profile=profile) is expected


@pytest.mark.parametrize("second_paragraph, first_word, expected", [
    pytest.param('"Bananas," she said.', "bananas", True, id="leading-double-quote-removed"),
    pytest.param("'Bananas' she said.", "bananas", True, id="leading-single-quote-removed"),
    pytest.param("Bananas, she said.", "bananas", True, id="cut-at-comma"),
    pytest.param("Bananas! she said.", "bananas", True, id="cut-at-exclamation-mark"),
    pytest.param("Bananas? she asked.", "bananas", True, id="cut-at-question-mark"),
    pytest.param("Bananas.", "bananas", True, id="cut-at-full-stop"),
    pytest.param("Don't stop.", "don", True, id="cut-at-apostrophe"),
    pytest.param("Bananas: yellow.", "bananas", False, id="colon-is-not-a-cut"),
    pytest.param("Well-known fact.", "well", False, id="hyphen-is-not-a-cut"),
    pytest.param("\u201cBananas\u201d she said.", "bananas", False,
                 id="curly-quotes-are-not-removed"),
    pytest.param("Bananas\u00a0are yellow.", "bananas", True,
                 id="no-break-space-ends-the-word"),
    pytest.param("**Bananas** are yellow.", "bananas", False, id="bold-markup-is-kept"),
])
def test_nth_paragraph_first_word_normalisation(second_paragraph, first_word, expected,
                                                profile):
    response = "Apples are red.\n\n" + second_paragraph
    assert check("length_constraints:nth_paragraph_first_word", response,
                 _nth(2, 2, first_word), profile=profile) is expected


def test_nth_paragraph_official_indexes_the_unfiltered_split(verdicts):
    # Revision "nth-paragraph-index": four newlines leave an empty piece between the two
    # paragraphs; official takes piece 2 (empty, so it fails), revised the 2nd real paragraph.
    response = "Apples are red.\n\n\n\nBananas are yellow."
    assert verdicts("length_constraints:nth_paragraph_first_word", response,
                    _nth(2, 2, "bananas")) == (False, True)


def test_nth_paragraph_leading_empty_piece_shifts_the_official_index(verdicts):
    # Revision "nth-paragraph-index": a response opening with a blank line has an empty
    # piece first, so official's "1st paragraph" is that empty piece.
    response = "\n\nApples are red.\n\nBananas are yellow."
    assert verdicts("length_constraints:nth_paragraph_first_word", response,
                    _nth(2, 2, "apples")) == (True, False)
    assert verdicts("length_constraints:nth_paragraph_first_word", response,
                    _nth(2, 2, "bananas")) == (False, True)


def test_a_word_count_beside_two_responses_is_said_of_both_together():
    # The checker counts the whole reply; "keep it to 220 words" beside two responses
    # reads as each.
    import random
    import re

    from ifevalpp.constraints import get

    words = get("length_constraints:number_words")
    params = words.Params(relation="less than", num_words=220)
    context = words.wording_beside(params, [("combination:two_responses", None)])
    for seed in range(12):
        text = words.phrase(params, random.Random(seed), ("imperative", "declarative", "question"),
                            **context)
        assert re.search(r"both|two (?:responses|versions)", text), text


def test_no_list_is_added_beside_a_sentence_count():
    # Whether a list's items count as sentences is not said: a distractor adding one would
    # make the checked count ambiguous.
    from ifevalpp.constraints import get
    refused = get("length_constraints:number_sentences").refuses_effects
    assert {"adds_bullets", "numbered_list"} <= refused


def test_a_word_cap_the_copied_request_nearly_spends_is_refused():
    from ifevalpp.constraints import get, parse_params
    words = get("length_constraints:number_words")
    cap = parse_params("length_constraints:number_words",
                       {"relation": "less than", "num_words": 35})
    long_request = ('Rewrite the line "Don\'t forget to water the plants while I\'m away." in '
                    'a passive-aggressive tone. Write less than 35 words in all, please.')
    assert words.spent_by_copy(cap, long_request)
    assert words.spent_by_copy(cap, "Write a haiku about rain. Use fewer than 35 words.") is None


def test_a_first_word_in_markup_is_not_that_word_so_no_distractor_asks_for_markup():
    # "**bonding**" is not "bonding" to the checker: a distractor asking for bold key terms
    # beside the check blurs it (strict read AXB).
    from ifevalpp.constraints import get
    nth = "length_constraints:nth_paragraph_first_word"
    kwargs = {"num_paragraphs": 2, "nth_paragraph": 1, "first_word": "bonding"}
    assert check(nth, "Bonding matters.\n\nMore here.", kwargs)
    assert not check(nth, "**Bonding** matters.\n\nMore here.", kwargs)
    assert {"uses_bold", "uses_italic", "uses_asterisks"} <= get(nth).refuses_effects


def test_a_sentence_cap_beside_a_new_task_says_the_sentences_are_long_when_the_words_ask_it():
    # Read CGS (1392): "fewer than 5 sentences" and "290 or more words" beside a letter of
    # ours read as a contradiction once the original's "The sentences should be long" went
    # with its task.
    import random

    from ifevalpp.constraints import get

    sentences = get("length_constraints:number_sentences")
    words = get("length_constraints:number_words")
    cap = sentences.Params(relation="less than", num_sentences=5)
    floor = words.Params(relation="at least", num_words=250)
    context = sentences.wording_beside(cap, [("length_constraints:number_words", floor)])
    assert context == {"long_sentences": True}
    for seed in range(12):
        text = sentences.phrase(cap, random.Random(seed), ("imperative", "declarative"),
                                new_task=True, **context)
        assert "each of them long" in text and ("5" in text or "five" in text), text


def test_a_sentence_cap_with_room_for_plain_sentences_says_nothing_of_their_length():
    from ifevalpp.constraints import get

    sentences = get("length_constraints:number_sentences")
    words = get("length_constraints:number_words")
    cap = sentences.Params(relation="less than", num_sentences=10)
    floor = words.Params(relation="at least", num_words=100)
    assert sentences.wording_beside(cap, [("length_constraints:number_words", floor)]) == {}


def test_a_word_cap_is_never_contained_under_a_count():
    # Read CHB (340): "Your reply will need to contain under seventeen words."
    import random

    from ifevalpp.constraints import get

    words = get("length_constraints:number_words")
    params = words.Params(relation="less than", num_words=17)
    said = {words.phrase(params, random.Random(seed), ("declarative", "imperative", "question"))
            for seed in range(400)}
    assert not [text for text in said if "contain under" in text], said
    assert [text for text in said if "contain fewer than" in text], said


def test_at_most_one_sentence_is_said_as_one_sentence():
    # Read CIL (3739): "Keep it to at most one sentence", "Please use no more than one
    # sentence", "answer in at most one sentence" are not what people say.
    import random

    from ifevalpp.constraints import get

    sentences = get("length_constraints:number_sentences")
    cap = sentences.Params(relation="less than", num_sentences=2)
    said = {sentences.phrase(cap, random.Random(seed), (style,), asked=True)
            for seed in range(60) for style in ("imperative", "declarative", "question")}
    assert not [text for text in said if "more than one" in text or "at most one" in text], said
    assert any("a single sentence" in text or "one sentence" in text for text in said)
