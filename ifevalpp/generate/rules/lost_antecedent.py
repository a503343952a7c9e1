"""N128 lost-antecedent: "from above" kept while what it pointed at now comes after it
("Just choose one phrase from above" with the options said below)."""

from __future__ import annotations

import functools
import re

from ..phrase_tables import one_of, table
from .base import Cousin, Defect, Example, Rule, neighbouring_sentences, phrase_pattern


def _before(text: str, end: int) -> list[str]:
    """The lines and quoted options ahead of `end` that "above" can point at."""
    head = text[:end]
    return [line.strip() for line in head.split("\n") if line.strip()][-6:]


@functools.lru_cache(maxsize=1)
def _calls_it() -> re.Pattern[str]:
    """A sentence that opens by calling the piece "it" ("Make sure to give it …")."""
    words = table("naturalness")["parts_it_could_mean"]
    return re.compile(rf"(?i)^(?:(?:{one_of(words['it_leads'])}),? )?"
                      rf"(?:{one_of(words['it_objects'])})\b")


def _it_after_a_part(cousin: Cousin) -> list[str]:
    """New sentences that call the piece "it" right after a sentence naming a part of the
    answer ("… a postscript introduced by "P.S." Make sure to give it a title …"): the "it"
    reads as that part."""
    calls_it = _calls_it()
    own = {(first.strip(), second.strip())
           for text in (cousin.original, cousin.original_mended)
           for first, second in neighbouring_sentences(text)}
    return [second for first, second in neighbouring_sentences(cousin.prompt)
            if (first.strip(), second.strip()) not in own and calls_it.match(second.strip())
            and phrase_pattern("parts_it_could_mean").search(first)]


def detect(cousin: Cousin) -> list[Defect]:
    found = [Defect(RULE.name, sentence[:160]) for sentence in _it_after_a_part(cousin)]
    pattern = phrase_pattern("pointing_back")
    for match in pattern.finditer(cousin.original):
        pointed = [line for line in _before(cousin.original, match.start())
                   if line != cousin.original[:match.start()].rsplit("\n", 1)[-1].strip()]
        if not pointed:
            continue
        for mine in pattern.finditer(cousin.prompt):
            ahead = cousin.prompt[:mine.start()]
            if not any(line in ahead for line in pointed):
                found.append(Defect(RULE.name, cousin.prompt[max(0, mine.start() - 40):
                                                              mine.end()]))
    return found


RULE = Rule(
    code="N128", name="lost-antecedent",
    description="'From above' kept while what it pointed at (the options, a list) now comes "
                "after it or is gone; or the piece called 'it' right after a sentence naming a "
                "part of the answer ('… a postscript … Make sure to give it a title').",
    detect=detect,
    bad=(Example("Is it sunny? Just choose one phrase from above.\n\nAnswer with one of: "
                 "\"My answer is yes.\" or \"My answer is no.\"",
                 original="Is it sunny? Choose from:\nMy answer is yes.\nMy answer is no.\n"
                          "Just choose one phrase from above."),
         Example('Write a blog post about bees. Round things off with a postscript starting '
                 'with "P.S." Make sure to give it a title in double angular brackets.')),
    good=(Example('Write a blog post about bees. Make sure to give it a title in double angular '
                  'brackets. Round things off with a postscript starting with "P.S."'),
          Example("Is it sunny? Choose from:\nMy answer is yes.\nMy answer is no.\nJust choose "
                  "one phrase from above. Please.",
                  original="Is it sunny? Choose from:\nMy answer is yes.\nMy answer is no.\n"
                           "Just choose one phrase from above."),),
)
