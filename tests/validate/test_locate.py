"""`Constraint.locate`: where a prompt states each constraint, across phrasings."""

from __future__ import annotations

import pytest

from ifevalpp.constraints import REGISTRY, get, parse_params
from ifevalpp.validate import statements

AT_LEAST_300 = {"relation": "at least", "num_words": 300}


@pytest.mark.parametrize("phrase", [
    "at least 300 words", "300+ words", "no fewer than 300 words", "a minimum of 300 words",
    "300 or more words", "not less than 300 words",
])
def test_word_counts_are_located_in_every_common_phrasing(phrase):
    prompt = f"Describe the sea. Your answer should contain {phrase}."
    spans = get("length_constraints:number_words").locate(
        prompt, parse_params("length_constraints:number_words", AT_LEAST_300))
    assert [span.text for span in spans] == [f"Your answer should contain {phrase}."]


@pytest.mark.parametrize("phrase, low, high", [
    ("less than 5 sentences", 1, 4), ("fewer than 5 sentences", 1, 4),
    ("under 5 sentences", 1, 4), ("no more than 4 sentences", 1, 4),
    ("at most 4 sentences", 1, 4), ("a maximum of 4 sentences", 1, 4),
    ("4 sentences or fewer", 1, 4), ("between 2 and 4 sentences", 2, 4),
    ("2 to 4 sentences", 2, 4), ("exactly three sentences", 3, 3),
    ("more than 10 sentences", 11, float("inf")),
])
def test_sentence_counts_read_relation_and_number(phrase, low, high):
    found = [statement for statement in statements(
        "length_constraints:number_sentences", f"Answer in {phrase}.",
        parse_params("length_constraints:number_sentences",
                     {"relation": "less than", "num_sentences": 5}))
        if statement.role == "count"]
    assert len(found) == 1
    assert (max(found[0].low, 1), found[0].high) == (low, high)


def test_a_negated_lower_bound_reads_as_an_upper_bound():
    found = statements("keywords:letter_frequency", "Please avoid the letter i more than twice.",
                       parse_params("keywords:letter_frequency",
                                    {"letter": "i", "let_frequency": 3, "let_relation": "less than"}))
    counts = [statement for statement in found if statement.role == "count"]
    assert (counts[0].low, counts[0].high) == (0, 2)


def test_span_is_the_clause_when_the_sentence_states_two_constraints():
    prompt = "Write a fable. Do not use any commas, and in markdown highlight at least 2 sections."
    comma = get("punctuation:no_comma").locate(prompt, None)
    assert [span.text for span in comma] == ["Do not use any commas"]


def test_span_is_the_phrase_inside_the_task_sentence():
    prompt = "Write a 300+ word essay about bridges."
    spans = get("length_constraints:number_words").locate(
        prompt, parse_params("length_constraints:number_words", AT_LEAST_300))
    assert [span.text for span in spans] == ["300+ word"]


def test_span_offsets_point_at_the_text():
    prompt = "Write an essay about bridges. Use less than 9 sentences."
    params = parse_params("length_constraints:number_sentences",
                          {"relation": "less than", "num_sentences": 9})
    for span in get("length_constraints:number_sentences").locate(prompt, params):
        assert prompt[span.start:span.end] == span.text


def test_spans_are_stable_and_sorted():
    prompt = ("Write a song. The word moon should appear at least 3 times. Later, mention the "
              "word moon again.")
    params = parse_params("keywords:frequency",
                          {"keyword": "moon", "frequency": 3, "relation": "at least"})
    first = get("keywords:frequency").locate(prompt, params)
    assert first == get("keywords:frequency").locate(prompt, params)
    assert [span.start for span in first] == sorted(span.start for span in first)
    assert len({(span.start, span.end) for span in first}) == len(first)


def test_abbreviations_do_not_end_a_sentence():
    prompt = "Write a letter. Put a postscript starting with P.S. under your name. Keep it short."
    spans = get("detectable_content:postscript").locate(
        prompt, parse_params("detectable_content:postscript", {"postscript_marker": "P.S."}))
    assert spans[0].text == "Put a postscript starting with P.S. under your name."


