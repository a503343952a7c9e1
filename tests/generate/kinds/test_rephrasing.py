"""Rephrasings: the same request put another way (generate/kinds/rephrasing.py)."""

from __future__ import annotations

import random

from ifevalpp.generate.kinds.rephrasing import rephrase
from ifevalpp.generate.prompt.layout import build_layout

NTH = "length_constraints:nth_paragraph_first_word"


def _layout(prompt, ids, kwargs):
    return build_layout(prompt, ids, kwargs)


def test_boilerplate_paragraph_sentence_is_a_statement_not_task():
    # "… like '\n\n' does in python." says nothing but the paragraph rule: rephrasings drop
    # it with the other statement instead of keeping it next to the new one.
    prompt = ("Which city is older, Rome or Athens? Use exactly 2 paragraphs where the "
              "paragraphs are split by two new lines, just like '\\n\\n' does in python. "
              "Paragraph 2 has to open with the word fortune.")
    kwargs = [{"num_paragraphs": 2, "nth_paragraph": 2, "first_word": "fortune"}]
    layout = _layout(prompt, [NTH], kwargs)
    for index in (1, 2, 3):
        composed = rephrase(layout, random.Random(index), index)
        assert "in python" not in composed.prompt, composed.prompt
        assert composed.prompt.count("fortune") == 1


def test_unchecked_aside_before_a_constraint_clause_is_kept():
    prompt = ("I need a cover letter for a bakery job. Please keep the tone warm, and don't use "
              "a single comma anywhere in the response.")
    layout = _layout(prompt, ["punctuation:no_comma"], [{}])
    for index in (1, 2, 3):
        composed = rephrase(layout, random.Random(index), index)
        # Kept (a requirement may be woven onto its end, "…warm; avoid commas.", and its frame
        # reworded like any sentence after the request, "Be sure to keep the tone warm.")
        assert "keep the tone warm" in composed.prompt, composed.prompt
        assert composed.prompt.count("tone warm") == 1
