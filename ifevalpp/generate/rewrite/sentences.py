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


def split_conjunction(vp: str, wide: bool = False) -> Optional[tuple[str, str]]:
    """A verb phrase with a second request ("write a poem, and explain it") as two, or None;
    `wide`, one with a participle of use too ("name three dogs using bullet points")."""
    match = _KNOWN.pattern("second_request_split").search(vp)
    if not match or match.group("second").lower() not in lexicon()["verbs"]:
        return _participle_split(vp) if wide else None
    first, second = vp[:match.start()].strip(), vp[match.start("second"):].strip()
    if "then" in match.group(0):
        second = "then " + second
    if len(first.split()) < 3 or len(second.split()) < 2:
        return None
    # "answer it in French, use bullet points, and give two answers": the first keeps its
    # "and" ("answer it in French and use bullet points. Give two answers."), no splice.
    return series_closed(first), second


def series_closed(text: str) -> str:
    """`text` with its last ", <verb> …" said ", and"-less as " and <verb> …": what is left of
    a series of requests whose last item went ("Write a limerick, use notation" -> "Write a
    limerick and use notation"), never a splice."""
    comma = text.rfind(", ")
    if comma > 0 and text[comma + 2:].split(" ", 1)[0].lower() in lexicon()["verbs"]:
        return text[:comma] + " and " + text[comma + 2:]
    return text


def refers_back() -> re.Pattern[str]:
    """Words that point at something said before ("it", "the text", "above")."""
    return _KNOWN.pattern("refers_back")


def _participle_split(vp: str) -> Optional[tuple[str, str]]:
    """"name three dogs using bullet points such as:" as "name three dogs" and "use bullet
    points such as:", or None."""
    match = _KNOWN.pattern("participle_split").search(vp)
    if not match:
        return None
    first = vp[:match.start()].strip()
    if len(first.split()) < 3:
        return None
    return first, "use " + match.group("rest")
