"""N128 lost-antecedent: "from above" kept while what it pointed at now comes after it
("Just choose one phrase from above" with the options said below)."""

from __future__ import annotations

from .base import Cousin, Defect, Example, Rule, phrase_pattern


def _before(text: str, end: int) -> list[str]:
    """The lines and quoted options ahead of `end` that "above" can point at."""
    head = text[:end]
    return [line.strip() for line in head.split("\n") if line.strip()][-6:]


def detect(cousin: Cousin) -> list[Defect]:
    pattern = phrase_pattern("pointing_back")
    found = []
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
                "after it or is gone.",
    detect=detect,
    bad=(Example("Is it sunny? Just choose one phrase from above.\n\nAnswer with one of: "
                 "\"My answer is yes.\" or \"My answer is no.\"",
                 original="Is it sunny? Choose from:\nMy answer is yes.\nMy answer is no.\n"
                          "Just choose one phrase from above."),),
    good=(Example("Is it sunny? Choose from:\nMy answer is yes.\nMy answer is no.\nJust choose "
                  "one phrase from above. Please.",
                  original="Is it sunny? Choose from:\nMy answer is yes.\nMy answer is no.\n"
                           "Just choose one phrase from above."),),
)
