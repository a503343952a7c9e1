"""Small counts said one way throughout a cousin: "Write 4 paragraphs … Use the word "sun"
three times" mixes digits and words where an editor would pick one, and the editor's rule
is to spell them out. Counts up to twenty are small here: "at least 10 times … no fewer
than eight times" mixes them too (strict read ARB), and the grammars say up to twenty in
words. A cousin that says its small counts in one way keeps it. The
counts and what they count come from templates/phrases/slips.json ("numerals"); the spans a
caller keeps (quotations, checked literals) stay as they are. A count of one before its unit
("exactly 1 bullet point") is said in digits too: beside "less than seven sentences" it
becomes "one" (3041), and a cousin said in digits keeps it.
"""

from __future__ import annotations

import functools
import re
from typing import Literal, Optional, Sequence

from ...wording.english import number_words
from ..phrase_tables import one_of, table

Style = Literal["digits", "words"]

_AS_WORDS = {str(value): number_words(value) for value in range(2, 21)}
_AS_DIGITS = {words: digits for digits, words in _AS_WORDS.items()}


@functools.lru_cache(maxsize=1)
def _count() -> re.Pattern[str]:
    """A count from two to twenty, in digits or words, right before a unit it counts (or before
    the count that ends a range of it); or the digit 1 right before one of those units (group
    `one`)."""
    numerals = table("slips")["numerals"]
    plural = sorted(numerals["units"], key=len, reverse=True)
    units = one_of([re.escape(unit) for unit in plural])
    singular = one_of([re.escape(unit[:-1]) for unit in plural])
    modifiers = one_of([re.escape(word) for word in numerals["modifiers"]])
    said = one_of(list(_AS_WORDS) + list(_AS_DIGITS))
    joins = one_of([re.escape(word) for word in numerals["range_joins"]])
    # (The first count of a range counts the unit too: "3 to 5 times" is never "3 to five
    # times", read CHA.)
    return re.compile(rf"(?<![\w.,/-])(?:(?P<count>(?i:{said}))"
                      rf"(?= (?:(?:{joins}) (?i:{said}) )?(?:or (?:more|fewer) )?"
                      rf"(?:(?:{modifiers}) )?(?:{units})\b)"
                      rf"|(?P<one>1)(?= (?:(?:{modifiers}) )?(?:{singular})\b))")


def _said(match: re.Match[str]) -> str:
    return match.group("count") or match.group("one")


def _style(word: str) -> Style:
    return "digits" if word.isdigit() else "words"


def style_of(text: str) -> Optional[Style]:
    """How `text` says its small counts: the more common way, the first on a tie; None when
    it says none."""
    styles = [_style(_said(found)) for found in _count().finditer(text)]
    if not styles:
        return None
    digits = styles.count("digits")
    if digits * 2 == len(styles):
        return styles[0]
    return "digits" if digits * 2 > len(styles) else "words"


def mixed(text: str) -> bool:
    """Whether `text` says small counts both in digits and in words."""
    return len({_style(_said(found)) for found in _count().finditer(text)}) == 2


def _opens_sentence(text: str, at: int) -> bool:
    before = text[:at].rstrip(" \"'“(")
    return not before or before[-1] in ".!?:\n" or re.search(r"(?:^|\n)\s*(?:\d+[.)]|[-*•])$",
                                                           before) is not None


def harmonised(text: str, style: Optional[Style], kept: Sequence[tuple[int, int]] = ()
               ) -> str:
    """`text` with every small count outside `kept` said in `style` (None: as its first
    count is said)."""
    found = [match for match in _count().finditer(text)
             if not any(start < match.end() and match.start() < end for start, end in kept)]
    if not found:
        return text
    if style is None:
        style = _style(_said(found[0]))
    out, last = [], 0
    for match in found:
        count = _said(match)
        if _style(count) == style:
            continue
        opening = _opens_sentence(text, match.start())
        if style == "digits":
            if opening:
                continue  # "Three paragraphs …" stays: a sentence does not open on a digit
            said = _AS_DIGITS[count.lower()]
        else:
            said = "one" if count == "1" else _AS_WORDS[count]
            said = said.capitalize() if opening else said
        out += [text[last:match.start()], said]
        last = match.end()
    return "".join(out) + text[last:]


__all__ = ["Style", "harmonised", "mixed", "style_of"]
