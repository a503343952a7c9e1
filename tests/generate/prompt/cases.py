"""Builders the prompt-machinery tests share."""

from __future__ import annotations

from ifevalpp.generate.prompt.layout import build_layout
from ifevalpp.generate.prompt.plan import plan

NTH = "length_constraints:nth_paragraph_first_word"


def layout_of(prompt, ids, kwargs):
    return build_layout(prompt, ids, kwargs)


def plan_all(layout):
    """The plan that states every constraint anew (the request to repeat aside)."""
    targets = {index for index, item in enumerate(layout.ids)
               if item != "combination:repeat_prompt"}
    return plan(layout, targets, params=layout.params)
