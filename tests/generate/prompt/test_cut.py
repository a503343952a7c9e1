"""Cutting a constraint's clause out of a task sentence (generate/prompt/cut.py): one row per
rule of the table, then the cuts as the generators make them."""

from __future__ import annotations

import random

import pytest

from ifevalpp.generate.kinds.rephrasing import rephrase
from ifevalpp.generate.prompt.cut import removes_material, rules, strip_clause

from .cases import NTH, layout_of, plan_all



def _span(text, phrase):
    start = text.index(phrase)
    return [(start, start + len(phrase))]


# One sentence per rule, with the statement's words, and what the rule leaves.
RULE_ROWS = [
    ("count before the noun", "Write a 300+ word summary of the harbour history.", "300+ word",
     "Write a summary of the harbour history."),
    ("statement before a passage", 'Summarize this note, and add a title like <<t>>: "The ferry '
     'left at noon and nobody on board seemed to mind the long wait."', "add a title like <<t>>",
     'Summarize this note: "The ferry left at noon and nobody on board seemed to mind the long '
     'wait."'),
    ("count after the verb", "Write exactly 4 paragraphs about caring for houseplants.",
     "exactly 4 paragraphs", "Write about caring for houseplants."),
    ("prepositional phrase", "Write a ballad with under 8 sentences about a lighthouse.",
     "under 8 sentences", "Write a ballad about a lighthouse."),
    ("parenthesis", "Describe your morning routine (in under 50 words).", "in under 50 words",
     "Describe your morning routine."),
    ("trailing clause", "Describe your morning routine, and do not use any commas.",
     "do not use any commas", "Describe your morning routine."),
]


def test_the_rules_are_tried_in_the_order_of_the_table():
    assert [name for name, _ in rules()] == [row[0] for row in RULE_ROWS]


@pytest.mark.parametrize("name, text, statement, expected", RULE_ROWS, ids=[row[0] for row in RULE_ROWS])
def test_each_rule_cuts_its_shape_of_statement(name, text, statement, expected):
    rule = dict(rules())[name]
    from ifevalpp.generate.prompt.cut import _clause

    clause = _clause(text, _span(text, statement), ())
    assert clause is not None and rule(clause) == expected
    assert strip_clause(text, _span(text, statement)) == expected


def test_a_count_after_a_verb_that_needs_an_object_leaves_a_stand_in():
    rule = dict(rules())["count after the verb"]
    from ifevalpp.generate.prompt.cut import _clause

    text = "Compose exactly 4 paragraphs about caring for houseplants."
    clause = _clause(text, _span(text, "exactly 4 paragraphs"), ())
    assert clause is not None and rule(clause) == "Compose a piece about caring for houseplants."


def test_no_cut_when_the_statement_is_scattered_through_the_sentence():
    text = "Write at least 300 words about rivers and do not use commas."
    spans = _span(text, "at least 300 words") + _span(text, "do not use commas")
    assert strip_clause(text, spans) is None


def test_count_after_the_opening_verb_is_cut():
    prompt = ("Write exactly 4 paragraphs about caring for houseplants. Put two new lines "
              "between paragraphs. Paragraph 4 has to open with the word \"moss\".")
    layout = layout_of(prompt, [NTH], [{"num_paragraphs": 4, "nth_paragraph": 4,
                                      "first_word": "moss"}])
    the_plan = plan_all(layout)
    # (no stand-in after "write", read BBH: "a piece about tips for installing a car seat")
    assert the_plan.unit_text[0] == "Write about caring for houseplants."
    assert the_plan.render == [0]


def test_phrase_that_completes_the_entire_output_is_not_cut_into_a_fragment():
    prompt = ("Describe a sunrise over the harbour for my travel blog, and I'd like the "
              "entire output in JSON format.")
    layout = layout_of(prompt, ["detectable_format:json_format"], [{}])
    for index in (1, 2, 3):
        composed = rephrase(layout, random.Random(index), index)
        assert "entire output." not in composed.prompt, composed.prompt


def test_scope_after_a_language_phrase_goes_with_it():
    prompt = ("Write a travel guide for Lisbon using only the Portuguese language throughout "
              "your entire response.")
    layout = layout_of(prompt, ["language:response_language"], [{"language": "pt"}])
    the_plan = plan_all(layout)
    assert the_plan.unit_text[0] == "Write a travel guide for Lisbon."


