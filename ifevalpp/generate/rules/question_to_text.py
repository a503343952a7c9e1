"""N115 question-to-the-text: a request put as a question to the text, not to the writer."""

from __future__ import annotations

import functools
import re

from ..naturalness import masked
from ..phrase_tables import one_of, table
from .base import Cousin, Defect, Example, Rule


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    known = table("naturalness")["text_questions"]
    asked = re.compile(rf"(?:^|[.!?:]\s+|\n)((?i:{one_of(known['auxiliaries'])}) "
                       rf"(?i:{one_of(known['subjects'])})\b[^?.!\n]*\?)")
    # The same request as a wish: "It would be good if your reply could finish with …".
    wished = re.compile(rf"(?i)(\bif (?:{one_of(known['wish_subjects'])}) [\w-]+ "
                        rf"(?:{one_of(known['auxiliaries'])})\b[^.!?\n]*)")
    return asked, wished


def detect(cousin: Cousin) -> list[Defect]:
    found = []
    hidden, original = masked(cousin.prompt), masked(cousin.original)
    for pattern in _patterns():
        own = {match.group(1).lower() for match in pattern.finditer(original)}
        found += [Defect(RULE.name, cousin.prompt[match.start(1):match.end(1)])
                  for match in pattern.finditer(hidden) if match.group(1).lower() not in own]
    return found


RULE = Rule(
    code="N115", name="question-to-the-text",
    description="A request asked of the text instead of the writer ('Could your answer be free "
                "of commas?', 'Can everything you write come in two sections?', 'It would be "
                "good if your reply could rhyme.').",
    detect=detect,
    bad=(Example("Write a poem about the sea. Could your answer be free of commas?"),
         Example("Write a poem about the sea. Can the poem come in two stanzas?"),
         Example("Write a poem about the sea. It would be good if your reply could rhyme.")),
    good=(Example("Write a poem about the sea. Could you leave out every comma?"),
          Example("Could the meeting be moved? Write a note asking.",
                  original="Could the meeting be moved? Write a note asking.")),
)
