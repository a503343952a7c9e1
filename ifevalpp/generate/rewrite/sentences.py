"""Sentences of a masked task, and a request split at ", and <verb>"."""

from __future__ import annotations

import re
from typing import Optional

from ..phrase_tables import Known
from ..sentences import CAPITAL_OR_MASKED, sentences
from .lexicon import lexicon
from .masking import Masked

_KNOWN = Known("requests")


def split_sentences(text: str, masked: Optional["Masked"] = None) -> list[str]:
    """The sentences of `text` (not at an abbreviation); with `masked`, a masked quotation
    that ends in a stop ends a sentence too."""
    if masked is not None:  # a quoted sentence ends a sentence too: '"Quote." What do you think?'
        text = re.sub("([\ue000-\uf8ff])\\s+(?=[A-Z\ue000-\uf8ff])",
                      lambda m: m.group(1) + ("\u0001" if masked.ends_sentence(m.group(1)) else " "),
                      text)
        return [s for part in text.split("\u0001") for s in split_sentences(part)]
    # The one splitter (generate/sentences.py), cut only before a capital or a masked piece,
    # quotations already masked, one line; an abbreviation's gap said as one space.
    return sentences(text, rejoin=" ", starts=CAPITAL_OR_MASKED, closers=False, initials=False,
                     quoted=False, markers=False, lines=False)


def split_conjunction(vp: str) -> Optional[tuple[str, str]]:
    """A verb phrase with a second request ("write a poem, and explain it") as two, or None."""
    match = _KNOWN.pattern("second_request_split").search(vp)
    if not match or match.group("second").lower() not in lexicon()["verbs"]:
        return None
    first, second = vp[:match.start()].strip(), vp[match.start("second"):].strip()
    if "then" in match.group(0):
        second = "then " + second
    if len(first.split()) < 3 or len(second.split()) < 2:
        return None
    return first, second


def refers_back() -> re.Pattern[str]:
    """Words that point at something said before ("it", "the text", "above")."""
    return _KNOWN.pattern("refers_back")
