"""What a rewrite may not touch, masked before it starts and put back byte for byte afterwards.

The caller's protected spans (every literal a checker reads) and, on top, every
quoted string, URL, number, markup and capitalised name become one private-use
character each, so no rewrite step can see, split or change them.
"""

from __future__ import annotations

import re
from typing import Sequence

_MASK_BASE = 0xE000
MASKED = re.compile("[\ue000-\uf8ff]")
_AUTO_PROTECT = re.compile(
    r'"[^"\n]*"|“[^”\n]*”|«[^»\n]*»|<<[^>\n]*>>|\*[^*\n]+\*|`[^`\n]+`|\[[^\]\n]*\]'
    r"|(?<![\w'])'[^'\n]{1,80}'(?![\w'])"
    r"|https?://\S+|www\.\S+|\S+@\S+\.\w+"
    r"|\b\w*\d(?:[\w+%.,:/-]*[\w%])?\+?"  # (a full stop after a number ends the sentence)
    r"|(?<=[a-z,;:] )(?!I\b)(?:[A-Z][\w'’-]*)(?:\s+(?!I\b)[A-Z][\w'’-]*)*"
    r"|\b[A-Z]{2,}\b")


class Masked:
    """The task with protected text replaced by one private-use character per span."""

    def __init__(self, text: str, protected: Sequence[tuple[int, int]]):
        # The caller's spans and the automatic ones are found on the whole text, then merged:
        # a keyword inside a quoted passage must not split the passage's own mask (its
        # sentences would be exposed to the rewrite: "George P. Smith" -> "George P? Smith").
        own = sorted(set((a, b) for a, b in protected if 0 <= a < b <= len(text)))
        auto = [match.span() for match in _AUTO_PROTECT.finditer(text)]
        merged: list[list[int]] = []
        for start, end, caller in sorted([(a, b, True) for a, b in own] +
                                         [(a, b, False) for a, b in auto]):
            if merged and start < merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], end)
                merged[-1][2] = merged[-1][2] or caller
            else:
                merged.append([start, end, caller])
        self.pieces: list[str] = []
        self.held: set[str] = set()      # mask characters of the caller's protected spans
        out: list[str] = []
        position = 0
        for start, end, caller in merged:
            out.append(text[position:start])
            mark = self._hold(text[start:end])
            if caller:
                self.held.add(mark)
            out.append(mark)
            position = end
        out.append(text[position:])
        self.text = "".join(out)

    def _hold(self, piece: str) -> str:
        self.pieces.append(piece)
        return chr(_MASK_BASE + len(self.pieces) - 1)

    def restore(self, text: str) -> str:
        return MASKED.sub(lambda m: self.pieces[ord(m.group(0)) - _MASK_BASE], text)

    def holds(self, text: str) -> bool:
        """Whether `text` contains one of the caller's protected spans."""
        return any(mark in text for mark in self.held)

    def ends_sentence(self, mark: str) -> bool:
        """Whether a masked piece ends with a full stop, question or exclamation mark."""
        return self.pieces[ord(mark) - _MASK_BASE].rstrip("\"”'’»>*)]").endswith((".", "?", "!"))
