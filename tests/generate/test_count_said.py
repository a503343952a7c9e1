"""A count the original says as a minimum stays one in every rewording."""

from __future__ import annotations

import random

from ifevalpp.constraints import get, parse_params
from ifevalpp.generate.prompt.layout import build_layout
from ifevalpp.generate.prompt.render import wording_context

SECTIONS = "detectable_format:multiple_sections"
KWARGS = {"section_spliter": "SECTION", "num_sections": 2}


def _said(**context: object) -> set[str]:
    constraint = get(SECTIONS)
    params = parse_params(SECTIONS, KWARGS)
    return {constraint.phrase(params, random.Random(seed), ("imperative", "declarative"),
                              **context) for seed in range(40)}


def test_sections_said_at_least_in_the_original_are_at_least_in_a_rewording():
    # Read AKA: "include at least two sections" became "structure your answer as two sections".
    assert all("at least two" in text or "at least 2" in text
               for text in _said(at_least_said=True))


def test_sections_said_as_a_plain_count_stay_a_plain_count():
    assert not any("at least" in text for text in _said())


def test_the_context_knows_when_the_original_says_at_least():
    prompt = ("Write a resume. Make sure to include at least two sections marking the beginning "
              "of each section with 'SECTION X'.")
    layout = build_layout(prompt, [SECTIONS], [KWARGS])
    assert wording_context(layout.ids, 0, layout=layout)["at_least_said"] is True


def test_another_counts_minimum_in_the_same_sentence_is_not_the_sections():
    # "with two sections (Section 1 and Section 2) and at least 25 sentences" (read ALB).
    prompt = ("Write a casual summary of the U.S. maternity leave policy with two sections "
              "(Section 1 and Section 2) and at least 25 sentences.")
    layout = build_layout(prompt, [SECTIONS, "length_constraints:number_sentences"],
                          [{"section_spliter": "Section", "num_sections": 2},
                           {"relation": "at least", "num_sentences": 25}])
    assert not wording_context(layout.ids, 0, layout=layout)["at_least_said"]
