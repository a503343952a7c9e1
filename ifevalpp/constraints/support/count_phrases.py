"""Count phrases in prompt text: a number with its relation and unit ("at least 300 words",
"300+ word", "6 or 7 times", "no more than 2 bullet points"), read once per prompt.

`counts(prompt)` finds them; `UNIT_NOUNS` is every unit a count can have (a counted type
whose noun is not here finds no count: see docs/adding-an-instruction-type.md).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass
from typing import Optional

from .phrases import ADVERBS, INF, NUMBER, NUMBER_RE, clause_at, number_value, sentence_at

_REL_GE = (r"at least|at minimum|no fewer than|no less than|not fewer than|not less than|"
           r"a minimum of|minimum of|minimum|min\.?")
_REL_GT = r"more than|over|greater than|above|longer than|in excess of|exceeding|exceed"
_REL_LT = r"less than|fewer than|under|below|shorter than|lesser than"
_REL_LE = (r"at most|at maximum|no more than|not more than|no longer than|a maximum of|"
           r"maximum of|maximum|max\.?|up to|not exceeding|not exceed|within")
_REL_EQ = r"exactly|precisely|only|just"
_REL_APPROX = r"about|around|approximately|roughly|nearly|close to|circa|~"
_REL_RANGE = r"between|from|in the range of|in a range of|ranging from"
_RELATION_BEFORE = re.compile(
    r"(?:(?P<ge>" + _REL_GE + r")|(?P<gt>" + _REL_GT + r")|(?P<lt>" + _REL_LT + r")|"
    r"(?P<le>" + _REL_LE + r")|(?P<eq>" + _REL_EQ + r")|(?P<approx>" + _REL_APPROX + r")|"
    r"(?P<range>" + _REL_RANGE + r"))\s+(?:a total of\s+|the\s+)?$", re.IGNORECASE)
_POST_RELATION = re.compile(
    r"\s*(?:(?P<ge>or more|or greater|or above|and above|or higher|or longer|at least|"
    r"minimum|at minimum)|(?P<le>or less|or fewer|or below|or under|or shorter|and below|"
    r"at most|maximum|max|at maximum)|(?P<approx>or so))\b", re.IGNORECASE)
_PLUS = re.compile(r"\s?\+")
_RANGE_TAIL = re.compile(r"(?P<unit>\s+[a-z]+(?:[- ][a-z]+)?)?\s*(?:to|-|–|—|and|or)\s+"
                         r"(?P<second>" + NUMBER + r")\b", re.IGNORECASE)

UNIT_NOUNS: dict[str, str] = {
    "word": "words", "words": "words", "sentence": "sentences", "sentences": "sentences",
    "paragraph": "paragraphs", "paragraphs": "paragraphs", "section": "sections",
    "sections": "sections", "part": "parts", "parts": "parts", "stanza": "stanzas",
    "stanzas": "stanzas", "step": "steps", "steps": "steps", "bullet": "bullets",
    "bullets": "bullets", "point": "points", "points": "points", "placeholder": "placeholders",
    "placeholders": "placeholders", "time": "times", "times": "times", "phrase": "phrases",
    "phrases": "phrases", "keyword": "keywords", "keywords": "keywords", "name": "names",
    "names": "names", "hashtag": "hashtags", "hashtags": "hashtags",
    "exclamation": "exclamations", "line": "lines", "lines": "lines", "version": "versions",
    "versions": "versions", "highlight": "highlights", "highlights": "highlights",
    "item": "items", "items": "items", "advice": "advices", "q": "qas", "letter": "letters",
    "letters": "letters", "chapter": "chapters", "chapters": "chapters", "scene": "scenes",
    "scenes": "scenes", "day": "days", "days": "days",
}
_UNIT_MODIFIERS = frozenset({
    "very", "short", "long", "italic", "italicized", "italicised", "highlighted", "text",
    "markdown", "possible", "more", "different", "such", "capitalized", "capitalised",
    "distinct", "separate", "total", "other", "main", "key", "bold", "bolded", "full",
    "whole", "complete", "distinct", "new", "additional", "unique", "all-caps", "stress",
    "separated", "numbered", "individual", "good", "concise", "simple", "brief", "&",
})
_TOKEN = re.compile(r"[A-Za-z&][A-Za-z&'-]*")


@dataclass(frozen=True)
class Count:
    """One number in the prompt with what bounds it: "at least 300 words" -> [300, inf)."""

    start: int
    end: int
    low: float
    high: float
    numerals: tuple[int, ...]
    kind: str          # ge gt lt le eq range approx bare soft
    unit: Optional[str]
    unit_start: int
    unit_end: int
    negated: bool = False

    @property
    def approx(self) -> bool:
        return self.kind == "approx"

    @property
    def soft(self) -> bool:
        return self.kind == "soft"


_NEXT_TOKEN = re.compile(r"\s*-?\s*([A-Za-z&][A-Za-z&'-]*)")


def _unit_after(prompt: str, position: int, limit: int) -> tuple[Optional[str], int, int]:
    """The unit noun within the next few words ("very short bullet points" -> bullets)."""
    cursor = position
    for _ in range(4):
        match = _NEXT_TOKEN.match(prompt, cursor, limit)
        if not match:
            return None, position, position
        word = match.group(1).lower().rstrip("'")
        word_start, cursor = match.start(1), match.end()
        if word == "q" or word.startswith("q&a"):
            tail = re.match(r"\s*(?:&|and)\s*as?\b", prompt[cursor:limit], re.IGNORECASE)
            return "qas", word_start, cursor + (tail.end() if tail else 0)
        head = word.split("-")[-1] if word not in _UNIT_MODIFIERS else word
        if head in UNIT_NOUNS:
            unit = UNIT_NOUNS[head]
            follow = None
            if unit == "bullets":
                follow = re.match(r"\s+points?\b", prompt[cursor:limit], re.IGNORECASE)
            elif unit == "exclamations":
                follow = re.match(r"\s+(?:marks?|points?)\b", prompt[cursor:limit],
                                  re.IGNORECASE)
            if follow:
                cursor += follow.end()
            return unit, word_start, cursor
        if word not in _UNIT_MODIFIERS:
            return None, position, position
    return None, position, position


_UNIT_BEFORE = re.compile(r"\bnumber of (?:\w+ )?(words?|sentences?|paragraphs?|sections?|"
                          r"bullet points?|bullets?|placeholders?)\b[^.!?\n]{0,60}$",
                          re.IGNORECASE)
# A label and a colon: "bullet points: exactly three", "sections: four, headed ...".
_UNIT_LABEL = re.compile(r"\b(words?|sentences?|paragraphs?|sections?|bullet points?|bullets?|"
                         r"placeholders?|highlights?|highlighted sections?|italic sections?)"
                         r"\s*:\s*(?:[a-z]+\s+){0,2}$", re.IGNORECASE)
_NEGATION = re.compile(r"\b(?:not|never|avoid|without|no|don't|dont|cannot|can't|refrain)\b|n't\b",
                       re.IGNORECASE)
_SOFT = re.compile(r"\b(?P<word>some|a few|several|multiple|a couple of)\s+(?=[A-Za-z])",
                   re.IGNORECASE)


@functools.lru_cache(maxsize=2048)
def counts(prompt: str) -> tuple[Count, ...]:
    """Every count phrase of the prompt, in order."""
    found: list[Count] = []
    taken_until = -1
    for match in NUMBER_RE.finditer(prompt):
        if match.start() < taken_until:
            continue
        count = _read_count(prompt, match)
        if count is not None:
            found.append(count)
            taken_until = count.end
    for match in _SOFT.finditer(prompt):
        unit, unit_start, unit_end = _unit_after(prompt, match.end() - 1, min(len(prompt),
                                                                             match.end() + 60))
        if unit is None:
            continue
        # "some" may be one; "a few", "several", "multiple" are at least two.
        low = 1 if match.group("word").lower() == "some" else 2
        found.append(Count(start=match.start(), end=unit_end, low=low, high=INF, numerals=(),
                           kind="soft", unit=unit, unit_start=unit_start, unit_end=unit_end))
    found.sort(key=lambda count: count.start)
    return tuple(_shared_units(prompt, found))


# "no fewer than 600 and under 700 words": the first bound takes the unit of the second.
_BOUND_JOINER = re.compile(r"\s*,?\s*(?:and|but)\s+", re.IGNORECASE)


def _shared_units(prompt: str, found: list[Count]) -> list[Count]:
    for index, (count, following) in enumerate(zip(found, found[1:])):
        if count.unit is None and following.unit is not None and count.kind != "bare" \
                and following.kind != "bare" \
                and _BOUND_JOINER.fullmatch(prompt, count.end, following.start):
            found[index] = dataclasses.replace(count, unit=following.unit,
                                               unit_start=following.unit_start,
                                               unit_end=following.unit_end)
    return found


def _read_count(prompt: str, match: re.Match[str]) -> Optional[Count]:
    token = match.group()
    value = number_value(token)
    if value is None:
        return None
    sentence_start, sentence_end = sentence_at(prompt, match.start())
    start, end = match.start(), match.end()
    kind = "bare"
    numerals = [value]
    low: float = value
    high: float = value
    # relation before the number
    before = prompt[max(sentence_start, start - 40):start]
    relation = _RELATION_BEFORE.search(before)
    if relation:
        kind = relation.lastgroup or "bare"
        start = start - len(before) + relation.start()
    unit: Optional[str] = None
    unit_start = unit_end = end
    tail_limit = min(len(prompt), sentence_end + 1, end + 80)
    if token.lower() in ADVERBS:
        unit, unit_start, unit_end = "times", match.start(), match.end()
    plus = _PLUS.match(prompt, end, tail_limit)
    if plus:
        kind, end = "ge", plus.end()
    range_tail = _RANGE_TAIL.match(prompt, end, tail_limit)
    if range_tail and unit is None:
        second = number_value(range_tail.group("second"))
        first_unit = (range_tail.group("unit") or "").strip().lower()
        joiner = prompt[end:range_tail.start("second")].lower()
        allowed = (" and " not in joiner or kind == "range") and (
            not first_unit or first_unit in UNIT_NOUNS)
        if second is not None and second > value and allowed:
            kind = "range"
            numerals.append(second)
            high = second
            end = range_tail.end()
    if unit is None:
        unit, unit_start, unit_end = _unit_after(prompt, end, tail_limit)
        if unit is not None:
            end = unit_end
    post = _POST_RELATION.match(prompt, end, tail_limit)
    if post and kind in ("bare", "eq"):
        kind = post.lastgroup or kind
        end = post.end()
        if unit is None:
            unit, unit_start, unit_end = _unit_after(prompt, end, tail_limit)
            if unit is not None:
                end = unit_end
    if unit is None:
        times = re.match(r"\s*(?:times?)\b", prompt[end:tail_limit], re.IGNORECASE)
        if times:
            unit, unit_start, unit_end = "times", end, end + times.end()
            end = unit_end
    if unit is None:
        label = _UNIT_LABEL.search(prompt, max(sentence_start, match.start() - 40), match.start())
        if label:
            head = label.group(1).lower().split()[-1]
            unit = UNIT_NOUNS.get(head, UNIT_NOUNS.get(head + "s"))
            if label.group(1).lower().startswith(("highlight", "italic")):
                unit = "highlights"
            unit_start, unit_end = label.start(1), label.end(1)
    if unit is None:
        back = _UNIT_BEFORE.search(prompt, sentence_start, match.start())
        if back:
            unit = UNIT_NOUNS.get(back.group(1).lower().split()[0].rstrip("s") + "s",
                                  UNIT_NOUNS.get(back.group(1).lower().split()[0]))
            unit_start, unit_end = back.start(1), back.end(1)
    negated = False
    if kind == "gt":
        # "avoid using it more than twice", "please, nothing longer than 30 words"
        clause_start, _ = clause_at(prompt, match.start())
        negation = _NEGATION.search(prompt, max(clause_start, start - 50), start)
        if negation and not re.match(r"\s*forget", prompt[negation.end():negation.end() + 8]):
            negated = True
            kind = "le"
    if kind == "range" and len(numerals) == 1:
        kind = "bare"
    if kind == "ge":
        low, high = value, INF
    elif kind == "gt":
        low, high = value + 1, INF
    elif kind == "lt":
        low, high = 0, value - 1
    elif kind == "le":
        low, high = 0, value
    elif kind == "range":
        low, high = numerals[0], numerals[-1]
    return Count(start=start, end=end, low=low, high=high, numerals=tuple(numerals), kind=kind,
                 unit=unit, unit_start=unit_start, unit_end=unit_end, negated=negated)
