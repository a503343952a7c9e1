"""What one attempt asks the model for (`CousinKind.model_plan`), one behaviour each."""

from __future__ import annotations

import random
from typing import Any

from ifevalpp.generate import kinds
from ifevalpp.generate.prompt.layout import build_layout
from ifevalpp.generate.llm.checks import DistractorOptions, distractor_options
from ifevalpp.generate.records import CousinRequest

NOTE = ("Write a short note to a neighbour about a cat that has gone missing. Your note must "
        "contain at least 60 words. Do not put any commas in your response.")
NOTE_IDS = ["length_constraints:number_words", "punctuation:no_comma"]
NOTE_KWARGS: list[dict[str, Any]] = [{"relation": "at least", "num_words": 60}, {}]


def request(kind: str, index: int = 1, attempt: int = 0, prompt: str = NOTE,
            ids: list[str] = NOTE_IDS, kwargs: list[dict[str, Any]] = NOTE_KWARGS,
            **options: Any) -> CousinRequest:
    layout = build_layout(prompt, ids, kwargs)
    return CousinRequest(case=1, layout=layout, kind=kind,  # type: ignore[arg-type]
                         index=index, attempt=attempt, seed=7, rng=random.Random(7),
                         profile="official", accepted=(prompt,), **options)


def options_for(item: CousinRequest) -> DistractorOptions:
    return distractor_options(item.layout, "official", {})


def plan_for(item: CousinRequest, options: DistractorOptions = None):  # type: ignore[assignment]
    return kinds.get(item.kind).model_plan(item, (), lambda: options)


def test_format_distractors_alternate_between_a_type_and_a_catalogue_request():
    hints = [plan_for(item, options_for(item)).hint
             for item in (request("distractor", index) for index in (1, 2, 3))]
    assert hints == ["instruction", "catalogue", "instruction"]


def test_a_re_ask_switches_the_source():
    first = request("distractor", 1, attempt=0)
    again = request("distractor", 1, attempt=1)
    assert plan_for(first, options_for(first)).hint != plan_for(again, options_for(again)).hint


def test_nothing_compatible_falls_back_to_context_and_says_why():
    plan = plan_for(request("distractor"), DistractorOptions((), (), None, False))
    assert plan.detail.style == "context" and plan.options is None
    assert plan.detail.format_refused == ("no competing format requirement is compatible "
                                             "with these constraints")


def test_mixed_style_alternates_format_and_context():
    styles = []
    for index in (1, 2):
        item = request("distractor", index, distractor_style="mixed")
        styles.append(plan_for(item, options_for(item)).detail.style)
    assert styles == ["format", "context"]


def test_a_setting_at_its_hardest_leaves_a_new_task_to_do():
    item = request("reconfiguration", prompt="Describe a quiet harbour at dawn. Use the letter "
                                              "t less than 2 times in your answer.",
                   ids=["keywords:letter_frequency"],
                   kwargs=[{"letter": "t", "let_frequency": 2, "let_relation": "less than"}])
    plan = plan_for(item)
    assert (plan.hint, plan.detail.task_source) == ("task", "model")
    assert plan_for(request("reconfiguration")).hint == "parameters"
