"""The words of a stretch of prompt that carry task content, once statements are set aside.

A sentence that states constraints and little else may be dropped and said anew; one
that also carries the task must stay. `content_words` is that test: words that are
not statement filler (`FILLER`: "your", "response", "least", "words", …), not in
capitals, not a single letter. `residual` blanks out statement spans, quotations and
examples first, and keeps only the first line (example lines after it are not task).
"""

from __future__ import annotations

import functools
import re
from typing import Sequence

from ..phrase_tables import words

@functools.lru_cache(maxsize=1)
def filler() -> frozenset[str]:
    """Words that carry no task content: what constraint statements are made of."""
    return words("prompt", "filler")

WORD = re.compile(r"[A-Za-z][A-Za-z'.]*")
# Examples inside a statement are not task content: [name], *highlighted*, <<title>>.
EXAMPLES = re.compile(r"\[[^\]\n]*\]|\*[^*\n]+\*|<<[^>\n]*>>|'[^'\n]{1,40}'|‘[^’\n]{1,40}’")


def quote_mask(text: str) -> list[bool]:
    """True at positions inside a double-quoted stretch (straight or curly quotes)."""
    inside = [False] * len(text)
    open_at = None
    for position, character in enumerate(text):
        if character == "“":
            open_at = position
        elif character == "”":
            if open_at is not None:
                for k in range(open_at, position + 1):
                    inside[k] = True
            open_at = None
        elif character == '"':
            if open_at is None:
                open_at = position
            else:
                for k in range(open_at, position + 1):
                    inside[k] = True
                open_at = None
    return inside


def content_words(text: str) -> list[str]:
    """The words of `text` that say something beyond a constraint statement."""
    known = filler()
    return [word for word in WORD.findall(text)
            if len(word.strip(".'")) > 1 and word.lower().strip(".'") not in known
            and word.lower().replace(".", "") not in known and not word.isupper()]


def residual(unit_text: str, local_spans: Sequence[tuple[int, int]]) -> str:
    """The first line of `unit_text` with the spans, quotations and examples blanked out."""
    keep = [True] * len(unit_text)
    for start, end in local_spans:
        for k in range(max(0, start), min(len(unit_text), end)):
            keep[k] = False
    mask = quote_mask(unit_text)
    characters = [character if keep[k] and not mask[k] else " "
                  for k, character in enumerate(unit_text)]
    blanked = EXAMPLES.sub(" ", "".join(characters))
    # Example lines after the first line do not count as task.
    return blanked.split("\n", 1)[0]


def literal_spans(text: str, literals: Sequence[str]) -> list[tuple[int, int]]:
    """Where the literal values (keywords, phrases) occur in `text`, as whole words."""
    spans = []
    for literal in literals:
        literal = literal.strip()
        if literal:
            spans += [match.span() for match in
                      re.finditer(rf"(?<!\w){re.escape(literal)}(?!\w)", text, re.IGNORECASE)]
    return spans
