"""Builders the competing-requirement tests share."""

from __future__ import annotations

import random

from ifevalpp.generate.competing.typed import typed_distractor
from ifevalpp.generate.prompt.layout import build_layout

BULLETS = "detectable_format:number_bullet_lists"
PARAGRAPHS = "length_constraints:number_paragraphs"
PLACEHOLDERS = "detectable_content:number_placeholders"
NO_COMMA = "punctuation:no_comma"
LOWERCASE = "change_case:english_lowercase"


def typed(layout, instruction_id, kwargs):
    """The typed distractor offered when the run has only this setting of the type."""
    return typed_distractor(layout, random.Random(3), "official", {instruction_id: [kwargs]})


def lowercase(prompt):
    """The prompt with an all-lowercase constraint added (any case that checks something)."""
    return build_layout(prompt + " Answer in lowercase letters only.", [LOWERCASE], [{}])
