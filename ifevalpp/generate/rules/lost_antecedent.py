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


def _wedged(cousin: Cousin) -> list[str]:
    """Sentences of the original that point back at the sentence before them by a pronoun in
    their first words ("Mark it with *") and that a distractor's addition now stands before
    ("… exactly one bullet point. Use vivid, concrete language … Mark it with *": read CLM,
    2078), so that the pronoun seems to mean the addition."""
    if not cousin.keeps_original:
        return []
    own = {(first.strip(), second.strip())
           for text in (cousin.original, cousin.original_mended)
           for first, second in neighbouring_sentences(text)}
    followers = {second for _, second in own}
    leaning = set(table("prompt")["leans_back"])
    return [second for first, second in neighbouring_sentences(cousin.prompt)
            if (first.strip(), second.strip()) not in own and second.strip() in followers
            and leaning & set(re.findall(r"[a-z']+", second.lower())[:3])]


def detect(cousin: Cousin) -> list[Defect]:
    found = [Defect(RULE.name, sentence[:160])
             for sentence in _it_after_a_part(cousin) + _wedged(cousin)]
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
                "after it or is gone; the piece called 'it' right after a sentence naming a "
                "part of the answer ('… a postscript … Make sure to give it a title'); or an "
                "addition put between a sentence and one that points back at it ('Mark it').",
    detect=detect,
    bad=(Example("Is it sunny? Just choose one phrase from above.\n\nAnswer with one of: "
                 "\"My answer is yes.\" or \"My answer is no.\"",
                 original="Is it sunny? Choose from:\nMy answer is yes.\nMy answer is no.\n"
                          "Just choose one phrase from above."),
         Example('Write a blog post about bees. Round things off with a postscript starting '
                 'with "P.S." Make sure to give it a title in double angular brackets.'),
         Example("Write a poem about owls with one bullet point. Keep the tone warm. Mark it "
                 "with *.", original="Write a poem about owls with one bullet point. Mark it "
                                     "with *.", keeps_original=True)),
    good=(Example('Write a blog post about bees. Make sure to give it a title in double angular '
                  'brackets. Round things off with a postscript starting with "P.S."'),
          Example("Write a poem about owls with one bullet point. Mark it with *. Keep the "
                  "tone warm.", original="Write a poem about owls with one bullet point. Mark "
                                         "it with *.", keeps_original=True),
          Example("Is it sunny? Choose from:\nMy answer is yes.\nMy answer is no.\nJust choose "
                  "one phrase from above. Please.",
                  original="Is it sunny? Choose from:\nMy answer is yes.\nMy answer is no.\n"
                           "Just choose one phrase from above."),),
)
