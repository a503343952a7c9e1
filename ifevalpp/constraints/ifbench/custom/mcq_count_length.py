"""custom:mcq_count_length — four questions of five options each, each question longer than the
one before, nothing before the first "Question".

As IFBench reads it: the text must start with "Question" (a one-character text passes this
test too); it is split at "Question <number>" labels (optionally followed by . | ) : ; and
spaces, newlines before them swallowed); each of the four non-blank pieces needs exactly five
lines that look like an option ("A." … "e)" then a word character), and the question text is
what comes before its first option line."""

from __future__ import annotations

import re
from typing import Any, Optional

from ....profiles import Profile
from .._base import AnyKwargs, IfbenchConstraint, register

_LABEL = re.compile(r"\n*(?:Question \d+[\.|\):;]?\s*)")
_OPTION = re.compile(r"^[A-Ea-e][\.|\)]\s*\w+")


def question_length(piece: str) -> Optional[int]:
    """The length of the question text, or None when the piece has not exactly 5 options."""
    text = ""
    options = 0
    answering = False
    for line in piece.split("\n"):
        if _OPTION.match(line.strip()):
            options += 1
            answering = True
        elif not answering:
            text += " " + line.strip()
    return len(text.strip()) if options == 5 else None


@register
class McqCountLength(IfbenchConstraint):
    id = "custom:mcq_count_length"
    Params = AnyKwargs
    wording = r"generate 4 multiple choice questions with 5 options each"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        if response[response.find("Question"):] != response:
            return False
        pieces = _LABEL.split(response)
        if pieces[0] == "":
            pieces = pieces[1:]
        pieces = [piece.strip() for piece in pieces if piece.strip()]
        if len(pieces) != 4:
            return False
        lengths = [question_length(piece) for piece in pieces]
        if None in lengths:
            return False
        return all(first < second for first, second in zip(lengths, lengths[1:]))  # type: ignore[operator]  # no None left: the line above returns on one

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        options = "\nA. one\nB. two\nC. three\nD. four\nE. five"
        return "\n".join(f"Question {number}: " + "Why " * number + "art?" + options
                         for number in range(1, 5))
