"""N127 quoted-stop-question: a question mark after a quotation that ends in its own stop
('… one of "My answer is maybe."?')."""

from __future__ import annotations

import re

from .base import Cousin, Defect, Example, Rule, new_matches

_AFTER_QUOTED_STOP = re.compile(r"[.!?][\"”'](?:,\s*please)?\?")


def detect(cousin: Cousin) -> list[Defect]:
    return new_matches(_AFTER_QUOTED_STOP, cousin, RULE.name)


RULE = Rule(
    code="N127", name="quoted-stop-question",
    description="A question mark after a quotation that ends in its own stop ('Could you "
                "answer with one of \"My answer is yes.\", \"My answer is maybe.\"?'): "
                "the request is said as a statement instead.",
    detect=detect,
    bad=(Example('Could you answer with "My answer is yes."?'),
         Example('Would you answer with "My answer is yes.", please?')),
    good=(Example('Answer with "My answer is yes."'),
          Example('Is the answer "My answer is yes."?',
                  original='Is the answer "My answer is yes."?')),
)
