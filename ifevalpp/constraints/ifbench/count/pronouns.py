"""count:pronouns — at least N pronouns among NLTK 3.9.2's word tokens of the lower-cased
response ('/' read as a space, so "she/her" is two)."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, Number, Params, register
from .._reading import word_tokens

PRONOUNS = frozenset({
    "i", "me", "we", "us", "you", "he", "him", "she", "her", "it", "they", "them",
    "my", "mine", "our", "ours", "your", "yours", "his", "hers", "its", "their", "theirs",
    "myself", "ourselves", "yourself", "yourselves", "himself", "herself", "itself",
    "themselves", "this", "that", "these", "those", "who", "whom", "whose", "which", "what",
    "whoever", "whomever", "whatever", "whichever", "anybody", "anyone", "anything",
    "everybody", "everyone", "everything", "nobody", "nothing", "somebody", "someone",
    "something", "each", "either", "neither", "both", "all", "some", "any", "none"})


class PronounsParams(Params):
    N: Number


@register
class Pronouns(IfbenchConstraint):
    id = "count:pronouns"
    Params = PronounsParams
    wording = r"include at least (?P<N>\d+) pronouns"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        tokens = word_tokens(response.replace("/", " ").lower())
        return sum(map(PRONOUNS.__contains__, tokens)) >= params.N

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return " ".join(["I"] * int(-(-params.N // 1))) + " agree."
