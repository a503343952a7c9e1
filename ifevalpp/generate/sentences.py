"""One sentence splitter for prompts: where the sentences of a prompt start and end.

A sentence ends at a run of whitespace after ".", "!" or "?" (and after a closing quote or
bracket that follows the mark: 'say "Hi." Then …'), and at every line break. It does not end

* after an abbreviation ("e.g.", "Mr.", "U.S."; `abbreviations`, the one list of
  templates/phrases/sentences.json) or an initial ("J. Smith");
* inside a double-quoted stretch ('repeat "Stop. Go." exactly');
* before a word in small letters ("the Ph.D. student", "3 p.m. or later") — the next sentence
  opens with a capital letter, an opening quote or bracket, "*" or "<".

It does end after a postscript marker written without its stop ("P.P.S Thanks"; `markers`
of the same table).

`sentence_spans(text)` gives (start, end) of each sentence, whitespace trimmed;
`sentences(text)` the sentences themselves. Each rule above is a keyword option, on by
default; a caller that turns one off says so at the call (the cheap scans of generate/ split
at every stop and line break, the rewriter at a stop before a capital or a masked piece), so
the family files stay what they were.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Optional, Sequence

from .phrase_tables import table

# What may open the next sentence (`starts`): a capital, an opening quote or bracket, a
# highlight or a title; the rewriter's masked pieces (private-use characters) are capitals too.
OPENING = "A-Z\"“'(\\[*<"
CAPITAL_OR_MASKED = "A-Z\ue000-\uf8ff"


@functools.lru_cache(maxsize=1)
def abbreviations() -> tuple[str, ...]:
    """The abbreviations a stop inside does not end a sentence after ("e.g.", "Mr.")."""
    return tuple(table("sentences")["abbreviations"])


@functools.lru_cache(maxsize=1)
def _abbreviation() -> re.Pattern[str]:
    words = sorted(abbreviations(), key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(word) for word in words) + r")$")


_INITIAL = re.compile(r"(?:^|\s)[A-Z]\.$")


@functools.lru_cache(maxsize=16)
def _boundary(starts: Optional[str], closers: bool, markers: bool, lines: bool
              ) -> re.Pattern[str]:
    after_mark = r"(?<=[.!?])" + (r"[\"”')\]]?" if closers else "") + r"(?P<gap>\s+)"
    if starts is not None:
        after_mark += f"(?=[{starts}])"
    pattern = after_mark
    if markers:
        behind = "|".join(f"(?<={re.escape(marker)})" for marker in table("sentences")["markers"])
        pattern += rf"|(?:{behind})(?P<marker>[ \t]+)(?=[A-Z])"
    if lines:
        pattern += r"|(?P<line>\n+)"
    return re.compile(pattern)


def sentence_spans(text: str, *, starts: Optional[str] = OPENING, closers: bool = True,
                   abbreviations: bool = True, initials: bool = True, quoted: bool = True,
                   markers: bool = True, lines: bool = True) -> list[tuple[int, int]]:
    """(start, end) of each sentence of `text`, whitespace trimmed, empty ones left out.

    starts        the characters a sentence may open with (a regex class body: `OPENING`,
                  `CAPITAL_OR_MASKED`), None for any;
    closers       a closing quote or bracket after the mark belongs to the sentence it ends;
    abbreviations no end after an abbreviation of the table;
    initials      no end after a single capital and a stop ("J. Smith");
    quoted        no end inside a double-quoted stretch;
    markers       an end after a postscript marker without its stop ("P.P.S Thanks");
    lines         an end at every line break (off: a line break is a space).
    """
    return [(start, end) for start, end, _ in _cut(text, starts, closers, abbreviations,
                                                   initials, quoted, markers, lines)]


def sentences(text: str, *, rejoin: Optional[str] = None, starts: Optional[str] = OPENING,
              closers: bool = True, abbreviations: bool = True, initials: bool = True,
              quoted: bool = True, markers: bool = True, lines: bool = True) -> list[str]:
    """The sentences of `text` (`sentence_spans`, with the same options), each trimmed. With
    `rejoin`, the whitespace where a sentence was not cut (after an abbreviation, an initial,
    inside a quotation) is said as `rejoin` (the rewriter, which puts sentences together with
    single spaces, passes " ")."""
    found = []
    for start, end, kept in _cut(text, starts, closers, abbreviations, initials, quoted,
                                 markers, lines):
        if rejoin is None or not kept:
            found.append(text[start:end])
            continue
        pieces, position = [], start
        for gap_start, gap_end in kept:
            pieces += [text[position:gap_start], rejoin]
            position = gap_end
        found.append(("".join(pieces) + text[position:end]).strip())
    return found


def first_sentence(text: str, **options: Any) -> str:
    """The first sentence of `text` ("" when it has none)."""
    found = sentence_spans(text, **options)
    return text[found[0][0]:found[0][1]] if found else ""


def _cut(text: str, starts: Optional[str], closers: bool, abbreviations: bool, initials: bool,
         quoted: bool, markers: bool, lines: bool
         ) -> list[tuple[int, int, list[tuple[int, int]]]]:
    """(start, end, the gaps not cut at inside) of each sentence."""
    inside = _quoted(text) if quoted else None
    cuts: list[tuple[int, int, list[tuple[int, int]]]] = []
    kept: list[tuple[int, int]] = []
    begin = 0
    for match in _boundary(starts, closers, markers, lines).finditer(text):
        name = match.lastgroup or "gap"
        cut, after = match.start(name), match.end(name)
        if name != "line" and not (lines and "\n" in match.group(name)):
            if cut <= begin:
                continue
            before = text[begin:cut]
            if (inside is not None and inside[cut - 1] and cut < len(text) and inside[cut]) or \
                    (abbreviations and _abbreviation().search(before)) or \
                    (initials and _INITIAL.search(before)):
                kept.append((cut, after))
                continue
        cuts.append((begin, cut, kept))
        begin, kept = after, []
    cuts.append((begin, len(text), kept))
    found = []
    for start, end, gaps in cuts:
        piece = text[start:end]
        if piece.strip():
            found.append((start + len(piece) - len(piece.lstrip()),
                          end - len(piece) + len(piece.rstrip()), gaps))
    return found


def _quoted(text: str) -> list[bool]:
    from .prompt.words import quote_mask

    return quote_mask(text)


AT_EVERY_STOP = dict(starts=None, closers=False, abbreviations=False, initials=False, quoted=False,
              markers=False)
"""The options of a plain cut at every stop, question or exclamation mark followed by
whitespace and at every line break, nothing else looked at."""


__all__: Sequence[str] = ("AT_EVERY_STOP", "CAPITAL_OR_MASKED", "OPENING", "abbreviations",
                          "first_sentence", "sentence_spans", "sentences")
