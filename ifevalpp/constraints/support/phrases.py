"""Reading constraint statements out of prompt text: sentences, clauses, numbers, spans.

Everything here is plain, deterministic regular-expression work on one prompt,
cached per prompt, so the validator can run on every generated cousin. The
statement finders of the instruction types are built from these pieces.

Vocabulary:
  sentence  a prompt sentence (split after . ! ? or at a newline; abbreviations
            such as "i.e." and "P.S." do not end a sentence)
  clause    a piece of a sentence between ';', ', and', ' and <verb>', ...

Count phrases ("at least 300 words", "6 or 7 times") are read in `count_phrases.py`.
"""

from __future__ import annotations

import functools
import math
import re
from typing import Iterable, Optional

from pydantic import BaseModel, ConfigDict

INF = math.inf


class Span(BaseModel):
    """Where a prompt states a constraint: character offsets into the prompt and the text there."""

    model_config = ConfigDict(frozen=True)

    start: int
    end: int
    text: str


# ----------------------------------------------------------------------------- numbers

_SMALL = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19,
}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
ADVERBS = {"once": 1, "twice": 2, "thrice": 3}
_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12,
}

_WORD_NUMBER = (r"(?:(?:" + "|".join(_TENS) + r")(?:[- ](?:one|two|three|four|five|six|seven|"
                r"eight|nine)\b)?|" + "|".join(sorted(_SMALL, key=len, reverse=True)) +
                r"|(?:a |one )?hundred|a dozen|a single|single)")
NUMBER = r"(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+|" + _WORD_NUMBER + r")"
NUMBER_RE = re.compile(r"(?<![\w.$#/:+-])(?:" + NUMBER + r"|once|twice|thrice)(?![\w%°/:]|\.\d)",
                        re.IGNORECASE)


def number_value(token: str) -> Optional[int]:
    """The integer a numeral or number word denotes ("300", "1,200", "twenty-five", "twice")."""
    word = token.strip().lower()
    if not word:
        return None
    if word[0].isdigit():
        return int(word.replace(",", ""))
    if word in ADVERBS:
        return ADVERBS[word]
    if word in _SMALL:
        return _SMALL[word]
    if word in ("a single", "single"):
        return 1
    if word == "a dozen":
        return 12
    if word.endswith("hundred"):
        return 100
    parts = re.split(r"[- ]", word)
    if parts[0] in _TENS:
        return _TENS[parts[0]] + (_SMALL.get(parts[1], 0) if len(parts) > 1 else 0)
    return None


def ordinal_value(token: str) -> Optional[int]:
    """1 for "first" or "1st", 2 for "second" or "2nd", ...; None otherwise ("last" is handled
    by the caller, which knows the paragraph count)."""
    word = token.strip().lower()
    if word in _ORDINALS:
        return _ORDINALS[word]
    match = re.fullmatch(r"(\d+)(?:st|nd|rd|th)", word)
    return int(match.group(1)) if match else None


# ----------------------------------------------------------------------------- sentences

_ABBREVIATIONS = frozenset({"i.e.", "e.g.", "etc.", "vs.", "mr.", "mrs.", "ms.", "dr.", "st.",
                            "p.s.", "p.p.s.", "u.s.", "u.k.", "no.", "approx.", "a.m.", "p.m.",
                            "jr.", "sr.", "i.e", "e.g"})
_BOUNDARY = re.compile(r"[.!?]+[\"”’')\]]*(?=\s|$)|\n+")


