"""What a naturalness rule is: a code, one line on the defect, examples, one detector.

A rule looks at one cousin beside its own original, so that wording the original already
had is never blamed on the generator. Its `bad` examples must make it fire and its `good`
ones must not (tests/generate/test_rules.py runs every rule on its own examples), the way a
linter keeps a rule's fixture beside the rule.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Optional, Sequence

Kwargs = Optional[dict[str, Any]]


@dataclass(frozen=True)
class Defect:
    """One finding: the rule's name and the words at fault."""

    code: str
    text: str


@dataclass(frozen=True)
class Cousin:
    """What a rule reads: the cousin, its original, and what the checker will test.
    `siblings` are the prompts the family already holds (the original first)."""

    prompt: str
    original: str = ""
    ids: Sequence[str] = ()
    kwargs: Sequence[Kwargs] = ()
    original_kwargs: Sequence[Kwargs] = ()
    kind: str = ""
    siblings: Sequence[str] = ()
    must_differ: bool = False
    """Whether the cousin must read unlike its siblings (`CousinKind.rewords_all`)."""
    keeps_original: bool = False
    """Whether the cousin keeps its original's words whole and adds to them
    (`CousinKind.keeps_original`)."""
    original_mended: str = ""
    """The original as every cousin mends its slips (prompt/slips.py): its words are the
    user's too, not the generator's."""


def new_matches(pattern: "re.Pattern[str]", cousin: Cousin, name: str) -> list[Defect]:
    """Each match of `pattern` in the cousin whose text (letter case aside) its original
    does not have: what the generator said, not what the original said already."""
    own = {match.group(0).lower() for text in (cousin.original, cousin.original_mended)
           for match in pattern.finditer(text)}
    return [Defect(name, match.group(0)) for match in pattern.finditer(cousin.prompt)
            if match.group(0).lower() not in own]


def new_finds(find: Callable[[str], set[str]], cousin: Cousin, name: str) -> list[Defect]:
    """A defect for each of what `find` finds in the cousin and not in its original (as
    written or as mended), in order: what the generator said, not what the user said."""
    own = find(cousin.original) | find(cousin.original_mended)
    return [Defect(name, found) for found in sorted(find(cousin.prompt) - own)]


def said_more_often(count: Callable[[str], int], cousin: Cousin) -> int:
    """How many times the cousin says what `count` counts, when that is twice or more and more
    often than its original (as written or as mended) says it; else 0: a repeat of ours."""
    said = count(cousin.prompt)
    own = max(count(cousin.original), count(cousin.original_mended))
    return said if said >= 2 and said > own else 0


def said_again(count: Callable[[str], int], cousin: Cousin, name: str,
               what: str) -> list[Defect]:
    """A defect of rule `name` when the cousin says `what` (counted by `count`) more often
    than once and than its original does (`said_more_often`)."""
    said = said_more_often(count, cousin)
    return [Defect(name, f"{what} said {said} times")] if said else []


def neighbouring_sentences(text: str) -> Iterator[tuple[str, str]]:
    """Each two sentences in a row within one line of `text`, quotations hidden (list items
    aside: the items of a list are parallel on purpose)."""
    from ..naturalness import MARKER, SENTENCE, quotes_hidden

    for line in text.split("\n"):
        if MARKER.match(line):
            continue
        said = [sentence for sentence in SENTENCE.findall(quotes_hidden(line)) if sentence.strip()]
        yield from zip(said, said[1:])


def new_sentences(cousin: Cousin) -> list[str]:
    """The cousin's sentences (quotations masked) that its original does not have."""
    from ..naturalness import SENTENCE, masked

    own = {sentence.strip() for text in (cousin.original, cousin.original_mended)
           for sentence in SENTENCE.findall(masked(text))}
    return [sentence.strip() for sentence in SENTENCE.findall(masked(cousin.prompt))
            if sentence.strip() not in own]


@functools.lru_cache(maxsize=None)
def phrase_pattern(key: str) -> "re.Pattern[str]":
    """The phrases of templates/phrases/naturalness.json `key` ("phrases"), longest first,
    as one case-blind pattern of whole words."""
    from ..phrase_tables import one_of, table

    phrases = sorted(table("naturalness")[key]["phrases"], key=len, reverse=True)
    return re.compile(rf"(?i)\b(?:{one_of([re.escape(phrase) for phrase in phrases])})\b")


EXAMPLE_ORIGINAL = "Write a poem about the sea. Do not use any commas."


@dataclass(frozen=True)
class Example:
    """A fixture: a cousin (with its original) a rule must fire on, or must not."""

    prompt: str
    original: str = EXAMPLE_ORIGINAL
    ids: tuple[str, ...] = ()
    kwargs: tuple[Kwargs, ...] = ()
    original_kwargs: tuple[Kwargs, ...] = ()
    must_differ: bool = False
    siblings: tuple[str, ...] = ()
    keeps_original: bool = False

    def cousin(self) -> Cousin:
        return Cousin(prompt=self.prompt, original=self.original, ids=self.ids,
                      kwargs=self.kwargs, original_kwargs=self.original_kwargs,
                      must_differ=self.must_differ, siblings=self.siblings or (self.original,),
                      keeps_original=self.keeps_original)


@dataclass(frozen=True)
class Rule:
    """One defect class: `code` ("N114") and `name` ("response-named-oddly") identify it,
    `description` says in one line what a strict reader rejects, `detect` finds it."""

    code: str
    name: str
    description: str
    detect: Callable[[Cousin], list[Defect]]
    bad: tuple[Example, ...] = field(default=())
    good: tuple[Example, ...] = field(default=())

    def __call__(self, cousin: Cousin) -> list[Defect]:
        return self.detect(cousin)
