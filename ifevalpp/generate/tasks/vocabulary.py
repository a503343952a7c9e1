"""Words a new task invites: for the word constraints a task swap carries.

A reconfiguration that replaces the task keeps the case's word constraints; the words
themselves must be chosen for the new task, or the constraint means nothing: "avoid
'revolution'" beside a seaside itinerary is met by any answer (easier than the original),
and "include 'sneaker' twelve times" in compost tips is not a request anyone makes. So a
task offers three lists (`Task.nouns`, `Task.uses`, `Task.suits`), from
`templates/tasks/vocabulary.json` and the subject's own nouns:

* `nouns` — what the subject is about ("a seaside town out of season": town, season): a
  word to repeat many times is one of these, as a person asking for it would pick;

* `uses` — words an answer to this task will use anyway: the subject's nouns ("a seaside
  town out of season": town, season) and the genre's own words (an itinerary's morning and
  lunch). A ban or a cap on such a word bites.
* `suits` — words a piece on such a subject invites without the task saying them (an
  event's tickets and guests), and not the genre's own: a word to include reads as part
  of the request, and still asks something.

`invites(task_text, genre)` is the same vocabulary read back from a prompt, for the scan of
a finished file (generate/difficulty.py).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Iterable

from ...constraints.support.wording import load_json
from ..phrase_tables import filled, of

# Words, with letters beyond a-z inside (café), which are never picked (`_content`).
_WORD = re.compile(r"[^\W\d_]+(?:'[a-z]+)?")
_SLOT = re.compile(r"\{(\w+)\}")
# Words that end a noun phrase of a subject ("a bakery | that only opens | at night").
_BREAKS = frozenset("""of to at in on for with by from about that who which whose where when
how why and or but into under over after before without along between inside than as like
near across out off during while whom""".split())
_RELATIVE = frozenset({"that", "who", "which", "whose"})
_VERBISH = filled(r"(?:{verbish_endings})$", of("task"))


@dataclass(frozen=True)
class Vocabulary:
    genres: dict[str, tuple[str, ...]]
    kinds: dict[str, tuple[str, ...]]
    common: frozenset[str]
    stop: frozenset[str]
    plain: frozenset[str] = frozenset()
    traps: tuple[str, ...] = ()


@functools.lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    """The word lists, checked: lower-case letters only."""
    raw = load_json("tasks/vocabulary.json")
    for section in ("genres", "kinds"):
        for name, items in raw[section].items():
            bad = [word for word in items if not re.fullmatch(r"[a-z]+", word)]
            if bad:
                raise ValueError(f"tasks/vocabulary.json: {section}.{name} has words that are "
                                 f"not lower-case letters: {bad}")
    return Vocabulary(genres={name: tuple(items) for name, items in raw["genres"].items()},
                      kinds={name: tuple(items) for name, items in raw["kinds"].items()},
                      common=frozenset(raw["common"]), stop=frozenset(raw["stop"]),
                      plain=frozenset(raw.get("plain", ())),
                      traps=tuple(raw.get("traps", ())))


def _content(word: str) -> bool:
    known = vocabulary()
    return (len(word) >= 3 and word.isascii() and word not in known.common
            and word not in known.stop and word not in _BREAKS)


def subject_nouns(subject: str) -> list[str]:
    """The nouns a subject is about, main one first: the last content word of each of its
    phrases ("a small fishing village on a rocky coast": village, coast), passing over words
    that read as verbs or adverbs (-ed, -ing, -ly; the first word after "that", "who",
    "which": "a farmer who wants to fly"). Capitalised words (names) are left out."""
    heads: list[str] = []
    phrase: list[str] = []
    clause = False
    for token in _WORD.findall(subject) + ["of"]:
        lower = token.lower()
        if lower in _BREAKS:
            nouns = [word for word in phrase if not _VERBISH().search(word)]
            if nouns:
                heads.append(nouns[-1])
            phrase = []
            clause = lower in _RELATIVE
        elif token.islower() and "'" not in token and _content(lower):
            if clause:
                clause = False
                continue
            phrase.append(lower)
    return list(dict.fromkeys(heads))


def content_words(text: str) -> list[str]:
    """Every content word of `text`, lower-cased, in order (for reading a prompt back)."""
    return list(dict.fromkeys(token.lower() for token in _WORD.findall(text)
                              if "'" not in token and _content(token.lower())))


def genre_kinds(frames: Iterable[str]) -> list[str]:
    """The subject kinds a genre's frames name ({place}, {event})."""
    return list(dict.fromkeys(kind for frame in frames for kind in _SLOT.findall(frame)))


def task_words(genre: str, kinds: Iterable[str], subjects: Iterable[str]
               ) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """(`nouns`, `uses`, `suits`) of a task: the subject's nouns; those and the genre's
    words; the words of its subject kinds that neither the genre's list nor the task has."""
    known = vocabulary()
    nouns = list(dict.fromkeys(noun for subject in subjects for noun in subject_nouns(subject)))
    genre_words = list(known.genres.get(genre, ()))
    uses = tuple(dict.fromkeys(nouns + genre_words))
    # A word to include is one a piece on such a subject tends to use, not one every piece
    # of the genre has anyway (an announcement's "date"): the request must ask something.
    kind_words = [word for kind in kinds for word in known.kinds.get(kind, ())
                  if word not in genre_words]
    said = {word for subject in subjects for word in content_words(subject)}
    suits = tuple(word for word in dict.fromkeys(kind_words) if word not in said)
    return tuple(nouns), uses, suits


def invites(task_text: str, genre: str, kinds: Iterable[str] = ()) -> frozenset[str]:
    """Every word an answer to a task of `genre` stated as `task_text` may be expected to use
    or be asked for: the task's content words, the genre's and its kinds' words, and the
    words of every English text."""
    known = vocabulary()
    return frozenset(content_words(task_text)) | frozenset(known.genres.get(genre, ())) | \
        frozenset(word for kind in kinds for word in known.kinds.get(kind, ())) | known.common
