"""Small counts are said one way throughout a cousin (generate/prompt/numerals.py)."""

from __future__ import annotations

from ifevalpp.generate.prompt.numerals import harmonised, mixed, style_of


def test_small_counts_follow_the_first_one_when_no_way_is_asked():
    assert harmonised('Write 4 paragraphs. Use the word "sun" three times.', None) == \
        'Write 4 paragraphs. Use the word "sun" 3 times.'


def test_small_counts_are_said_in_words_when_asked():
    assert harmonised("Write exactly 4 paragraphs and 2 different versions.", "words") == \
        "Write exactly four paragraphs and two different versions."


def test_the_more_common_way_of_a_text_is_its_style():
    assert style_of("Use 3 sections, 5 sentences and two versions.") == "digits"
    assert style_of("Use three sections, five sentences and 2 versions.") == "words"


def test_a_text_without_a_small_count_has_no_style():
    assert style_of("Write at least 300 words about a rainy day.") is None


def test_a_count_opening_a_sentence_stays_in_words():
    assert harmonised("Use 2 bullet points. Three paragraphs are enough.", "digits") == \
        "Use 2 bullet points. Three paragraphs are enough."


def test_a_count_said_in_words_at_the_start_of_a_sentence_takes_a_capital():
    assert harmonised("Use two bullet points. 3 paragraphs are enough.", "words") == \
        "Use two bullet points. Three paragraphs are enough."


def test_a_number_that_counts_no_unit_is_left_alone():
    text = "Plan a 5-day trip. Section 2 should have 3 sentences, and name 4 cities."
    assert harmonised(text, "words") == \
        "Plan a 5-day trip. Section 2 should have three sentences, and name 4 cities."


def test_counts_of_ten_and_more_are_left_alone():
    assert harmonised("Use 12 sentences and two paragraphs.", "digits") == \
        "Use 12 sentences and 2 paragraphs."


def test_a_kept_span_is_left_alone():
    text = 'Repeat "Write 3 paragraphs." and then write two paragraphs.'
    start = text.index('"')
    kept = [(start, text.index('"', start + 1) + 1)]
    assert harmonised(text, "digits", kept) == \
        'Repeat "Write 3 paragraphs." and then write 2 paragraphs.'


def test_a_text_saying_small_counts_both_ways_is_mixed():
    assert mixed("Use 3 sections and two versions.")
    assert not mixed("Use 3 sections and 2 versions.")
    assert mixed("Use three sections and 12 sentences.")  # up to twenty: read ARB
    assert not mixed("Use three sections and 120 words.")


def test_a_count_of_one_is_said_in_words_beside_counts_said_in_words():
    # 3041: "less than seven sentences and contain exactly 1 bullet point".
    text = "It should be less than seven sentences and contain exactly 1 bullet point."
    assert mixed(text)
    assert harmonised(text, "words") == \
        "It should be less than seven sentences and contain exactly one bullet point."


def test_a_count_of_one_in_digits_stays_beside_counts_in_digits():
    text = "Write 1 paragraph with 3 sentences."
    assert not mixed(text)
    assert harmonised(text, "digits") == text


def test_both_ends_of_a_range_are_said_one_way():
    # Read CHA (3415): "appears 3 to five times" beside "eight or more words".
    said = harmonised('The word "sun" appears 3 to 5 times. Write eight or more words.', "words")
    assert said == 'The word "sun" appears three to five times. Write eight or more words.'


def test_a_count_of_text_sections_is_said_as_the_other_counts_are():
    text = "Use the word \"rain\" fewer than six times. Highlight at least 2 text sections."
    assert mixed(text)
    assert harmonised(text, "words") == \
        "Use the word \"rain\" fewer than six times. Highlight at least two text sections."
