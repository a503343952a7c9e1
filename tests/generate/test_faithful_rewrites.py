"""Rewrites keep everything the prompt asks: outlines, unchecked asks, parts of the answer."""

from __future__ import annotations

import random

from ifevalpp.generate.prompt.assemble import restructured
from ifevalpp.generate.prompt.plan import plan
from ifevalpp.generate.prompt.cut import removes_material
from ifevalpp.generate.prompt.layout import build_layout
from ifevalpp.generate.kinds.rephrasing import rephrase

PARAGRAPHS = "length_constraints:number_paragraphs"
LANGUAGE = "language:response_language"
TWO = "combination:two_responses"

OUTLINE_PROMPT = (
    "Explain why the sky looks blue. Answer only in German, nothing else. Keep it short. "
    "Your answer must follow this exact format, with *** between the sections:\n\n"
    "[Section 1: What light is made of, in German]\n***\n"
    "[Section 2: How air scatters it, in German]\n***\n"
    "[Section 3: A one-line recap, in German]")
OUTLINE_IDS = [PARAGRAPHS, LANGUAGE]
OUTLINE_KWARGS = [{"num_paragraphs": 3}, {"language": "de"}]


def _targets(layout):
    return set(range(len(layout.ids)))


def test_a_spelled_out_outline_stays_with_the_task():
    layout = build_layout(OUTLINE_PROMPT, OUTLINE_IDS, OUTLINE_KWARGS)
    outline = [unit for unit in layout.units if "[Section 2" in unit.text]
    assert outline and not outline[0].pure
    for seed in range(1, 4):
        composed = rephrase(layout, random.Random(seed), seed)
        assert "[Section 2: How air scatters it" in composed.prompt, composed.prompt


def test_a_changed_value_is_changed_where_the_outline_mentions_it():
    layout = build_layout(OUTLINE_PROMPT, OUTLINE_IDS, OUTLINE_KWARGS)
    params = list(layout.params)
    params[1] = params[1].model_copy(update={"language": "fr"})
    composed = restructured(layout, random.Random(3), params=params, presentation="inline")
    assert "German" not in composed.prompt, composed.prompt
    assert "[Section 3: A one-line recap, in French]" in composed.prompt, composed.prompt


def test_a_short_quoted_phrase_is_task_material():
    assert removes_material('without commas and make sure to include the phrase "quite a ride"')


def test_a_split_statement_is_not_left_as_a_bare_fragment():
    prompt = ("Write a fable about a fox. Then retell the fable as a limerick. Separate the "
              "fable and the limerick with 6 asterisk symbols: ******")
    layout = build_layout(prompt, [TWO], [{}])
    the_plan = plan(layout, _targets(layout), params=layout.params)
    texts = [text for text in the_plan.unit_text.values() if text]
    assert not any(text.strip().endswith("the limerick") for text in texts), texts
    assert the_plan.render == [0]


def test_a_sentence_pointing_back_at_a_statement_goes_with_it():
    prompt = ("Write a note to a neighbour about a lost cat. End the note with \"See you "
              "soon.\" This phrase should be the very last thing you write.")
    layout = build_layout(prompt, ["startend:end_checker"], [{"end_phrase": "See you soon."}])
    assert layout.units[-1].pure and layout.units[-1].owners == {0}
    for seed in range(1, 4):
        composed = rephrase(layout, random.Random(seed), seed)
        assert "This phrase" not in composed.prompt, composed.prompt
