"""Naturalness as rules: one defect class a strict reader rejects, one rule, one file.

Each rule (`base.Rule`) has a code, a one-line description, bad and good examples and one
detector, and reads its English from templates/phrases/naturalness.json. The generator asks
`violations` before it keeps a cousin and draws again when a rule fires
(generate/family.py); tests run every rule on its own examples and over the whole default
file, where an exception is a line of templates/phrases/naturalness_allow.json with the
case and the reason.
"""

from __future__ import annotations

import functools
from typing import Iterable

from ..phrase_tables import table
from . import (answer_said_thrice, banned_said, echoed_ending, echoed_manner, case_said_twice, colon_end, count_tail_twice, conflicting_wording, courtesy, dangling, doubled_label,
               doubled_opening, echoed_verb, lost_antecedent, please_after_example, end_under_while_frame, glued_line, implausible_value,
               leaked_bound, near_duplicate, odd_words, phantom_reference, piled_qualifiers,
               plural_header, question_label, question_splice, question_to_text,
               quoted_stop_question,
               register_clash, relation_wording, repeated_frame, response_name, stitched,
               stock_phrase,
               unsaid_number, doubled_also, renamed_piece, question_then_but, same_opening,
               same_scope)
from .base import Cousin, Defect, Example, Rule

RULES: tuple[Rule, ...] = tuple(sorted((module.RULE for module in (
    stitched, dangling, leaked_bound, glued_line, doubled_opening, doubled_label, plural_header,
    stock_phrase, repeated_frame, relation_wording, implausible_value, conflicting_wording,
    unsaid_number, response_name, question_to_text, courtesy, piled_qualifiers, near_duplicate,
    colon_end, question_label, end_under_while_frame, phantom_reference, odd_words,
    question_splice, echoed_verb, quoted_stop_question, lost_antecedent,
    please_after_example, banned_said, doubled_also, renamed_piece, question_then_but,
    same_opening, same_scope, register_clash, case_said_twice, count_tail_twice,
    answer_said_thrice, echoed_ending, echoed_manner)),
    key=lambda rule: rule.code))
"""Every rule, in code order."""


def by_name(name: str) -> Rule:
    """The rule called `name` ("stitched") or with code `name` ("N101")."""
    for rule in RULES:
        if name in (rule.name, rule.code):
            return rule
    raise KeyError(name)


def violations(cousin: Cousin, rules: Iterable[Rule] = RULES) -> list[Defect]:
    """What every rule finds in `cousin`, in rule order."""
    found: list[Defect] = []
    for rule in rules:
        found += rule.detect(cousin)
    return found


@functools.lru_cache(maxsize=1)
def allowed() -> dict[str, dict[str, str]]:
    """The allow list: cousin key -> {rule name: reason} (naturalness_allow.json)."""
    entries = table("naturalness_allow")["allow"]
    listed: dict[str, dict[str, str]] = {}
    for entry in entries:
        listed.setdefault(entry["key"], {})[entry["rule"]] = entry["reason"]
    return listed


__all__ = ["Cousin", "Defect", "Example", "RULES", "Rule", "allowed", "by_name", "violations"]
