"""Cut a prompt into sentence-like units: sentences, numbered items, a sentence with its examples.

`segment(text)` gives (start, end, sep) per unit, where `sep` is the exact text
between the previous unit and this one, so the units and their separators rebuild
the text. A sentence wrapped onto the next line is one unit; a line ending in a
colon takes the example lines after it (list items, brackets, headings) into its
unit, unless such a line reads as a requirement of its own.
"""

from __future__ import annotations

import re

from ..phrase_tables import filled, of
from ..sentences import sentence_spans

_NUMBERED = re.compile(r"^\s*(?:\d+[.)]|[-*•]|[a-z][.)])\s+")
_EXAMPLE_LINE = re.compile(r"^\s*(?:[*\-•]|\[|\.\.\.|…|<<|\{|\}|```|\d+[.)]|[A-Z][\w ]{0,20}\s\d+[.:]?$)")
_LINE_END = frozenset('.!?:;"\u201d)*')


# A numbered line opening with one of these reads as a requirement, not an example.
_requirement_line = filled(r"(?i)({requirement_openers})\b", of("prompt"))


def _sentence_cuts(line: str) -> list[tuple[int, int]]:
    """Cut one line into sentences; returns (start, end) pairs relative to the line."""
    return sentence_spans(line)


def numbered_requirement(line: str) -> bool:
    """A numbered line that reads as its own requirement rather than an example."""
    match = re.match(r"^\s*\d+[.)]\s+(.*)$", line)
    if not match:
        return False
    return bool(_requirement_line().match(match.group(1)))


def segment(text: str, offset: int = 0) -> list[tuple[int, int, str]]:
    """(start, end, sep) for each unit of `text`; offsets are shifted by `offset`.

    `sep` is the exact text between the previous unit and this one, so the units
    and their separators rebuild `text` (minus leading and trailing blanks).
    """
    units: list[list[int]] = []
    position = 0
    attach = False  # following example lines belong to the previous unit
    previous_line = ""  # the line just before, blank if there was a paragraph break
    for raw_line in text.split("\n"):
        line_start = position
        position += len(raw_line) + 1
        line = raw_line.rstrip()
        if not line.strip():
            previous_line = ""
            continue
        # A sentence wrapped onto the next line ("Mark the beginning\nof each section…")
        # is one unit: its first piece extends the unit the previous line ended with.
        wrapped = (units and previous_line and previous_line[-1] not in _LINE_END
                   and line.lstrip()[:1].islower())
        previous_line = line
        if wrapped:
            cuts = _sentence_cuts(line)
            units[-1][1] = line_start + cuts[0][1]
            for start, end in cuts[1:]:
                lead = len(line[start:end]) - len(line[start:end].lstrip())
                units.append([line_start + start + lead, line_start + end])
            attach = line.endswith(":")
            continue
        if units and attach and _EXAMPLE_LINE.match(line) and not numbered_requirement(line):
            units[-1][1] = line_start + len(line)
            continue
        attach = False
        if _NUMBERED.match(line) and not line.lstrip().startswith("* "):
            cuts = [(0, len(line))]
        else:
            cuts = _sentence_cuts(line)
        for start, end in cuts:
            lead = len(line[start:end]) - len(line[start:end].lstrip())
            units.append([line_start + start + lead, line_start + end])
        if line.endswith(":"):
            attach = True
    result = []
    previous_end = 0
    for number, (start, end) in enumerate(units):
        sep = text[previous_end:start] if number else ""
        result.append((start + offset, end + offset, sep))
        previous_end = end
    return result
