"""Which units state constraints and little else, and which stay with the task
(generate/prompt/layout.py, purity.py)."""

from __future__ import annotations

import random

from ifevalpp.generate.kinds.rephrasing import rephrase
from ifevalpp.generate.prompt.layout import build_layout
from ifevalpp.generate.prompt.stated import aside

from .outlines import OUTLINE_IDS, OUTLINE_KWARGS, OUTLINE_PROMPT


def test_statement_naming_the_parts_of_the_answer_stays_with_the_task():
    # Only the count is the paragraph rule's; "your working and the result" says what the
    # two parts are, and a generic restatement would drop it.
    prompt = ("A tank holds 40 litres and leaks 2 litres an hour. When is it empty? Separate "
              "your reasoning and the final result by a line holding only ***")
    layout = build_layout(prompt, ["length_constraints:number_paragraphs"], [{"num_paragraphs": 2}])
    outline = [unit for unit in layout.units if "reasoning" in unit.text]
    assert outline and not outline[0].pure


def test_a_word_naming_the_task_does_not_make_a_count_an_outline():
    prompt = "Write an essay about tides. The essay should be at least 30 sentences long."
    layout = build_layout(prompt, ["length_constraints:number_sentences"],
                     [{"relation": "at least", "num_sentences": 30}])
    assert [unit.pure for unit in layout.units] == [False, True]


def test_pieces_named_in_a_two_part_split_stay_with_the_task():
    prompt = ("Write a limerick and a haiku about frost. Separate the limerick and the haiku "
              "with six asterisks: ******")
    layout = build_layout(prompt, ["combination:two_responses"], [{}])
    assert not any(unit.pure for unit in layout.units)


def test_a_spelled_out_outline_stays_with_the_task():
    layout = build_layout(OUTLINE_PROMPT, OUTLINE_IDS, OUTLINE_KWARGS)
    outline = [unit for unit in layout.units if "[Section 2" in unit.text]
    assert outline and not outline[0].pure
    for seed in range(1, 4):
        composed = rephrase(layout, random.Random(seed), seed)
        assert "[Section 2: How air scatters it" in composed.prompt, composed.prompt


def test_a_sentence_pointing_back_at_a_statement_goes_with_it():
    prompt = ("Write a note to a neighbour about a lost cat. End the note with \"See you "
              "soon.\" This phrase should be the very last thing you write.")
    layout = build_layout(prompt, ["startend:end_checker"], [{"end_phrase": "See you soon."}])
    assert layout.units[-1].pure and layout.units[-1].owners == {0}
    for seed in range(1, 4):
        composed = rephrase(layout, random.Random(seed), seed)
        assert "This phrase" not in composed.prompt, composed.prompt


def test_an_exact_count_whose_example_numbers_every_part_is_tied_to_its_outline():
    from ifevalpp.generate.prompt.layout import outlined

    prompt = ("Write a talk between two friends. Break it into 3 parts, separated by ***, such "
              "as:\n[part 1]\n***\n[part 2]\n***\n[part 3]")
    layout = build_layout(prompt, ["length_constraints:number_paragraphs"],
                          [{"num_paragraphs": 3}])
    assert outlined(layout, 0)


def test_an_example_of_two_bullets_does_not_tie_a_count_of_four():
    from ifevalpp.generate.prompt.layout import outlined

    prompt = ("List four birds in exactly 4 bullet points, in markdown such as:\n* Bullet point 1"
              "\n* Bullet point 2")
    layout = build_layout(prompt, ["detectable_format:number_bullet_lists"],
                          [{"num_bullets": 4}])
    assert not outlined(layout, 0)


def test_a_fenced_example_goes_with_the_statement_that_introduces_it():
    prompt = ("Write a proposal about sleep. Please wrap the entire output in JSON format. You "
              "can use markdown ticks like\n\n```JSON\n[json content]\n```\n\nPlease do not "
              "include the words \"sleep\" or \"bed\" in the response.")
    layout = build_layout(prompt, ["detectable_format:json_format", "keywords:forbidden_words"],
                          [{}, {"forbidden_words": ["sleep", "bed"]}])
    block = [unit for unit in layout.units if "```" in unit.text or "json content" in unit.text]
    assert block and all(unit.pure and unit.owners == frozenset({0}) for unit in block)


def test_a_sentence_picking_from_the_options_above_goes_with_them():
    prompt = ("Would you consider yourself to be smart? Choose from:\nMy answer is yes.\nMy answer "
              "is no.\nMy answer is maybe.\nJust choose one phrase from above as your answer.")
    layout = build_layout(prompt, ["detectable_format:constrained_response"], [{}])
    last = layout.units[-1]
    assert last.text.startswith("Just choose") and last.pure and last.owners == frozenset({0})


def test_a_closing_sentence_that_speaks_of_a_statement_trails_it():
    from ifevalpp.generate.prompt.assemble import trailers

    prompt = ('Can you give me a nickname for Stafford? Please use JSON format and do not say the '
              'word "nickname" in the response. Do not add anything outside of the JSON block.')
    layout = build_layout(prompt, ["detectable_format:json_format", "keywords:forbidden_words"],
                          [{}, {"forbidden_words": ["nickname"]}])
    assert [layout.units[position].text for position in trailers(layout)] == \
        ["Do not add anything outside of the JSON block."]
    made = rephrase(layout, random.Random(1), 1)
    assert made.prompt.rstrip().endswith("Do not add anything outside of the JSON block.")


def test_a_sentence_saying_nothing_may_follow_goes_with_the_end_phrase_it_speaks_of():
    prompt = ('Write a limerick about a guy named Dave. The limerick should end with the phrase '
              '"Yes Mom, I am Dave." Do not say anything after the limerick.')
    layout = build_layout(prompt, ["startend:end_checker"], [{"end_phrase": "Yes Mom, I am Dave."}])
    last = layout.units[-1]
    assert last.text == "Do not say anything after the limerick."
    assert last.pure and last.owners == layout.units[-2].owners


def test_a_request_before_a_without_clause_stays_as_an_aside_and_the_ban_is_said_anew():
    # 3166 and 1738: "Just list the steps without saying the word steps or step." kept word
    # for word left rephrasings that could only reword the question (rule N119).
    layout = build_layout("What are the steps to be followed for the documentation of a GM in "
                          "SAP? Just list the steps without saying the word steps or step.",
                          ["keywords:forbidden_words"], [{"forbidden_words": ["steps", "step"]}])
    last = layout.units[-1]
    assert last.pure and not last.kept
    assert aside(layout, last) == "Just list the steps."


def test_a_count_of_sections_that_have_titles_stays_word_for_word():
    layout = build_layout("Write a summary of a page. Highlight at least 3 sections that has "
                          "titles in markdown format.",
                          ["detectable_format:number_highlighted_sections"],
                          [{"num_highlights": 3}])
    assert any(unit.kept and "titles" in unit.text for unit in layout.units)
