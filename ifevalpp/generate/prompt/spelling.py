"""The user's spelling kept: an original that spells as Americans do ("summarize",
"favorite") gets our words spelled so too ("organize", never "organise" beside its
"summarize": read CHD, 1845). Our own spelling is British; the pairs come from
templates/phrases/slips.json ("spelling")."""

from __future__ import annotations

import functools
import re

from ..phrase_tables import one_of, table


@functools.lru_cache(maxsize=1)
def _pairs() -> dict[str, str]:
    """British form -> American form, every inflection of the verbs in -ise and the nouns."""
    spelling = table("slips")["spelling"]
    pairs: dict[str, str] = {}
    for verb in spelling["verbs_in_ise"]:
        stem = verb[:-3]
        for british, american in (("ise", "ize"), ("ises", "izes"), ("ised", "ized"),
                                  ("ising", "izing"), ("isation", "ization")):
            pairs[stem + british] = stem + american
    for british, american in spelling["nouns"].items():
        pairs[british] = american
        pairs[british + "s"] = american + "s"
    return pairs


@functools.lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    pairs = _pairs()
    british = one_of([re.escape(word) for word in sorted(pairs, key=len, reverse=True)])
    american = one_of([re.escape(word) for word in sorted(set(pairs.values()), key=len,
                                                          reverse=True)])
    return re.compile(rf"(?i)\b(?:{british})\b"), re.compile(rf"(?i)\b(?:{american})\b")


def american(text: str) -> bool:
    """Whether `text` spells a word of the table as Americans do."""
    return _patterns()[1].search(text) is not None


def in_american(text: str) -> str:
    """`text` with the British spellings of the table spelled as Americans do, the letter case
    of each word kept."""
    def spelled(found: re.Match[str]) -> str:
        word = found.group(0)
        said = _pairs()[word.lower()]
        return said[:1].upper() + said[1:] if word[:1].isupper() else said

    return _patterns()[0].sub(spelled, text)
