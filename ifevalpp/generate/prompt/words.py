"""The words of a stretch of prompt that carry task content, once statements are set aside.

A sentence that states constraints and little else may be dropped and said anew; one
that also carries the task must stay. `content_words` is that test: words that are
not statement filler (`FILLER`: "your", "response", "least", "words", …), not in
capitals, not a single letter. `residual` blanks out statement spans, quotations and
examples first, and keeps only the first line (example lines after it are not task).
"""

from __future__ import annotations

import re
from typing import Sequence

# Words that carry no task content: what constraint statements are made of.
FILLER = frozenset("""
a an the and or but nor so then also too just only very really please kindly make sure that
this these those it its it's your you you're yours my me i we our us they them their there
here is are be been being was were will would should must can could may might need needs
have has had having do does did don't doesn't not no never none any all each every entire
entirely whole total totally overall in into inside within of to for with without by at on
onto from as than more less fewer least most exactly exact precisely about around only once
twice times time use using used uses include includes including included contain contains
containing contained add adding added put putting wrap wrapped wrapping wraps mark marked
marking format formatted formatting markdown response responses answer answers reply replies
output text write writing written give giving provide providing respond responding
keep ensure following follow below above like such e.g i.e. ie eg example for instance
word words letter letters sentence sentences paragraph paragraphs section sections part
parts bullet bullets point points placeholder placeholders title titles highlight
highlighted highlights highlighting keyword keywords phrase phrases language languages
allowed allow permitted other else anything something nothing anywhere throughout
separate separated separating separator divider divided split between end ending ends
finish finished finishing start starting starts begin beginning begins first last final
capital capitals capitalized capitalize lowercase uppercase lower upper case caps
comma commas quotation quotations quote quotes double marks mark angular brackets bracket
square asterisk asterisks symbols symbol json block postscript p.s. p.p.s ps pps ie eg
new line lines where if python whatsoever
break breaks two one three four five six seven eight nine ten number numbers count
appear appears appearing occur occurs mention mentions mentioned mentioning repeat
represented representing represent say saying said tell telling
""".split())

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
    return [word for word in WORD.findall(text)
            if len(word.strip(".'")) > 1 and word.lower().strip(".'") not in FILLER
            and word.lower().replace(".", "") not in FILLER and not word.isupper()]


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
