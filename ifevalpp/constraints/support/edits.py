"""Tight spans an edit in place changes, and the edits themselves.

Finders use these pieces for their `edits=True` statements: *value* spans
hold the parameter itself ("at least 300 words", '"sneaker"', "P.P.S") and can
be edited in place; *mention* spans only talk about the constraint ("separated
by the markdown divider ***", "no other words should follow"). `replace_number`
and `replace_word` restate a changed value inside somebody else's sentence
("a 300+ word summary" -> "a 450+ word summary").
"""

from __future__ import annotations

import functools
import re
from typing import Callable, Iterable, Optional

NUMBER_WORDS: dict[str, int] = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
}
TIMES_WORDS: dict[str, int] = {"once": 1, "twice": 2, "thrice": 3}

NUM = r"(?:\d+|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
REL_BEFORE = (r"(?:(?:at least|at most|less than|fewer than|more than|no more than|no less than|"
              r"no fewer than|not more than|not less than|longer than|shorter than|under|over|"
              r"exactly|only|just|a minimum of|a maximum of|minimum of|maximum of|up to|below|"
              r"above|a total of|precisely)\s+)?")
_REL_AFTER = r"(?:\s*\+|\s+or\s+(?:more|fewer|less|above|below|under|over))?"
TRAIL = r"(?:\s+or\s+(?:more|fewer|less)|\s+at\s+(?:least|most)|\s+in\s+total)?"
TIMES = (REL_BEFORE + r"(?:" + NUM + r"(?:\s*\+)?" + r"(?:\s+or\s+(?:more|fewer|less))?\s+times|"
         r"once|twice|thrice)" + TRAIL)

ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
            "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}

Spans = list[tuple[int, int]]


def parse_number(token: str) -> Optional[int]:
    token = token.lower().strip()
    if token.isdigit():
        return int(token)
    if token in NUMBER_WORDS:
        return NUMBER_WORDS[token]
    return TIMES_WORDS.get(token)


_NUMBER_TOKEN = re.compile(r"\b(" + NUM + r"|once|twice|thrice)\b", re.IGNORECASE)


def numbers_in(text: str) -> list[tuple[int, int, int]]:
    """(start, end, value) of every number token (digits, small number words, once/twice)."""
    found = []
    for match in _NUMBER_TOKEN.finditer(text):
        value = parse_number(match.group(1))
        if value is not None:
            found.append((match.start(1), match.end(1), value))
    return found


def near_value(value: int, text: str, slack: int = 1) -> bool:
    """Whether `text` has a number within `slack` of `value`."""
    return any(abs(number - value) <= slack for _, _, number in numbers_in(text))


@functools.lru_cache(maxsize=512)
def _rx(pattern: str, flags: int = re.IGNORECASE) -> re.Pattern[str]:
    return re.compile(pattern, flags)


def spans_of(pattern: str, text: str, flags: int = re.IGNORECASE) -> Spans:
    """(start, end) of every match of `pattern` (compiled once per pattern and flags)."""
    return [(match.start(), match.end()) for match in _rx(pattern, flags).finditer(text)]


def sentence_bounds(text: str, position: int) -> tuple[int, int]:
    """The stretch around `position` not crossing a line break or a sentence end."""
    line_start = max(text.rfind("\n", 0, position), -1) + 1
    left = line_start
    for match in re.finditer(r"[.!?](?=\s)", text[line_start:position]):
        if not text[line_start:line_start + match.start() + 1].endswith(("i.e.", "e.g.")):
            left = line_start + match.end()
    right_line = text.find("\n", position)
    right = len(text) if right_line < 0 else right_line
    stop = re.search(r"[.!?](?=\s|$)", text[position:right])
    if stop:
        right = position + stop.end()
    return left, right


def counted(text: str, noun: str, value: int, *, slack: int = 1) -> Spans:
    """'at least 300 words', '300+ word', '400 or more words', 'five paragraphs'."""
    pattern = REL_BEFORE + r"\b(" + NUM + r")" + _REL_AFTER + r"[- ]?(?:" + noun + r")\b" + TRAIL
    spans = []
    for match in _rx(pattern).finditer(text):
        number = parse_number(match.group(1))
        if number is not None and abs(number - value) <= slack:
            spans.append((match.start(), match.end()))
    return spans


