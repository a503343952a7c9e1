"""The English the generators know, as data: the tables of templates/phrases/, read on first use.

The code in generate/ applies these tables rather than spelling English out (STYLE.md,
"Language knowledge as data"): word lists, the frames a request can be said in, the
words a regular expression alternates between, the shapes of requests and questions.
(What is left inline is a handful of single words inside checks — the auxiliaries a
question inverts, "please" before a frame — and the defect scanner naturalness.py.)
A table is a JSON object; a key that starts with "_" explains the table to a person.
`one_of` writes a list as the alternation a pattern embeds; `frame_openings_table` gives the
openings of request frames and which of them count as one frame.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Callable, Mapping, Sequence

from ..constraints.support.wording import load_json


@functools.lru_cache(maxsize=16)
def table(name: str) -> dict[str, Any]:
    """templates/phrases/<name>.json."""
    return load_json(f"phrases/{name}.json")


def words(name: str, key: str) -> frozenset[str]:
    """A word list of a table, as a set."""
    return frozenset(table(name)[key])


def one_of(items: Sequence[str]) -> str:
    """The items as alternatives of a pattern, in their order: "a|b|c"."""
    return "|".join(items)


class Known:
    """The word sets, frames and patterns of one table (its "words", "frames" and "patterns"
    sections), each read and compiled on first use, then a dictionary look-up (the rewriter
    asks for them in its inner loops). A pattern that ignores letter case says so with a
    leading "(?i)"."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._words: dict[str, frozenset[str]] = {}
        self._frames: dict[str, tuple[str, ...]] = {}
        self._patterns: dict[str, re.Pattern[str]] = {}

    def words(self, key: str) -> frozenset[str]:
        found = self._words.get(key)
        if found is None:
            found = self._words[key] = frozenset(table(self.name)["words"][key])
        return found

    def frames(self, key: str) -> tuple[str, ...]:
        found = self._frames.get(key)
        if found is None:
            found = self._frames[key] = tuple(table(self.name)["frames"][key])
        return found

    def pattern(self, key: str) -> re.Pattern[str]:
        found = self._patterns.get(key)
        if found is None:
            found = self._patterns[key] = re.compile(table(self.name)["patterns"][key])
        return found

    def text(self, key: str) -> str:
        return table(self.name)["texts"][key]


_SLOT = re.compile(r"\{([a-z_]+)\}")


def filled(template: str, source: Callable[[], dict[str, Any]], flags: int = 0
           ) -> Callable[[], re.Pattern[str]]:
    """A pattern written around the words of a table, compiled on first use: each `{key}` of
    `template` becomes the alternatives of `source()[key]` (a list) or its text (a string);
    quantifiers such as `{0,40}` are left as they are."""
    @functools.lru_cache(maxsize=1)
    def compiled() -> re.Pattern[str]:
        known = source()

        def slot(match: re.Match[str]) -> str:
            value = known[match.group(1)]
            return value if isinstance(value, str) else one_of(value)
        return re.compile(_SLOT.sub(slot, template), flags)
    return compiled


def of(name: str) -> Callable[[], dict[str, Any]]:
    """The source `filled` reads: table `name`."""
    return lambda: table(name)


@dataclass(frozen=True)
class FrameOpenings:
    """The openings of request frames and framing lead-ins (requests.json, "frame_openings"):
    `openings` every one, longest first (the order an alternation must try them in, so "would
    you mind" wins over "would you"); `canonical` each opening's frame, named by the frame's
    canonical opening ("would you mind" -> "request"); `classes` the openings of each frame
    in table order."""

    openings: tuple[str, ...]
    canonical: Mapping[str, str]
    classes: Mapping[str, tuple[str, ...]]

    def of(self, *frames: str) -> tuple[str, ...]:
        """The openings of these frames (each named by its canonical opening), longest first."""
        chosen = [opening for frame in frames for opening in self.classes[frame]]
        return tuple(sorted(chosen, key=lambda opening: (-len(opening), chosen.index(opening))))

    def alternation(self, *frames: str) -> str:
        """The openings of these frames (all, when none is named) as the alternatives of a
        pattern, escaped, longest first; the caller adds word boundaries and letter case."""
        return one_of([re.escape(opening) for opening in (self.of(*frames) if frames
                                                          else self.openings)])


@functools.lru_cache(maxsize=1)
def frame_openings_table() -> FrameOpenings:
    """The frame openings of templates/phrases/requests.json and the frame each counts as."""
    known = {frame: tuple(openings)
             for frame, openings in table("requests")["frame_openings"].items()
             if not frame.startswith("_")}
    canonical = {opening: frame for frame, openings in known.items() for opening in openings}
    listed = list(canonical)
    ordered = tuple(sorted(listed, key=lambda opening: (-len(opening), listed.index(opening))))
    return FrameOpenings(ordered, MappingProxyType(canonical), MappingProxyType(known))