def test_statement_between_task_and_quoted_passage_is_cut():
    prompt = ('Summarize the following note for a colleague, and be sure to add a title '
              'inside double angular brackets, e.g. <<title>>: "The meeting moved to Friday '
              'because the projector is broken and nobody could fix it in time."')
    layout = layout_of(prompt, ["detectable_format:title"], [{}])
    the_plan = plan_all(layout)
    assert the_plan.unit_text[0] == (
        'Summarize the following note for a colleague: "The meeting moved to Friday because '
        'the projector is broken and nobody could fix it in time."')


def test_prepositional_statement_before_a_quoted_passage_is_cut():
    prompt = ('Continue the following story with the letter k appearing at least 4 times: "The '
              'old ferry left the dock an hour late and nobody on board seemed to mind."')
    layout = layout_of(prompt, ["keywords:letter_frequency"],
                     [{"letter": "k", "let_frequency": 4, "let_relation": "at least"}])
    the_plan = plan_all(layout)
    assert the_plan.unit_text[0].startswith('Continue the following story: "The old ferry')


def test_a_verb_left_bare_by_a_cut_goes_with_its_phrase():
    prompt = "Write me a riddle in verse and end it with a post script that begins with P.S."
    layout = layout_of(prompt, ["detectable_content:postscript"], [{"postscript_marker": "P.S."}])
    for index in range(1, 4):
        text = rephrase(layout, random.Random(index), index).prompt
        assert "end it" not in text


def test_a_short_quoted_phrase_is_task_material():
    assert removes_material('without commas, and be sure to use the phrase "quite a ride"')


def test_where_a_trailing_statement_applies_is_cut_with_it():
    # "…, and at the end of your response, add a P.S." left "…, and at the end of your
    # response?" behind in four cousins.
    text = "Write a flyer for a bike shop that is not boring, and at the end of your answer, add a note starting with N.B."
    assert strip_clause(text, _span(text, "add a note starting with N.B.")) == \
        "Write a flyer for a bike shop that is not boring."


def test_a_cut_inside_an_aside_keeps_the_comma_that_closes_it():
    from ifevalpp.generate.prompt.cut import _aside_closed
    text = ("Write a rubric, in the form of a list of bullet points, for evaluating the "
            "performance of a customer service representative.")
    cut = ("Write a rubric, in the form of a list for evaluating the performance of a "
           "customer service representative.")
    assert _aside_closed(text, cut) == ("Write a rubric, in the form of a list, for evaluating "
                                        "the performance of a customer service representative.")
    assert _aside_closed("Write a haiku, with 3 lines, about rain.",
                         "Write a haiku about rain.") == "Write a haiku about rain."


def test_a_statement_that_opens_with_its_preposition_is_cut_with_it():
    text = "Compose a poem all in lowercase letters about my old bicycle."
    start = text.index("all in lowercase letters")
    assert strip_clause(text, [(start, start + len("all in lowercase letters"))]) == \
        "Compose a poem about my old bicycle."


def test_a_trailing_wish_for_the_whole_output_is_cut_with_the_format():
    text = "It's a lamp that dims by itself and I want the entire output in JSON format."
    assert strip_clause(text, _span(text, "JSON format.")) == "It's a lamp that dims by itself."


def test_a_statement_opening_with_its_preposition_after_a_comma_takes_the_comma():
    text = "Write an email inviting the team to a meeting, using at least 300 words."
    start = text.index("using at least 300 words")
    assert strip_clause(text, [(start, start + len("using at least 300 words"))]) == \
        "Write an email inviting the team to a meeting."


def test_a_phrase_that_completes_the_reply_named_before_a_parenthesis_is_not_cut():
    # Cut, "wrap your entire response (reasoning process and the final answer)." would hang.
    text = ("Solve this step by step, and wrap your entire response (reasoning process and the "
            "final answer) with double quotation marks.")
    start = text.index("double")
    assert strip_clause(text, [(start, start + len("double quotation marks"))]) is None


def test_cutting_the_last_item_of_a_series_of_requests_puts_its_and_back():
    text = "Write a poem about the tide, make it rhyme, and use no commas at all."
    assert strip_clause(text, _span(text, "use no commas at all")) == \
        "Write a poem about the tide and make it rhyme."


def test_a_series_of_nouns_keeps_its_commas_when_its_last_request_is_cut():
    text = "Write a poem about gulls, crabs, and seals, and use no commas at all."
    assert strip_clause(text, _span(text, "use no commas at all")) == \
        "Write a poem about gulls, crabs, and seals."
