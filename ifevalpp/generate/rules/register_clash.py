"""N136 register-clash: a deferential wish and a demand, both the generator's, in one prompt
("Ensure that … It's essential that … I'd be grateful if you'd include …", read BDO; "I'd be
grateful if you'd use … Note that your answer must …", read BDH)."""

from __future__ import annotations

from .base import Cousin, Defect, Example, Rule, new_matches, phrase_pattern


def detect(cousin: Cousin) -> list[Defect]:
    wishes = new_matches(phrase_pattern("register_deferential"), cousin, RULE.name)
    demands = new_matches(phrase_pattern("register_demanding"), cousin, RULE.name)
    if not (wishes and demands):
        return []
    return [Defect(RULE.name, f"{wishes[0].text!r} beside {demands[0].text!r}")]


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
                 "you could use the letter \"l\" ten times or more.")),
    good=(Example("Write a poem about the sea. I'd be grateful if you'd use the word \"tide\". "
                  "Please avoid commas."),
          Example("Write a poem about the sea. Your answer must have a title. I'd be grateful "
                  "if you'd avoid commas.",
                  original="Write a poem about the sea. Your answer must have a title. I'd be "
                           "grateful if you'd avoid commas.")),
)
