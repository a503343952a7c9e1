"""format:title_case — no NLTK 3.9.2 word token that starts with a letter is all lower case or
lower case followed by all capitals ("iPhone" passes, "ok" and "oK" fail); one-letter
tokens must not be lower case."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register
from .._reading import word_tokens


def lower_start_fails(token: str) -> bool:
    if len(token) == 1:
        return token.islower()
    head, tail = token[0], token[1:]
    if head.isupper() and tail.islower():
        return False
    return head.islower() and (tail.isupper() or tail.islower())


@register
class TitleCase(IfbenchConstraint):
    id = "format:title_case"
    wording = (r"write the entire response in title case(?: \(capitalize the first letter of "
               r"every major word\))?")

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        return not any(token and token[0].isalpha() and lower_start_fails(token)
                       for token in word_tokens(response))

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "Tea Is Warm"
