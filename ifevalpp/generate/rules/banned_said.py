"""N130 banned-word-said: a ban that says the word it bans ("It'd be great if you could
write without "great"", "Keep the words "answer" and "divide" out of your answer")."""

from __future__ import annotations

import re
from typing import Any, Sequence

from ...constraints.keywords.forbidden_words import ForbiddenWords
from .base import Cousin, Defect, Example, Rule

# Double quotation marks, curly ones, or single ones ("Be sure to keep the words 'shifts'
# and 'keep' out of your answer", read CHH, 1936).
_QUOTED = re.compile(r"\"[^\"\n]*\"|“[^”\n]*”|(?<!\w)'[^'\n]*'(?!\w)")


def _banned(ids: Sequence[str], kwargs: Sequence[Any]) -> set[str]:
    """The words the checked instructions ban outright (`Constraint.topic_use` "uses": a
    word the answer would use, banned)."""
    from ...constraints import get, parse_params

    words: set[str] = set()
    for instruction_id, item in zip(ids, kwargs):
        constraint = get(instruction_id)
        if constraint.topic_field is None:
            continue
        params = parse_params(instruction_id, item or {})
        if constraint.topic_use(params) != "uses":
            continue
        value = getattr(params, constraint.topic_field)
        words |= {word.lower() for word in ([value] if isinstance(value, str) else value)}
    return words


def detect(cousin: Cousin) -> list[Defect]:
    from ..naturalness import SENTENCE

    banned = _banned(cousin.ids, cousin.kwargs)
    if not banned:
        return []
    own = {sentence.strip() for sentence in SENTENCE.findall(cousin.original)}
    found = []
    for sentence in SENTENCE.findall(cousin.prompt):
        if sentence.strip() in own:
            continue
        quoted = {match.group(0)[1:-1].strip().lower() for match in _QUOTED.finditer(sentence)}
        plain = _QUOTED.sub(" ", sentence).lower()
        said = [word for word in banned & quoted if re.search(rf"\b{re.escape(word)}\b", plain)]
        if said:
            found.append(Defect(RULE.name, sentence.strip()[:160]))
    return found


_BAN = (ForbiddenWords.id,)
RULE = Rule(
    code="N130", name="banned-word-said",
    description="A ban that says the word it bans outside the quotation ('It'd be great if you "
                "could write without \"great\"').",
    detect=detect,
    bad=(Example('Write a poem. It\'d be great if you could write without the word "great".',
                 ids=_BAN, kwargs=({"forbidden_words": ["great"]},)),
         Example('Write a poem. Keep the words "answer" and "divide" out of your answer.',
                 ids=_BAN, kwargs=({"forbidden_words": ["answer", "divide"]},)),
         Example("Write tips for nurses. Be sure to keep the words 'shifts' and 'keep' out of "
                 "your answer.", ids=_BAN, kwargs=({"forbidden_words": ["shifts", "keep"]},))),
    good=(Example('Write a poem. Please write without the word "great".',
                  ids=_BAN, kwargs=({"forbidden_words": ["great"]},)),
          Example('Write a poem. Keep the words "answer" and "divide" out of your response.',
                  ids=_BAN, kwargs=({"forbidden_words": ["answer", "divide"]},))),
)
