"""What every passing response must contain, must not contain, and how many words it needs.

A type answers `requires(params)` with `Requirements`: the texts a response
must contain (`Required`), what it must not contain (`Exclusion`s) and a cap on
something countable that required texts may use up (`Budget`). The validator's
required-text conflicts test every required text of one instruction against
the exclusions and budget of every other; the same record says what a
distractor may add without breaking a case. `WordCap` and `WordNeed` feed the
word-budget conflict ("less than 40 words" against five sections).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Literal, Optional

from .counts import Interval


@dataclass(frozen=True)
class Required:
    """Text every passing response contains."""

    text: str
    what: str
    """How a message names it ("the end phrase", "keyword 'tide'")."""
    times: int = 1
    case_sensitive: bool = False
    alternatives: tuple[str, ...] = ()
    """Any one of these will do (the answer phrases); `text` is the first."""
    at: Optional[Literal["start", "end"]] = None
    """Where it must stand: texts pinned at opposite ends add up against a budget."""

    def options(self) -> tuple[str, ...]:
        return self.alternatives or (self.text,)


@dataclass(frozen=True)
class Exclusion:
    """Something a passing response never contains: a required text for which `matches` holds
    (for every alternative) cannot be written."""

    matches: Callable[[str], bool]
    why: str
    """The end of the message: "contains a comma"."""
    case_sensitive_only: bool = False
    """Only required texts matched case-sensitively are concerned (letter case)."""


@dataclass(frozen=True)
class Budget:
    """An upper bound on something countable; required texts may already use it up."""

    interval: Interval
    """The counts the checker accepts (the budget is its upper end)."""
    used: Callable[[str], int]
    """How much of it a text uses."""
    case_sensitive_only: bool = False
    """Only required texts matched case-sensitively can use it up (capital words)."""
    adds_up: bool = True
    """Texts pinned at the start and at the end add up (not so for sentences, which merge)."""

    @property
    def limit(self) -> int:
        return int(self.interval[1])


@dataclass(frozen=True)
class Requirements:
    """What a type asks of every passing response (see the module docstring)."""

    texts: tuple[Required, ...] = ()
    excludes: tuple[Exclusion, ...] = ()
    budget: Optional[Budget] = None


NOTHING = Requirements()


@dataclass(frozen=True)
class WordCap:
    """At most `words` words in the response, and why ("length_constraints:number_words …")."""

    words: int
    wording: str
    implied: bool = False
    """A cap that follows from another type's (capital words when everything is capitals);
    direct caps are reported first."""


@dataclass(frozen=True)
class WordNeed:
    """At least `words` words the response needs for this instruction, and why."""

    words: int
    wording: str
    adds_up: bool = False
    """Words at a fixed place (the repeated request, the end phrase) add up; other needs
    overlap and only the largest counts."""


def one_word_each(instruction_id: str, bounds: Interval) -> WordNeed:
    """The need of a type that counts pieces each of which needs a word (paragraphs, bullets,
    highlights, placeholders): at least as many words as its fewest pieces."""
    from .phrases import describe_interval
    return WordNeed(int(bounds[0]), f"{instruction_id} {describe_interval(*bounds)} "
                                    f"(each needs a word)")
