"""N114 response-named-oddly: the response named as nobody names it."""

from __future__ import annotations

from .base import Cousin, Defect, Example, Rule, new_matches, phrase_pattern


def detect(cousin: Cousin) -> list[Defect]:
    return new_matches(phrase_pattern("response_names"), cousin, RULE.name)


RULE = Rule(
    code="N114", name="response-named-oddly",
    description="The response named as no one names a chat reply ('everything you write', 'what "
                "you come up with', 'the finished piece', 'I'd like to see …'): people say "
                "'your answer', 'your response', the piece's own noun or 'it'.",
    detect=detect,
    bad=(Example("Write a poem about the sea. Everything you write must be free of commas."),
         Example("Write a poem about the sea. Make sure the finished piece has no commas."),
         Example("Write a poem about the sea. I'd like to see what you come up with stay free "
                 "of commas.")),
    good=(Example("Write a poem about the sea. Your answer must be free of commas."),
          Example("Write a poem about the sea, and keep your poem free of commas.")),
)
