"""N101 stitched: a sentence glued together from fragments."""

from __future__ import annotations

import re
from typing import Sequence

from ..naturalness import KNOWN, MARKER, masked, new_lines
from ..prompt.casing import uncapitalised
from .base import Cousin, Defect, Example, Rule

_LOWER_AFTER_STOP = re.compile(r"([.!?])\s+([a-z])")
_DOUBLED_MARKS = re.compile(r"[,;:]\s*[,.;:]|\.\s+\.|(?<!\.)\.\.(?!\.)|\?\.|!\.|\s[,.;:?!]")
_REPEATED_WORD = re.compile(r"\b([a-z]+) \1\b", re.I)
_PAIRS = (("(", ")"), ("[", "]"), ("“", "”"))


def _added_part(line: str, original_lines: Sequence[str]) -> str:
    """The line without an original line it begins or ends with (a distractor or a woven
    requirement added to it): the original's own text is not the generator's doing."""
    stripped = line.strip()
    for own in original_lines:
        if len(own) > 20 and stripped.startswith(own) and len(stripped) > len(own):
            return stripped[len(own):].strip()
        if len(own) > 20 and stripped.endswith(own) and len(stripped) > len(own):
            return stripped[:-len(own)].strip()
    return line


def _mid_line_in(fragment: str, original: str) -> bool:
    """Whether the original itself has this lower-case sentence start after a full stop."""
    position = original.find(fragment)
    return position > 0 and original[:position].rstrip()[-1:] in ".!?"


def detect(cousin: Cousin) -> list[Defect]:
    prompt, original = cousin.prompt, cousin.original
    abbreviation, dangling_end = KNOWN.pattern("abbreviation_end"), KNOWN.pattern("dangling_end")
    defects = []
    masked_original = masked(original)
    original_lines = sorted({own.strip() for own in original.splitlines() if own.strip()},
                            key=len, reverse=True)
    # An original typed without capitals has its cousins typed so (prompt/casing.py).
    small_hand = uncapitalised(original)
    for line in new_lines(prompt, original):
        line = _added_part(line, original_lines)
        body = masked(MARKER.sub("", line)).strip()
        for match in () if small_hand else _LOWER_AFTER_STOP.finditer(body):
            before = body[:match.start() + 1]
            following = body[match.start(2):match.start(2) + 24]
            if not abbreviation.search(before) and not _mid_line_in(following, masked_original):
                defects.append(Defect(RULE.name, line.strip()))
                break
        else:
            marks = [m.group(0) for m in _DOUBLED_MARKS.finditer(body)
                     if m.group(0) not in masked_original]
            if dangling_end.search(body) and not dangling_end.search(masked_original) or marks or \
                    _REPEATED_WORD.search(body) and not _REPEATED_WORD.search(masked_original):
                defects.append(Defect(RULE.name, line.strip()))
                continue
            if line.count('"') % 2 and not any(own.count('"') % 2 for own in original.splitlines()):
                defects.append(Defect(RULE.name, line.strip()))
                continue
            unmarked = MARKER.sub("", line)
            for left, right in _PAIRS:
                if unmarked.count(left) != unmarked.count(right) and \
                        original.count(left) == original.count(right):
                    defects.append(Defect(RULE.name, line.strip()))
                    break
    return defects


RULE = Rule(
    code="N101", name="stitched",
    description="A sentence glued from fragments: a small letter after a full stop, a dangling "
                "'and.', doubled marks, a word said twice, an unbalanced quote or bracket.",
    detect=detect,
    bad=(Example("Write a poem about the sea. leave out every comma."),
         Example("Write a poem about the sea and. Avoid commas."),
         Example("Write a poem about the sea. Avoid commas, ."),
         Example("Write a poem about the the sea. Avoid commas."),
         Example("Write a poem (about the sea. Avoid commas.")),
    good=(Example("Please help. Answer the riddle. what has keys but no locks?",
                  original="Answer the riddle. what has keys but no locks?"),
          Example('Add a title, e.g. <<the long road>>. End with a postscript starting with '
                  '"P.S. yes".')),
)
