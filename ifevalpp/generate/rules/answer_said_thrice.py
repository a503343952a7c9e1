"""N139 answer-said-thrice: one name of the answer said three times or more where the
original (its slips mended) says it fewer times ("Some things I need from your answer: … your entire answer …
in your answer", read CFE on 1658), or said by a list's header and again by one of its items
("Some things I need from your answer: 1) Keep the word "nourriture" out of your answer",
read CHV on 1137)."""

from __future__ import annotations

import functools
import re

from .base import Cousin, Defect, Example, Rule, said_more_often


@functools.lru_cache(maxsize=1)
def _nouns() -> tuple[re.Pattern[str], ...]:
    from ..phrase_tables import table

    return tuple(re.compile(rf"(?i)\b{re.escape(noun)}\b")
                 for noun in table("naturalness")["answer_nouns"]["phrases"])


def _most_said(text: str) -> int:
    from ..naturalness import masked

    plain = masked(text)
    return max(len(noun.findall(plain)) for noun in _nouns())


def _header_and_item(text: str) -> set[str]:
    """The names of the answer a list's header says ("Some things I need from your answer:")
    that one of its items says again ("1) Keep the word "nourriture" out of your answer")."""
    from ..naturalness import MARKER, masked

    found: set[str] = set()
    header: set[str] = set()
    for line in masked(text).split("\n"):
        if line.rstrip().endswith(":"):
            header = {noun.pattern for noun in _nouns() if noun.search(line)}
        elif MARKER.match(line):
            found |= {noun.pattern for noun in _nouns() if noun.pattern in header
                      and noun.search(line)}
        elif line.strip():
            header = set()
    return found


def detect(cousin: Cousin) -> list[Defect]:
    # Against the original as mended: a slip that names the answer once too often ('include
    # the word "desert" in the answer', mended to "in it") licenses no third name of ours
    # (read CKY and CLA on 3025: "… in the answer. Set the answer out in …").
    said = said_more_often(_most_said, Cousin(cousin.prompt, original=cousin.original_mended)
                           if cousin.original_mended else cousin)
    echoed = _header_and_item(cousin.prompt) - _header_and_item(cousin.original)
    return ([Defect(RULE.name, f"a name of the answer said {said} times")] if said >= 3
            else []) + ([Defect(RULE.name, "a list's header and an item name the answer alike")]
                        if echoed else [])


RULE = Rule(
    code="N139", name="answer-said-thrice",
    description="One name of the answer ('answer', 'response', 'reply') said three times or "
                "more where the original, its slips mended, says it fewer times, or by a list's header and one of "
                "its items ('Some things I need from your answer: 1) Keep … out of your "
                "answer'): the prompt reads as a form.",
    detect=detect,
    bad=(Example("Write a resume for a student.\n\nSome things I need from your answer:\n- "
                 "Surround your entire answer with double quotes\n- Find a place for the words "
                 "\"Python\" and \"Java\" in your answer"),
         Example("Explain why sleep matters.\n\nSome things I need from your answer:\n1) "
                 "Keep the word \"bed\" out of your answer\n2) Put it all in JSON")),
    good=(Example("Write a resume for a student.\n\nSome things I need from your reply:\n- "
                  "Surround your entire answer with double quotes\n- Find a place for the words "
                  "\"Python\" and \"Java\" in it"),
          Example("Answer briefly. Your answer should be short. End your answer with a question.",
                  original="Answer briefly. Your answer should be short. End your answer with a "
                           "question.")),
)
