"""words:repeats — no word (lower-cased, punctuation deleted, whitespace-split) occurs more than
small_n times."""

from __future__ import annotations

from collections import Counter
from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, Number, Params, register
from .._reading import bare_words


class RepeatsParams(Params):
    small_n: Number


@register
class Repeats(IfbenchConstraint):
    id = "words:repeats"
    Params = RepeatsParams
    wording = r"should not repeat any word more than (?P<small_n>\d+) times?"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        counts = Counter(bare_words(response))
        return not counts or max(counts.values()) <= params.small_n

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "Every word here differs." if params.small_n >= 1 else None
