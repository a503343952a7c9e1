"""N133 question-then-but: a request we put as a question, and the user's next sentence
opening on "But", "And" or "So" as if the request were a statement it goes on from ("Could
you come up with a dialogue between two people trying to avoid the letter t? But somehow
they end up using it.", read AJB)."""

from __future__ import annotations

from ..phrase_tables import Known
from .base import Cousin, Defect, Example, Rule

_REQUESTS = Known("requests")


def detect(cousin: Cousin) -> list[Defect]:
    then = _REQUESTS.pattern("question_then_conjunction")
    found = then.search(cousin.prompt)
    if found is None or then.search(cousin.original) or then.search(cousin.original_mended):
        return []
    return [Defect(RULE.name, cousin.prompt[max(0, found.start() - 60):found.end() + 30])]


RULE = Rule(
    code="N133", name="question-then-but",
    description="A request put as a question and followed by the user's sentence on 'But' or "
                "'And' ('Could you write a dialogue …? But somehow they …'): the sentence goes "
                "on from a statement.",
    detect=detect,
    bad=(Example("Could you write a dialogue between two people who avoid the letter t? But "
                 "somehow they use it a lot.",
                 original="Create a dialogue between two people who avoid the letter t. But "
                          "somehow they use it a lot."),),
    good=(Example("Please write a dialogue between two people who avoid the letter t. But "
                  "somehow they use it a lot.",
                  original="Create a dialogue between two people who avoid the letter t. But "
                           "somehow they use it a lot."),
          Example("Why is the sky blue? And why is the sea green?",
                  original="Why is the sky blue? And why is the sea green?")),
)
