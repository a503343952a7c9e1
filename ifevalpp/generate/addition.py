"""A sentence added to a prompt that stays whole (both styles of distractor): how long, where.

A family keeps its cousins at a normalised token edit distance of at least 0.15 from
each other, so a long prompt needs a longer addition to read as another prompt
(`needed_tokens`, `first_long_enough`). `place` puts the sentence before the prompt,
after it, or after a task sentence inside it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Callable, Optional

from .distance import tokens

if TYPE_CHECKING:
    from .prompt.layout import Layout

# An addition this share of the prompt's tokens reads as another prompt.
SHARE = 0.2


def needed_tokens(prompt: str) -> float:
    """Tokens an added sentence should have so that the cousin reads as another prompt."""
    return SHARE * len(tokens(prompt))


def first_long_enough(prompt: str, tries: int, render: Callable[[int], str]) -> str:
    """Of up to `tries` wordings (`render(i)`), the first long enough for `prompt`, else the
    longest."""
    needed, sentence = needed_tokens(prompt), ""
    for turn in range(tries):
        candidate = render(turn)
        if len(tokens(candidate)) > len(tokens(sentence)):
            sentence = candidate
        if len(tokens(sentence)) >= needed:
            break
    return sentence


def unframed(prompt: str, render: Callable[[], str], tries: int = 6) -> str:
    """A wording from `render` that opens no sentence with a frame `prompt` has already used
    ("Can you …? Would you mind …?", a second "please"), else the last tried."""
    from .naturalness import frame_openings, fresh_wording

    return fresh_wording(render, frame_openings(prompt), tries)


def side_of_request(layout: Layout) -> Optional[str]:
    """Where an addition must go in a case with a text to repeat: on the far side of the
    instruction, outside the text ("after" when the text comes first), so the text stays
    exact; None for any other case."""
    if layout.repeat is None:
        return None
    return "after" if layout.repeat.where == "above" else "before"


def ends_sentence(text: str) -> bool:
    """Whether `text` ends a sentence: a stop, or a closing quote or bracket after one ('…
    "Done."'), not after an example ('… by double line breaks ("\\n\\n")')."""
    return text[-1:] in ".!?" or (text[-1:] in "\"”)" and text[:-1].rstrip("\"”)")[-1:] in ".!?")


def place(prompt: str, sentence: str, position: str, *, after: int = 0,
          own_paragraph_over: Optional[int] = None) -> str:
    """`prompt` with `sentence` before it, after it, or inside it (after the character at
    `after`, the end of a task sentence). It goes on a paragraph of its own beside a prompt
    of several lines, after a prompt that does not end a sentence (a space would glue it
    onto the last instruction), and when it is longer than `own_paragraph_over` characters."""
    body = prompt.rstrip()
    apart = "\n" in body or (own_paragraph_over is not None and len(sentence) > own_paragraph_over)
    if position == "before":
        return sentence + ("\n\n" if apart else " ") + prompt
    if position == "after":
        return body + ("\n\n" if apart or not ends_sentence(body) else " ") + sentence
    return prompt[:after] + " " + sentence + prompt[after:]


_ALSO = re.compile(r"(?i)\balso\b")


def also_count(text: str) -> int:
    """How many times `text` says "also"."""
    return len(_ALSO.findall(text))


def said_also(text: str) -> bool:
    """Whether `text` says "also" already: an addition then joins it without an "also" of its
    own ("Also, reply without … I also need you to …" piles one request on the last)."""
    return also_count(text) > 0