@functools.lru_cache(maxsize=4096)
def sentences(prompt: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of each sentence, whitespace trimmed; end includes the final punctuation."""
    bounds: list[tuple[int, int]] = []
    start = 0
    for match in _BOUNDARY.finditer(prompt):
        if match.group().startswith("\n"):
            end = match.start()
        else:
            end = match.end()
            group = match.group()
            if match.start() > 0 and prompt[match.start() - 1] in "\"'“‘" and \
                    len(group) >= 2 and group[1] in "\"'”’":
                continue  # a quoted mark, as in: the character "!"
            token = prompt[max(0, match.start() - 12):match.start() + 1].split()
            last = token[-1].lower().lstrip("\"'(“‘[") if token else ""
            if last in _ABBREVIATIONS:
                continue
        _add_bound(prompt, start, end, bounds)
        start = match.end()
    _add_bound(prompt, start, len(prompt), bounds)
    return tuple(bounds)


def _add_bound(prompt: str, start: int, end: int, bounds: list[tuple[int, int]]) -> None:
    while start < end and prompt[start].isspace():
        start += 1
    while end > start and prompt[end - 1].isspace():
        end -= 1
    if end > start:
        bounds.append((start, end))


def sentence_at(prompt: str, position: int) -> tuple[int, int]:
    """The sentence containing `position` (or the nearest one before it)."""
    chosen = (0, len(prompt))
    for start, end in sentences(prompt):
        if start <= position < end:
            return (start, end)
        if start <= position:
            chosen = (start, end)
    return chosen


def sentence_index(prompt: str, position: int) -> int:
    for index, (start, end) in enumerate(sentences(prompt)):
        if start <= position < end:
            return index
    return -1


# ----------------------------------------------------------------------------- clauses

_VERBS = (r"make|use|using|include|including|do|don't|does|have|has|be|is|are|contain|"
          r"containing|end|finish|wrap|put|write|highlight|italicize|separate|separated|"
          r"mention|refrain|avoid|add|answer|respond|reply|give|keep|limit|start|please|must|"
          r"should|ensure|organize|provide|label|mark|list|also|each|there|all|only|"
          r"capitalize|no|not|without|in|with|then|just|at|your|the|it|its|and|but|or|so|"
          r"while|as|one|every|make sure")
_CLAUSE_BREAK = re.compile(
    r"\s*;\s*|\s+--+\s+|\s+[-–—]\s+|"
    r",\s+(?=(?:" + _VERBS + r")\b)|"
    r"\s+(?=(?:and|but)\s+(?:" + _VERBS + r")\b)",
    re.IGNORECASE)
_LEADING_LINK = re.compile(r"^(?:and|but|or|then|also|so|while)\s+|^(?:and|but)\s+also\s+",
                           re.IGNORECASE)


def clauses(prompt: str, start: int, end: int) -> list[tuple[int, int]]:
    """Clause bounds inside [start, end) (a sentence)."""
    pieces: list[tuple[int, int]] = []
    cursor = start
    for match in _CLAUSE_BREAK.finditer(prompt, start, end):
        if match.start() > cursor:
            pieces.append((cursor, match.start()))
        cursor = match.end()
    if cursor < end:
        pieces.append((cursor, end))
    return pieces or [(start, end)]


def clause_at(prompt: str, position: int) -> tuple[int, int]:
    sentence_start, sentence_end = sentence_at(prompt, position)
    for start, end in clauses(prompt, sentence_start, sentence_end):
        if start <= position < end:
            return (start, end)
    return (sentence_start, sentence_end)


# ----------------------------------------------------------------------------- anchors

# Words that signal each family of constraint. A span grows to the whole sentence only
# when the sentence mentions no other family (so rewriting it cannot delete another
# constraint).
_ANCHOR_PATTERNS: dict[str, str] = {
    "comma": r"\bcommas?\b",
    "case": r"\bcapital|\bcaps\b|\blower[- ]?case|\bupper[- ]?case|\bcapitali[sz]",
    "english": r"\benglish\b",
    "json": r"\bjson\b",
    "title": r"<<|>>|\btitle|angular bracket",
    "postscript": r"\bp\.\s?p\.\s?s\b|\bp\.\s?s\.|\bpost ?script",
    "separator": r"\*{3,}|asterisk|markdown divider",
    "bullets": r"\bbullet",
    "highlights": r"\bhighlight|\bitalic",
    "placeholders": r"\bplaceholder|square bracket",
    "sections": r"\bsections?\b",
    "paragraphs": r"\bparagraphs?\b",
    "sentences": r"\bsentences?\b",
    "words": r"\bwords?\b",
    "times": r"\btimes?\b|\bonce\b|\btwice\b",
    "letter": r"\bletter\b",
    "keywords": r"\bkeywords?\b|\bthe words?\b",
    "quotation": r"\bquot(?:e|es|ation)\b|\bquotation marks?",
    "end": r"\bend (?:your|the|it|with)|\bfinish|\bvery (?:end|last)",
    "repeat": r"\brepeat",
    "language": r"\blanguage\b",
    "answer_phrase": r"my answer is",
}
ANCHORS: dict[str, re.Pattern[str]] = {name: re.compile(pattern, re.IGNORECASE)
                                       for name, pattern in _ANCHOR_PATTERNS.items()}

_TASK_OPENER = re.compile(
    r"^(?:write|create|compose|generate|give me|draft|plan|summari[sz]e|rewrite|explain|"
    r"describe|make (?:a|an|me)|list|name|suggest|translate|tell|produce|brainstorm|"
    r"elaborate|expand|come up|hallucinate|pretend|imagine|design|criticize|critique|"
    r"improve|provide (?:a|an|me)|can you|could you|would you|what|why|how|who|which|is |"
    r"are |do you|i |i'm|my |we |hey|hi|hello|in this task)", re.IGNORECASE)


_TASK_VERB_EARLY = re.compile(
    r"^(?:\S+\s+){0,6}?(?:write|create|compose|generate|draft|rewrite|summari[sz]e|"
    r"describe|explain|give me|tell me|make me)\b", re.IGNORECASE)


def is_task_sentence(prompt: str, start: int) -> bool:
    """The prompt's first sentence, or one that opens with (or soon reaches) a task verb."""
    bounds = sentences(prompt)
    if bounds and bounds[0][0] == start:
        return True
    head = prompt[start:start + 60]
    return bool(_TASK_OPENER.match(head) or _TASK_VERB_EARLY.match(head))


def _other_anchor(prompt: str, start: int, end: int, skip: tuple[int, int],
                  own: frozenset[str]) -> bool:
    for name, pattern in ANCHORS.items():
        if name in own:
            continue
        for match in pattern.finditer(prompt, start, end):
            if match.end() <= skip[0] or match.start() >= skip[1]:
                return True
    return False


def verbatim_span(prompt: str, text: str) -> Optional[tuple[int, int]]:
    """Where `prompt` holds `text` (stripped) word for word, first occurrence; None when it
    does not, or `text` is blank. The one reading of where a text to repeat sits."""
    target = text.strip()
    start = prompt.find(target) if target else -1
    return (start, start + len(target)) if start >= 0 else None


def make_span(prompt: str, start: int, end: int) -> Span:
    return Span(start=start, end=end, text=prompt[start:end])


def constraint_span(prompt: str, start: int, end: int, own: Iterable[str]) -> Span:
    """Grow the matched phrase [start, end) to the clause or sentence that states it.

    The whole sentence when it states nothing else and is not the task sentence;
    else the clause(s) covering the phrase when they state nothing else; else the
    phrase itself. The leading link word of a clause ("and", "but") and its
    trailing punctuation stay outside, so a rewrite keeps the sentence grammatical.
    """
    own_set = frozenset(own)
    sentence_start, sentence_end = sentence_at(prompt, start)
    sentence_end = max(sentence_end, end)
    task = is_task_sentence(prompt, sentence_start)
    if not task and not _other_anchor(prompt, sentence_start, sentence_end, (start, end),
                                      own_set):
        return make_span(prompt, sentence_start, sentence_end)
    pieces = [piece for piece in clauses(prompt, sentence_start, sentence_end)
              if piece[1] > start and piece[0] < end]
    if pieces:
        clause_start, clause_end = pieces[0][0], pieces[-1][1]
        first_clause = clause_start == sentence_start
        if not (task and first_clause) and not _other_anchor(
                prompt, clause_start, clause_end, (start, end), own_set):
            link = _LEADING_LINK.match(prompt, clause_start, clause_end)
            if link:
                clause_start = link.end()
            while clause_end > clause_start and prompt[clause_end - 1] in " .,;:!?":
                clause_end -= 1
            clause_start = min(clause_start, start)
            clause_end = max(clause_end, end)
            return make_span(prompt, clause_start, clause_end)
    return make_span(prompt, start, end)


def describe_interval(low: float, high: float) -> str:
    """Human wording of a count interval: "at least 300", "less than 151", "5 to 10"."""
    if high == INF:
        return f"at least {int(low)}"
    if low <= 0:
        return f"less than {int(high) + 1}"
    if low == high:
        return f"exactly {int(low)}"
    return f"{int(low)} to {int(high)}"


def quote(text: str, limit: int = 90) -> str:
    """A prompt excerpt for a message: one line, shortened in the middle if long."""
    flat = " ".join(text.split())
    if len(flat) > limit:
        flat = flat[:limit - 25] + " … " + flat[-20:]
    return "'" + flat + "'"
