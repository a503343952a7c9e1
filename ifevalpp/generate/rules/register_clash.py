"""N136 register-clash: a deferential wish and a demand, both the generator's, in one prompt
("Ensure that … It's essential that … I'd be grateful if you'd include …", read BDO; "I'd be
grateful if you'd use … Note that your answer must …", read BDH), or a wish of ours joined to the
user's terse instruction to repeat the request (read CIO)."""

from __future__ import annotations

import re

from .base import Cousin, Defect, Example, Rule, new_matches, phrase_pattern

# The user's instruction to repeat the request ("First repeat the request below, word for word
# … Do not say anything before repeating the request.").
_REPEATING = re.compile(r"(?i)\brepeat(?:ing)?\b[^\n]*\brequest\b")


def detect(cousin: Cousin) -> list[Defect]:
    wishes = new_matches(phrase_pattern("register_deferential"), cousin, RULE.name)
    demands = new_matches(phrase_pattern("register_demanding"), cousin, RULE.name)
    if wishes and demands:
        return [Defect(RULE.name, f"{wishes[0].text!r} beside {demands[0].text!r}")]
    # A wish of ours joined to the terse instruction to repeat the request ("… Do not say
    # anything before repeating the exact request. It'd be nice if you could use no commas at
    # all.", read CIO on 3484 and 16).
    lines = [line for line in cousin.prompt.split("\n") if _REPEATING.search(line)]
    return [Defect(RULE.name, f"{wish.text!r} in the instruction to repeat the request")
            for wish in wishes if any(wish.text in line for line in lines)][:1]


RULE = Rule(
    code="N136", name="register-clash",
    description="A wish said deferentially ('I'd be grateful if you'd …') beside a demand "
                "('Your answer must …', 'It's essential that …') in one prompt, both of the "
                "generator's: a person asks in one register.",
    detect=detect,
    bad=(Example("Write a poem about the sea. I'd be grateful if you'd use the word \"tide\". "
                 "Note that your answer must have no commas."),
         Example("Write a poem about the sea. It's essential that your answer has a title. I "
                 "would appreciate it if you could avoid commas."),
         Example("Write a poem about the sea. Your answer has to be in quotes. It'd be great if "
                 "you could use the letter \"l\" ten times or more."),
         Example("First repeat the request below word for word, then answer. Do not say "
                 "anything before repeating the request. It'd be nice if you could use no "
                 "commas at all.\nWrite a poem about the sea.",
                 original="First repeat the request below word for word, then answer. Do not "
                          "say anything before repeating the request.\nWrite a poem about the "
                          "sea.")),
    good=(Example("Write a poem about the sea. I'd be grateful if you'd use the word \"tide\". "
                  "Please avoid commas."),
          Example("Write a poem about the sea. Your answer must have a title. I'd be grateful "
                  "if you'd avoid commas.",
                  original="Write a poem about the sea. Your answer must have a title. I'd be "
                           "grateful if you'd avoid commas.")),
)
