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
    r"|\b\w*\d[\w+%.,:/-]*\w*\+?"
    r"|(?<=[a-z,;:] )(?!I\b)(?:[A-Z][\w'’-]*)(?:\s+(?!I\b)[A-Z][\w'’-]*)*"
    r"|\b[A-Z]{2,}\b")


class Masked:
    """The task with protected text replaced by one private-use character per span."""

    def __init__(self, text: str, protected: Sequence[tuple[int, int]]):
        spans = sorted(set((a, b) for a, b in protected if 0 <= a < b <= len(text)))
        merged: list[list[int]] = []
        for start, end in spans:
            if merged and start < merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], end)
            else:
                merged.append([start, end])
        self.pieces: list[str] = []
        self.held: set[str] = set()      # mask characters of the caller's protected spans
        out: list[str] = []
        position = 0
        for start, end in merged:
            out.append(self._auto(text[position:start]))
            mark = self._hold(text[start:end])
            self.held.add(mark)
            out.append(mark)
            position = end
        out.append(self._auto(text[position:]))
        self.text = "".join(out)

    def _hold(self, piece: str) -> str:
        self.pieces.append(piece)
        return chr(_MASK_BASE + len(self.pieces) - 1)

    def _auto(self, text: str) -> str:
        return _AUTO_PROTECT.sub(lambda m: self._hold(m.group(0)), text)

    def restore(self, text: str) -> str:
        return MASKED.sub(lambda m: self.pieces[ord(m.group(0)) - _MASK_BASE], text)

    def holds(self, text: str) -> bool:
        """Whether `text` contains one of the caller's protected spans."""
        return any(mark in text for mark in self.held)

    def ends_sentence(self, mark: str) -> bool:
        """Whether a masked piece ends with a full stop, question or exclamation mark."""
        return self.pieces[ord(mark) - _MASK_BASE].rstrip("\"”'’»>*)]").endswith((".", "?", "!"))
