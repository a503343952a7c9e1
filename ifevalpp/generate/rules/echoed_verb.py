"""N126 echoed-verb: a sentence that says its verb twice ("Make sure to make it …",
"Write a blog post …, writing 20+ sentences"), or two in a row that lead with one verb."""

from __future__ import annotations

import functools
import re

from ..phrase_tables import one_of, table
from .base import Cousin, Defect, Example, Rule, new_sentences, phrase_pattern

# A participle after a comma ("…, writing …") and the word it comes from.
_PARTICIPLE = re.compile(r",\s+([a-z]{3,})ing\b")


@functools.lru_cache(maxsize=1)
def _own_noun() -> re.Pattern[str]:
    """A verb whose object is its own noun ("produce a product description", read NA)."""
    determiners = one_of(table("naturalness")["echoed_frames"]["object_determiners"])
    return re.compile(rf"(?i)\b(?P<stem>[a-z]{{5,}})e?(?<!ing) (?:{determiners}) (?:[a-z]+ )?"
                      r"(?P=stem)[a-z]*\b")


def _echoes(sentence: str) -> bool:
    if phrase_pattern("echoed_frames").search(sentence) or _own_noun().search(sentence):
        return True
    for match in _PARTICIPLE.finditer(sentence):
        stem = match.group(1)
        before = sentence[:match.start()]
        # "writ" + "ing" comes from "write"; "mak" from "make"; "us" from "use".
        if re.search(rf"(?i)\b{re.escape(stem)}e?s?\b", before):
            return True
    return False


def _lead_verbs(sentence: str) -> set[str]:
    """The verbs a sentence leads with: its first word, and the word after its first "to"
    ("Make sure to finish …" leads with "finish")."""
    words = re.findall(r"[A-Za-z']+", sentence)[:8]
    lead = {words[0].lower()} if words else set()
    lowered = [word.lower() for word in words]
    if "to" in lowered[:-1]:
        lead.add(lowered[lowered.index("to") + 1])
    # A request put as a question leads with its verb ("Could you explain …? Make sure to
    # explain it …", read ABA).
    asked = [word for word in lowered[2:4] if word != "please"]
    if lowered[1:2] == ["you"] and asked and lowered[0] in table("naturalness")["echoed_frames"]["question_modals"]:
        lead.add(asked[0])
    return lead - set(table("naturalness")["echoed_frames"]["lead_verbs_ignored"])


def _led_alike(cousin: Cousin) -> list[str]:
    """New sentences that lead with the verb of the sentence right before them."""
    from ..naturalness import SENTENCE, masked

    fresh = set(new_sentences(cousin))
    said = [sentence.strip() for sentence in SENTENCE.findall(masked(cousin.prompt))]
    return [second for first, second in zip(said, said[1:])
            if (first in fresh or second in fresh) and _lead_verbs(first) & _lead_verbs(second)]


def detect(cousin: Cousin) -> list[Defect]:
    return [Defect(RULE.name, sentence[:160]) for sentence in new_sentences(cousin)
            if _echoes(sentence)] + [Defect(RULE.name, sentence[:160])
                                     for sentence in _led_alike(cousin)]


RULE = Rule(
    code="N126", name="echoed-verb",
    description="A sentence that says its verb twice: a frame and its request ('Make sure to "
                "make it 200+ words long'), a task and the participle joined to it ('Write a "
                "blog post …, writing 20+ sentences'), or a verb and its own noun ('produce a "
                "product description'); or two sentences in a row that lead with one verb "
                "('Include a postscript. Include …').",
    detect=detect,
    bad=(Example("Make sure to make it 200+ words long."),
         Example("Could you please write a blog post about dogs, writing 20+ sentences?"),
         Example("Would you please produce a product description for a new lamp?"),
         Example("Write a speech. Include a postscript. Include \"show\" 12 times."),
         Example("Could you explain why it rains? Make sure to explain it simply.")),
    good=(Example("Make it 200+ words long."),
          Example("Could you please write a blog post about dogs, using 20+ sentences?"),
          Example("Would you please write a product description for a new lamp?"),
          Example("Write a speech. Add a postscript. Include \"show\" 12 times."),
          Example("Could you explain why it rains? Keep it simple.")),
)