def near(text: str, trigger: str, value_pattern: str, check: Callable[[str], bool], *,
         window: int = 90, flags: int = re.IGNORECASE) -> Spans:
    """Trigger followed (or preceded) in the same sentence by a value that passes `check`."""
    spans = []
    for match in _rx(trigger, flags).finditer(text):
        left, right = sentence_bounds(text, match.start())
        after = text[match.end():min(right, match.end() + window)]
        found = None
        for value in _rx(value_pattern).finditer(after):
            if check(value.group(0)):
                found = (match.start(), match.end() + value.end())
                break
        if found is None:
            before_start = max(left, match.start() - window)
            before = text[before_start:match.start()]
            candidates = [value for value in _rx(value_pattern).finditer(before)
                          if check(value.group(0))]
            if candidates:
                last = candidates[-1]
                found = (before_start + last.start(), match.end())
        if found:
            spans.append(found)
    return spans


def value_check(value: int, slack: int = 1) -> Callable[[str], bool]:
    """A `near` check: the text has a number within `slack` of `value`."""
    return lambda text: near_value(value, text, slack)


def word_pattern(word: str) -> str:
    return r"(?<![\w])" + re.escape(word) + r"(?![\w])"


def shares_sentence(prompt: str, span: tuple[int, int], others: Iterable[tuple[int, int]]) -> bool:
    left, right = sentence_bounds(prompt, span[0])
    return any(left <= start < right for start, _ in others)


# ----------------------------------------------------------------------------- in-place edits

_WORD_FOR = {value: word for word, value in NUMBER_WORDS.items()}


def _format_number(new: int, old_token: str) -> str:
    if old_token.isdigit():
        return str(new)
    lowered = old_token.lower()
    if lowered in ("once", "twice", "thrice"):
        return {1: "once", 2: "twice", 3: "three times"}.get(new, f"{new} times")
    word = _WORD_FOR.get(new)
    if word is None:
        return str(new)
    return word.capitalize() if old_token[0].isupper() else word


def replace_number(text: str, old: int, new: int) -> Optional[str]:
    """`text` with its number for `old` (within one) restated for `new`; None if there is none."""
    for start, end, value in numbers_in(text):
        if abs(value - old) <= 1:
            shown = new + (value - old)
            if shown < 0:
                return None
            token = text[start:end]
            replacement = _format_number(shown, token)
            result = text[:start] + replacement + text[end:]
            if replacement in ("once", "twice") and token.lower() not in ("once", "twice"):
                result = re.sub(r"\b" + re.escape(replacement) + r"\s+times?\b", replacement,
                                result)
            if shown == 1 and not replacement.isalpha():
                result = re.sub(r"\b1 times\b", "1 time", result)
            return _agree(result, start + len(replacement), value, shown)
    return None


# Where the noun phrase a count counts ends: a mark, or a word that starts what follows.
_PHRASE_END = re.compile(r"^(?:with|in|of|on|at|by|for|from|to|as|such|that|which|who|and|"
                         r"or|using|like|inside|between|wrapped|written|per|each|in)$",
                         re.IGNORECASE)


def _agree(text: str, end: int, old: int, new: int) -> str:
    """The noun a count changed from one to more counts, in the plural ("at least one
    placeholder, such as" -> "at least two placeholders, such as"), and back: the last word
    of the (up to three-word) phrase right after the number."""
    if (old == 1) == (new == 1):
        return text
    match = re.match(r"((?: [a-z][a-z-]*){1,3})(?=[\s,.;:!?)]|$)", text[end:])
    if not match:
        return text
    words = match.group(1).split(" ")[1:]
    kept = []
    for word in words:
        if _PHRASE_END.match(word) or word in ("more", "fewer", "less", "times", "time"):
            break
        kept.append(word)
    if not kept:
        return text
    noun = kept[-1]
    at = end + len(" " + " ".join(kept)) - len(noun)
    if new != 1:
        if noun.endswith("s"):
            return text
        many = (noun[:-1] + "ies" if re.search(r"[^aeiou]y$", noun)
                else noun + "es" if re.search(r"(?:s|x|z|ch|sh)$", noun) else noun + "s")
    else:
        if not noun.endswith("s") or noun.endswith("ss"):
            return text
        many = noun[:-3] + "y" if noun.endswith("ies") else noun[:-1]
    return text[:at] + many + text[at + len(noun):]


def replace_word(text: str, old: str, new: str) -> Optional[str]:
    """`text` with every whole-word `old` replaced by `new` in the same letter case; None if
    `old` does not occur."""
    pattern = re.compile(r"(?<!\w)" + re.escape(old) + r"(?!\w)", re.IGNORECASE)
    if not pattern.search(text):
        return None

    def case_like(match: re.Match[str]) -> str:
        found = match.group(0)
        if found.isupper() and len(found) > 1:
            return new.upper()
        if found[:1].isupper():
            return new[:1].upper() + new[1:]
        return new
    return pattern.sub(case_like, text)
