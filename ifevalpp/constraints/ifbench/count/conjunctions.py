"""count:conjunctions — at least small_n different coordinating conjunctions.

IFBench's bug, reproduced: "different" is decided on the words as written, before
punctuation and case are taken off, so "and", "And" and "and," are three different
conjunctions."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, Number, Params, register
from .._reading import PUNCT_SPACE

CONJUNCTIONS = frozenset({"and", "but", "for", "nor", "or", "so", "yet"})


class ConjunctionsParams(Params):
    small_n: Number


@register
class Conjunctions(IfbenchConstraint):
    id = "count:conjunctions"
    Params = ConjunctionsParams
    wording = r"use at least (?P<small_n>\d+) different coordinating conjunctions"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        spellings = {word for word in response.split()
                     if word.strip(PUNCT_SPACE).lower() in CONJUNCTIONS}
        return len(spellings) >= params.small_n

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        words = ["and", "but", "for", "nor", "or", "so", "yet", "And", "But", "For", "Nor",
                 "Or", "So", "Yet"]
        if params.small_n > len(words):
            return None
        return "Tea " + " tea ".join(words[:int(-(-params.small_n // 1))]) + " tea."
