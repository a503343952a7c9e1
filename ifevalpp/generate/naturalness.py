"""The text helpers the naturalness rules and the generator share, and the frame tracker.

A cousin is judged against its own original, so what both hold is never the generator's
doing: `masked` hides quoted values and markup, `new_lines` keeps the lines the original
lacks. `frame_openings` names the request frames that open a prompt's sentences ("could
you", "make sure", "please"); the generator avoids a frame a prompt already has
(`fresh_wording`) and rule N109 finds one said twice, from the same table
(templates/phrases/requests.json, frame_openings), so a frame added there is avoided and
detected alike.
The detectors themselves are rules, one per defect class (generate/rules/).
"""

from __future__ import annotations

import functools
import re
from typing import Callable, Iterable, Optional

from .phrase_tables import Known, frame_openings_table

KNOWN = Known("naturalness")

# Emphasis opens on a star (or two) that no star precedes and no space follows: the last star
# of "***" or a bullet's "* " opens none ("with *** as the separator. … marked by * and a
# space" is no emphasis; masked as one, it hid a count's "in all" from rule N138: read CGT).
QUOTED = re.compile(r'"[^"\n]*"|“[^”\n]*”|<<[^>\n]*>>|(?<!\*)\*{1,2}(?=[^\s*])[^*\n]+(?<=\S)\*{1,2}'
                    r'|\[[^\]\n]*\]')
MARKER = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
SENTENCE = re.compile(r"[^.!?\n]+[.!?]?")


def masked(text: str) -> str:
    """Quoted values and markup replaced by a neutral token of the same length."""
    return QUOTED.sub(lambda m: "Q" * len(m.group(0)), text)


def new_lines(prompt: str, original: str) -> list[str]:
    """The non-empty lines of `prompt` that the original does not have."""
    own = {line.strip() for line in original.splitlines()}
    return [line for line in prompt.splitlines() if line.strip() and line.strip() not in own]


@functools.lru_cache(maxsize=1)
def _opening() -> re.Pattern[str]:
    return re.compile(rf"(?i)^(?:{frame_openings_table().alternation()})\b")


def quotes_hidden(text: str) -> str:
    """`text` with its quotations masked as `masked` does, except that one ending a sentence
    of its own ('"… So proud of her!" What I need is …', 'opens with "P.S." Include …') ends
    the masked sentence too."""
    return QUOTED.sub(lambda m: "Q" * (len(m.group(0)) - 1) + (
        "." if re.search(r"[.!?][\"”’']?$", m.group(0)) else "Q"), text)


def frame_openings(text: str) -> list[str]:
    """The frames that open sentences of `text`, by the frame each counts as
    (templates/phrases/requests.json, frame_openings: every polite question and every "I'd
    like you to" is one `request`, after a "please" too), and "please" for a sentence that says it. A "make sure"
    joined on mid-sentence ("…, and make sure it rhymes") is said as well: a sentence that
    then opens "Make sure …" says it twice."""
    return list(_frame_openings(text))


@functools.lru_cache(maxsize=8192)
def _frame_openings(text: str) -> tuple[str, ...]:
    """`frame_openings`, kept per text: a cousin's sentences are asked about again at every
    draw of a wording beside them."""
    found = []
    opening_pattern, polite = _opening(), KNOWN.pattern("polite")
    canonical = frame_openings_table().canonical
    for sentence in SENTENCE.findall(quotes_hidden(text)):
        # "Please be sure to …" opens with the frame "be sure" too (read CGD on 2395: "Be sure
        # to give … Please be sure to leave out …").
        opening = MARKER.sub("", sentence.strip())
        courtesy = polite.match(opening)
        rest = opening[courtesy.end():].lstrip(", ") if courtesy else opening
        match = opening_pattern.match(rest)
        if match:
            found.append(canonical[" ".join(match.group(0).lower().split())])
        if polite.search(sentence):
            found.append("please")
        if _joined_check().search(rest[match.end():] if match else sentence[1:]):
            found.append("make sure")
        # "I am planning a trip to Japan, and I would like thee to write …" asks already: a
        # sentence of ours that opens "I'd be grateful if you'd …" asks twice (read CJO, 1001).
        joined = None if match else _joined_request().search(_as_you(sentence))
        if joined and canonical[" ".join(joined.group("frame").lower().split())] == "request":
            found.append("request")
    return tuple(found)


def _as_you(sentence: str) -> str:
    """The sentence with an archaic "thee" (a user playing at Shakespeare) said as "you"."""
    return re.sub(r"\bthee\b", "you", sentence)


@functools.lru_cache(maxsize=1)
def _joined_request() -> re.Pattern[str]:
    """A request frame joined on mid-sentence after ", and" ("…, and I would like you to …")."""
    return re.compile(rf"(?i),\s+and\s+(?P<frame>(?:{frame_openings_table().alternation()})\b)")


@functools.lru_cache(maxsize=1)
def _joined_check() -> re.Pattern[str]:
    return re.compile(rf"(?i)(?:\b(?:and|but)|,) (?:{frame_openings_table().alternation('make sure')})\b")


def fresh_wording(render: Callable[[], str], taken: Iterable[str], tries: int = 6,
                  avoid: Optional[str] = None) -> str:
    """A wording from `render` (other than `avoid`) that opens no sentence with a frame of
    `taken` ("Can you …? Would you mind …?", a second "please"), else the last tried. A
    prompt with a polite request frame takes no "please" besides, and one with "please" no
    polite request: courtesy once, in one register ("Would you mind …? … Please …" reads
    as two)."""
    taken = set(taken)
    if taken & {"request", "please"}:
        taken |= {"request", "please"}
    text = ""
    for _ in range(tries):
        text = render()
        if text != avoid and not taken & set(frame_openings(text)):
            break
    return text


def repeated_frames(prompt: str, original: str) -> list[str]:
    """The framing openings that open more sentences of `prompt` than of `original`, twice
    or more ("Could you …? Would you …?"; rule N109)."""
    counts: dict[str, int] = {}
    for opening in frame_openings(prompt):
        counts[opening] = counts.get(opening, 0) + 1
    own = frame_openings(original)
    return [opening for opening, count in sorted(counts.items())
            if count >= 2 and count > own.count(opening)]