# One hand-written prompt and parameter set per type: locate finds something in each.
EXAMPLES = {
    "change_case:capital_word_frequency": (
        "Use at least 4 words in all capital letters.",
        {"capital_frequency": 4, "capital_relation": "at least"}),
    "change_case:english_capital": ("Reply in English and in all capital letters.", {}),
    "change_case:english_lowercase": ("Reply in English, all in lowercase letters.", {}),
    "combination:repeat_prompt": (
        "Name a bird.\nFirst repeat the request above, then answer.",
        {"prompt_to_repeat": "Name a bird."}),
    "combination:two_responses": ("Give two answers separated by 6 asterisks: ******", {}),
    "detectable_content:number_placeholders": (
        "Include at least 2 placeholders in square brackets, such as [name].",
        {"num_placeholders": 2}),
    "detectable_content:postscript": ("Close with a postscript that opens with P.P.S",
                                      {"postscript_marker": "P.P.S"}),
    "detectable_format:constrained_response": (
        "Is it raining? Answer with one of: My answer is maybe. My answer is no. My answer is yes.",
        {}),
    "detectable_format:json_format": ("Wrap the whole output in JSON.", {}),
    "detectable_format:multiple_sections": (
        "Write 3 sections and mark each with SECTION X.",
        {"section_spliter": "SECTION", "num_sections": 3}),
    "detectable_format:number_bullet_lists": ("Use exactly 4 bullet points.", {"num_bullets": 4}),
    "detectable_format:number_highlighted_sections": (
        "Using markdown, highlight at least 2 sections, e.g. *a key part*.",
        {"num_highlights": 2}),
    "detectable_format:title": ("Put a title between double angular brackets, like <<title>>.", {}),
    "keywords:existence": ("Include the keywords 'lamp' and 'harbor'.",
                           {"keywords": ["lamp", "harbor"]}),
    "keywords:forbidden_words": ("Do not use the words 'dark' or 'night'.",
                                 {"forbidden_words": ["dark", "night"]}),
    "keywords:frequency": ("The word tide should appear at least 3 times.",
                           {"keyword": "tide", "frequency": 3, "relation": "at least"}),
    "keywords:letter_frequency": ("The letter k should appear less than 4 times.",
                                  {"letter": "k", "let_frequency": 4, "let_relation": "less than"}),
    "language:response_language": ("Answer only in Swahili.", {"language": "sw"}),
    "length_constraints:nth_paragraph_first_word": (
        "Write exactly 3 paragraphs with two new lines between them. Begin the second paragraph "
        "with the word \"meanwhile\".",
        {"num_paragraphs": 3, "nth_paragraph": 2, "first_word": "meanwhile"}),
    "length_constraints:number_paragraphs": (
        "Write exactly 3 paragraphs, putting the markdown divider between them: ***",
        {"num_paragraphs": 3}),
    "length_constraints:number_sentences": ("Use less than 8 sentences.",
                                            {"relation": "less than", "num_sentences": 8}),
    "length_constraints:number_words": ("Use at least 120 words.",
                                        {"relation": "at least", "num_words": 120}),
    "punctuation:no_comma": ("Do not use any commas.", {}),
    "startend:end_checker": ('End your reply with the phrase "Any questions?"',
                             {"end_phrase": "Any questions?"}),
    "startend:quotation": ("Wrap your entire reply in double quotation marks.", {}),
}


def test_every_type_has_an_example():
    assert sorted(EXAMPLES) == sorted(REGISTRY)


@pytest.mark.parametrize("instruction_id", sorted(EXAMPLES))
def test_locate_finds_the_statement_for_every_type(instruction_id):
    prompt, kwargs = EXAMPLES[instruction_id]
    spans = get(instruction_id).locate("Tell me about lighthouses. " + prompt,
                                       parse_params(instruction_id, kwargs))
    assert spans, instruction_id
    assert all(span.start >= len("Tell me about lighthouses. ") for span in spans)


# (repeat_prompt is left out: the text to repeat is part of any prompt it is checked against.)
@pytest.mark.parametrize("instruction_id", sorted(set(EXAMPLES) - {"combination:repeat_prompt"}))
def test_locate_finds_nothing_in_an_unrelated_prompt(instruction_id):
    prompt, kwargs = EXAMPLES[instruction_id]
    params = parse_params(instruction_id, kwargs)
    assert get(instruction_id).locate("Tell me about lighthouses.", params) == []


def test_dont_forget_does_not_turn_at_least_into_less_than():
    found = statements("keywords:frequency", "Don't forget to use the word kite at least twice.",
                       parse_params("keywords:frequency",
                                    {"keyword": "kite", "frequency": 2, "relation": "at least"}))
    counts = [statement for statement in found if statement.role == "count"]
    assert (counts[0].low, counts[0].high) == (2, float("inf"))


def test_a_quoted_exclamation_mark_does_not_end_the_sentence():
    found = statements("keywords:letter_frequency", 'Use the character "!" at least 4 times.',
                       parse_params("keywords:letter_frequency",
                                    {"letter": "!", "let_frequency": 4, "let_relation": "at least"}))
    assert [(s.low, s.high) for s in found if s.role == "count"] == [(4, float("inf"))]


def test_a_list_label_gives_the_unit():
    found = statements("detectable_format:number_bullet_lists",
                       "Write about owls.\nRequirements:\n- bullet points: exactly three",
                       parse_params("detectable_format:number_bullet_lists", {"num_bullets": 3}))
    assert [(s.low, s.high) for s in found if s.role == "count"] == [(3, 3)]
