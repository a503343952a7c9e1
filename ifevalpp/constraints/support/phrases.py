"""Reading constraint statements out of prompt text: sentences, clauses, numbers, count phrases.

Everything here is plain, deterministic regular-expression work on one prompt,
cached per prompt, so the validator can run on every generated cousin. The
statement finders of the instruction types are built from these pieces.

Vocabulary:
  sentence  a prompt sentence (split after . ! ? or at a newline; abbreviations
            such as "i.e." and "P.S." do not end a sentence)
  clause    a piece of a sentence between ';', ', and', ' and <verb>', ...
  count     a number with its relation and unit: "at least 300 words",
            "300+ word", "6 or 7 times", "no more than 2 bullet points"
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
from dataclasses import dataclass
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
_ADVERBS = {"once": 1, "twice": 2, "thrice": 3}
_ORDINALS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12,
}

_WORD_NUMBER = (r"(?:(?:" + "|".join(_TENS) + r")(?:[- ](?:one|two|three|four|five|six|seven|"
                r"eight|nine)\b)?|" + "|".join(sorted(_SMALL, key=len, reverse=True)) +
                r"|(?:a |one )?hundred|a dozen|a single|single)")
NUMBER = r"(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+|" + _WORD_NUMBER + r")"
_NUMBER_RE = re.compile(r"(?<![\w.$#/:+-])(?:" + NUMBER + r"|once|twice|thrice)(?![\w%°/:]|\.\d)",
                        re.IGNORECASE)


def number_value(token: str) -> Optional[int]:
    """The integer a numeral or number word denotes ("300", "1,200", "twenty-five", "twice")."""
    word = token.strip().lower()
    if not word:
        return None
    if word[0].isdigit():
        return int(word.replace(",", ""))
    if word in _ADVERBS:
        return _ADVERBS[word]
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


# ----------------------------------------------------------------------------- counts

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
    for match in _NUMBER_RE.finditer(prompt):
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
    if token.lower() in _ADVERBS:
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
