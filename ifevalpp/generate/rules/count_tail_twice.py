"""N138 count-tail-twice: the marked words of a count said twice in one prompt ("Split the reply
into four parts in all … precisely three bullet points in all", read CFB on 3098; "Give me no
fewer than 300 words. Wrap no fewer than six parts …", read CFI on 2909), where the original
says them fewer times."""

from __future__ import annotations

from .base import Cousin, Defect, Example, Rule, phrase_pattern, said_again


def _times_said(text: str) -> int:
    from ..naturalness import masked

    return len(phrase_pattern("count_tails").findall(masked(text)))


def detect(cousin: Cousin) -> list[Defect]:
    return said_again(_times_said, cousin, RULE.name, "a count's tail")


RULE = Rule(
    code="N138", name="count-tail-twice",
    description="The marked words of a count ('in all', 'in total', 'no fewer than') said twice "
                "in one prompt where the original says them fewer times: a tic.",
    detect=detect,
    bad=(Example("Write a blog post about writing well. Split the reply into four parts in all, "
                 "with *** between them. Your reply must have exactly three bullet points in "
                 "all."),
         Example("Elaborate on the sentence below. Give me no fewer than 300 words. Wrap no "
                 "fewer than six parts in single asterisks."),
         # The stars of "***" and of a bullet's "* " hide nothing between them (read CGT).
         Example("Write a rap. Break your answer into three stanzas in all, with *** as the "
                 "separator. Use precisely three bullet points in all, each marked by * and a "
                 "space.")),
    good=(Example("Write a blog post about writing well. Split the reply into four parts in all, "
                  "with *** between them. Use exactly three bullet points in your whole answer."),
          Example("Write four parts in all and three bullet points in all.",
                  original="Write four parts in all and three bullet points in all.")),
)
