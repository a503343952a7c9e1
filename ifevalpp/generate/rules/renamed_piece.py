"""N132 renamed-piece: the piece named by a synonym of ours in one sentence and by the user's
own noun in another ("Write a blog entry about … Aim the blog post at teenagers", read AGA)."""

from __future__ import annotations

import functools
import re

from .base import Cousin, Defect, Example, Rule


@functools.lru_cache(maxsize=1)
def _synonyms() -> tuple[tuple[re.Pattern[str], tuple[re.Pattern[str], ...]], ...]:
    from ..rewrite.lexicon import lexicon

    def word(text: str) -> re.Pattern[str]:
        return re.compile(rf"(?i)(?<![\w-]){re.escape(text)}(?![\w-])")

    return tuple((word(noun), tuple(word(option) for option in options))
                 for noun, options in sorted(lexicon()["nouns"].items()))


def detect(cousin: Cousin) -> list[Defect]:
    defects = []
    for noun, options in _synonyms():
        if not noun.search(cousin.original) or not noun.search(cousin.prompt):
            continue
        for option in options:
            found = option.search(cousin.prompt)
            if found and not option.search(cousin.original):
                defects.append(Defect(RULE.name, f"{found.group(0)!r} beside "
                                                 f"{noun.search(cousin.prompt).group(0)!r}"))
    return defects


RULE = Rule(
    code="N132", name="renamed-piece",
    description="The piece called by a synonym of ours and by the user's own noun in one "
                "prompt ('a blog entry … the blog post').",
    detect=detect,
    bad=(Example("Write a blog entry about the internet. Aim the blog post at teenagers.",
                 original="Write a blog post about the internet. Aim the blog post at "
                          "teenagers."),),
    good=(Example("Write a blog entry about the internet for teenagers.",
                  original="Write a blog post about the internet for teenagers."),),
)
