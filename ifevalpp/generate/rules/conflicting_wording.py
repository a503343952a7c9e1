"""N112 conflicting-wording: wording that implies a conflict with another checked constraint."""

from __future__ import annotations

from ...constraints import get
from ...constraints.combination.repeat_prompt import RepeatPrompt
from ...constraints.format.title import Title
from ..naturalness import KNOWN, masked
from .base import Cousin, Defect, Example, Rule


def detect(cousin: Cousin) -> list[Defect]:
    """Beside a request to repeat, the reply opens with the copy: nothing else may be said to
    come first. Beside any other checked constraint, the reply is not only its bullets."""
    types = [get(instruction_id) for instruction_id in cousin.ids]
    first_of_reply, only_bullets = KNOWN.pattern("first_of_reply"), KNOWN.pattern("only_bullets")
    defects = []
    hidden = masked(cousin.prompt)
    if any(kind.request_field for kind in types):
        defects += [Defect(RULE.name, match.group(0)) for match in first_of_reply.finditer(hidden)
                    if not first_of_reply.search(cousin.original)]
    if any("adds_bullets" in kind.distractor_effects for kind in types) and len(cousin.ids) > 1:
        defects += [Defect(RULE.name, match.group(0)) for match in only_bullets.finditer(hidden)
                    if not only_bullets.search(cousin.original)]
    return defects


_REPEAT = (RepeatPrompt.id, Title.id)
RULE = Rule(
    code="N112", name="conflicting-wording",
    description="Wording that implies a conflict with another check ('Start with a title' beside "
                "a request to repeat; 'your answer consists of 3 bullet points' beside a P.S.).",
    detect=detect,
    bad=(Example("Write a poem about the sea. Start with a title in double angular brackets. "
                 "Repeat the request word for word first.", ids=_REPEAT,
                 kwargs=({"prompt_to_repeat": "Write a poem about the sea."}, {})),),
    good=(Example("Write a poem about the sea. Give it a title in double angular brackets. "
                  "Repeat the request word for word first.", ids=_REPEAT,
                  kwargs=({"prompt_to_repeat": "Write a poem about the sea."}, {})),),
)
