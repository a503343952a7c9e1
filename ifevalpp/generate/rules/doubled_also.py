"""N131 doubled-also: an "also" of ours beside the user's ("Also, reply without the word
"jock". I also need you to write without a single comma.", read AGB)."""

from __future__ import annotations

from ..addition import also_count
from .base import Cousin, Defect, Example, Rule, said_again


def detect(cousin: Cousin) -> list[Defect]:
    return said_again(also_count, cousin, RULE.name, "'also'")


RULE = Rule(
    code="N131", name="doubled-also",
    description="An 'also' of ours beside another one ('Also, reply without … I also need you "
                "to …'): one request piled on the last.",
    detect=detect,
    bad=(Example("Write a poem. Also, avoid the word 'sea'. I also need you to skip commas.",
                 original="Write a poem. Also, avoid the word 'sea'."),),
    good=(Example("Write a poem. Also, avoid the word 'sea'. Please skip commas too.",
                  original="Write a poem. Also, avoid the word 'sea'."),
          Example("Write a poem. Also, avoid 'sea'. Also, avoid 'sun'.",
                  original="Write a poem. Also, avoid 'sea'. Also, avoid 'sun'.")),
)
