"""Where a prompt states each instruction type: `Statement`s, and the `locate` seam.

`statements(instruction_id, prompt, params)` returns what the prompt says about
one constraint: each statement has the span to rewrite (clause or sentence,
see `phrases.constraint_span`), the exact phrase matched, and what was read
there — a count interval, a literal value, or a format marker. The validator
compares statements with the stored parameters; `Constraint.locate` (and so
the generators) only need the spans.

Spans are stable: the same prompt and parameters always give the same spans,
sorted by position, without duplicates.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from ..constraints.base import Span
from ..constraints.support.phrases import (INF, Count, clause_at, constraint_span, counts, make_span, number_value,
                      ordinal_value, sentence_at, sentence_index, sentences)


@dataclass(frozen=True)
class Statement:
    """One place where the prompt states (part of) a constraint."""

    span: Span
    """The clause or sentence a rewrite would replace."""
    phrase: Span
    """The exact words matched (what a message quotes)."""
    role: str
    """What it states: 'count', 'value', 'format', 'mention', 'nth', 'first_word', ..."""
    low: float = 0
    high: float = INF
    numerals: tuple[int, ...] = ()
    kind: str = ""
    """For counts: ge gt lt le eq range bare soft approx neg implied."""
    value: Optional[str] = None
    extra: tuple[str, ...] = field(default=())


Finder = Callable[[str, Any], list[Statement]]
FINDERS: dict[str, Finder] = {}


def _finder(instruction_id: str) -> Callable[[Finder], Finder]:
    def register(function: Finder) -> Finder:
        FINDERS[instruction_id] = function
        return function
    return register


def statements(instruction_id: str, prompt: str, params: Any) -> list[Statement]:
    """Everything the prompt states about one constraint (empty when nothing is found)."""
    finder = FINDERS.get(instruction_id)
    return finder(prompt, params) if finder else []


def locate(instruction_id: str, prompt: str, params: Any) -> list[Span]:
    """The distinct spans (sorted) where the prompt states the constraint."""
    seen: dict[tuple[int, int], Span] = {}
    for statement in statements(instruction_id, prompt, params):
        seen.setdefault((statement.span.start, statement.span.end), statement.span)
    return [seen[key] for key in sorted(seen)]


def _statement(prompt: str, start: int, end: int, own: tuple[str, ...], role: str,
               **values: Any) -> Statement:
    return Statement(span=constraint_span(prompt, start, end, own),
                     phrase=make_span(prompt, start, end), role=role, **values)


def _count_statement(prompt: str, count: Count, own: tuple[str, ...], *,
                     kind: Optional[str] = None, low: Optional[float] = None,
                     high: Optional[float] = None) -> Statement:
    return _statement(prompt, count.start, count.end, own, "count",
                      low=count.low if low is None else low,
                      high=count.high if high is None else high,
                      numerals=count.numerals, kind=kind or count.kind)


def _in_clause(prompt: str, position: int, pattern: re.Pattern[str]) -> bool:
    start, end = clause_at(prompt, position)
    return bool(pattern.search(prompt, start, end))


def _in_sentence(prompt: str, position: int, pattern: re.Pattern[str]) -> bool:
    start, end = sentence_at(prompt, position)
    return bool(pattern.search(prompt, start, end))


# ----------------------------------------------------------------------------- lengths

_CAPITAL_QUALIFIER = re.compile(r"capital|\bcaps\b|upper ?case|capitali[sz]", re.IGNORECASE)


def _is_capital_count(prompt: str, count: Count) -> bool:
    clause_start, clause_end = clause_at(prompt, count.start)
    if _CAPITAL_QUALIFIER.search(prompt, clause_start, max(clause_end, count.end)):
        return True
    following = prompt[count.end:count.end + 40]
    return bool(re.match(r"\s*(?:\w+\s+){0,3}(?:in|with|be in|using)\s+(?:all\s+)?"
                         r"(?:capital|caps|upper ?case)", following, re.IGNORECASE))


@_finder("length_constraints:number_words")
def _number_words(prompt: str, params: Any) -> list[Statement]:
    return [_count_statement(prompt, count, ("words",)) for count in counts(prompt)
            if count.unit == "words" and not count.soft and _total(prompt, count)
            and not _is_capital_count(prompt, count)]


_DISTRIBUTIVE = re.compile(r"\b(?:each|every|per)\b", re.IGNORECASE)


def _total(prompt: str, count: Count) -> bool:
    """False for a count that is about each part ("each line should contain one sentence")."""
    clause_start, _ = clause_at(prompt, count.start)
    return not _DISTRIBUTIVE.search(prompt, clause_start, count.start)


@_finder("length_constraints:number_sentences")
def _number_sentences(prompt: str, params: Any) -> list[Statement]:
    return [_count_statement(prompt, count, ("sentences",)) for count in counts(prompt)
            if count.unit == "sentences" and not count.soft and _total(prompt, count)]


_RULE_MENTION = re.compile(r"\*\*\*|asterisk|markdown divider|divider", re.IGNORECASE)
_RULE_LINE = re.compile(r"^[ \t]*\*\*\*[ \t]*$", re.MULTILINE)
_PARAGRAPH_UNITS = frozenset({"paragraphs", "sections", "parts", "stanzas", "steps", "qas",
                              "advices", "chapters", "scenes"})
_NOT_PARAGRAPHS = re.compile(r"highlight|italic|bullet|placeholder|\bSECTION\b|Section [X\d]",
                             re.IGNORECASE)


@_finder("length_constraints:number_paragraphs")
def _number_paragraphs(prompt: str, params: Any) -> list[Statement]:
    found = []
    mentions_rule = bool(_RULE_MENTION.search(prompt))
    for count in counts(prompt):
        if count.soft or count.unit not in _PARAGRAPH_UNITS:
            continue
        if count.unit != "paragraphs" and (not mentions_rule or
                                           _in_clause(prompt, count.start, _NOT_PARAGRAPHS)):
            continue
        found.append(_count_statement(prompt, count, ("paragraphs", "sections", "separator")))
    if not found:
        rules = list(_RULE_LINE.finditer(prompt))
        if rules:
            # A format example: N-1 rule lines between N pieces.
            head = prompt[:rules[0].start()]
            start = max(head.rfind("\n\n") + 2, head.rfind(":\n") + 2, 0)
            last = prompt.find("\n\n", rules[-1].end())
            end = len(prompt) if last < 0 else last
            while end > start and prompt[end - 1].isspace():
                end -= 1
            pieces = len(rules) + 1
            found.append(Statement(span=make_span(prompt, start, end),
                                   phrase=make_span(prompt, start, end), role="count",
                                   low=pieces, high=pieces, numerals=(pieces,), kind="implied"))
    for match in _RULE_MENTION.finditer(prompt):
        found.append(_statement(prompt, match.start(), match.end(),
                                ("paragraphs", "sections", "separator"), "format",
                                value=match.group()))
    return found


_ORDINAL_PARAGRAPH = re.compile(
    r"\b(?:the\s+)?(?:very\s+)?(?P<ordinal>first|second|third|fourth|fifth|sixth|seventh|"
    r"eighth|ninth|tenth|\d+(?:st|nd|rd|th)|last|final)\s+(?:paragraph\b|one\b)|"
    r"\bparagraph\s+(?:number\s+)?(?P<number>\d+|one|two|three|four|five|six|seven|eight|"
    r"nine|ten)\b|"
    r"\bthe\s+(?P<bare>first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|"
    r"\d+(?:st|nd|rd|th)|last|final)\s+(?=(?:starting|beginning|opening|should|must|has to|"
    r"needs to)\b)", re.IGNORECASE)
_FIRST_WORD = re.compile(
    r"\b(?:start|begin|open)s?\s+(?:\w+\s+){0,3}?with\s+(?:the\s+)?(?:word\s+)?"
    r"[\"'“‘]?(?P<word>[^\s\"'“”‘’.,;:!?]+)", re.IGNORECASE)


@_finder("length_constraints:nth_paragraph_first_word")
def _nth_paragraph(prompt: str, params: Any) -> list[Statement]:
    own = ("paragraphs",)
    found = [_count_statement(prompt, count, own) for count in counts(prompt)
             if count.unit == "paragraphs" and not count.soft]
    total = getattr(params, "num_paragraphs", None)
    for match in _ORDINAL_PARAGRAPH.finditer(prompt):
        if match.group("ordinal") or match.group("bare"):
            word = (match.group("ordinal") or match.group("bare")).lower()
            value = total if word in ("last", "final") else ordinal_value(word)
        else:
            value = number_value(match.group("number"))
        if value is None:
            continue
        found.append(_statement(prompt, match.start(), match.end(), own, "nth",
                                low=value, high=value, numerals=(value,), kind="eq"))
    for match in _FIRST_WORD.finditer(prompt):
        if not re.search(r"paragraph", prompt[max(0, match.start() - 80):match.end()],
                         re.IGNORECASE):
            continue
        found.append(_statement(prompt, match.start(), match.end(), own, "first_word",
                                value=match.group("word")))
    return found


# ----------------------------------------------------------------------------- format

_BULLET = re.compile(r"\bbullet", re.IGNORECASE)


@_finder("detectable_format:number_bullet_lists")
def _bullets(prompt: str, params: Any) -> list[Statement]:
    own = ("bullets",)
    found = []
    for count in counts(prompt):
        if count.unit == "bullets" or (count.unit in ("points", "items") and
                                       _in_sentence(prompt, count.start, _BULLET)):
            found.append(_count_statement(prompt, count, own))
    mentions = list(_BULLET.finditer(prompt))
    if not found and mentions:
        # "List exactly 10 names ... Put the names into bullet points": a count of the
        # listed things elsewhere in the prompt.
        for count in counts(prompt):
            if count.kind in ("eq", "bare") and count.unit in ("names", "items", "points",
                                                               "lines", "steps"):
                found.append(_count_statement(prompt, count, own, kind="implied"))
    for match in mentions:
        found.append(_statement(prompt, match.start(), match.end(), own, "mention"))
    return found


_HIGHLIGHT = re.compile(r"\bhighlight|\bitalic|\bbold|wrap(?:ping)? (?:it|them|each of them) "
                        r"with (?:asterisk|\*)|\bstarting and ending with", re.IGNORECASE)
_HIGHLIGHT_UNITS = frozenset({"sections", "parts", "phrases", "words", "keywords", "names",
                              "highlights", "items", "points", "times", None})


@_finder("detectable_format:number_highlighted_sections")
def _highlights(prompt: str, params: Any) -> list[Statement]:
    own = ("highlights", "sections", "words")
    found = []
    seen: set[int] = set()
    mentions = list(_HIGHLIGHT.finditer(prompt))
    for mention in mentions:
        bounds = (clause_at(prompt, mention.start()), sentence_at(prompt, mention.start()))
        for start, end in bounds:
            chosen = [count for count in counts(prompt)
                      if start <= count.start < end and _highlight_count(prompt, count, mention)]
            if chosen:
                break
        for count in chosen:
            if count.start not in seen:
                seen.add(count.start)
                found.append(_count_statement(prompt, count, own))
        found.append(_statement(prompt, mention.start(), mention.end(), own, "mention"))
    if mentions and not seen:
        # "The proposal should contain 5 or more sections. Highlight each section name."
        index = sentence_index(prompt, mentions[0].start())
        if index > 0:
            start, end = sentences(prompt)[index - 1]
            for count in counts(prompt):
                if start <= count.start < end and count.unit == "sections" and not count.soft:
                    found.append(_count_statement(prompt, count, own, kind="implied"))
    return found


def _highlight_count(prompt: str, count: Count, mention: re.Match[str]) -> bool:
    if count.unit not in _HIGHLIGHT_UNITS:
        return False
    if count.unit is None and not re.match(r"\s+of\b", prompt[count.end:]):
        return False
    if count.unit == "words" and not count.soft and _is_capital_count(prompt, count):
        return False
    if count.unit == "times" and count.start > mention.end() and \
            _SUBJECT_BLOCKER.search(prompt, mention.end(), count.start):
        return False
    if count.unit == "times" and count.start < mention.start():
        return False
    return True


_PLACEHOLDER = re.compile(r"\bplaceholders?\b", re.IGNORECASE)
_BRACKETS = re.compile(r"\[[^\]\n]*\]|square brackets?|\bbrackets\b", re.IGNORECASE)


@_finder("detectable_content:number_placeholders")
def _placeholders(prompt: str, params: Any) -> list[Statement]:
    own = ("placeholders",)
    found = [_count_statement(prompt, count, own) for count in counts(prompt)
             if count.unit == "placeholders" and not count.soft]
    for match in _PLACEHOLDER.finditer(prompt):
        found.append(_statement(prompt, match.start(), match.end(), own, "mention"))
    for match in _BRACKETS.finditer(prompt):
        found.append(_statement(prompt, match.start(), match.end(), own, "format",
                                value=match.group()))
    return found


@_finder("detectable_format:multiple_sections")
def _sections(prompt: str, params: Any) -> list[Statement]:
    own = ("sections", "paragraphs")
    splitter = getattr(params, "section_spliter", "") or ""
    found: list[Statement] = []
    if not splitter:
        return found
    word = re.escape(splitter)
    label = re.compile(r"(?<![A-Za-z])" + word + r"(?![A-Za-z])(?:\s*(?P<n>\d+|[XN#]\b|[IVX]+\b))?",
                       re.IGNORECASE)
    numbers: list[int] = []
    for match in label.finditer(prompt):
        if not match.group("n") and not match.group().startswith(splitter):
            continue  # the plain word ("each section"), not a label
        found.append(_statement(prompt, match.start(), match.end(), own, "value",
                                value=match.group()[:len(splitter)]))
        if match.group("n") and match.group("n").isdigit():
            numbers.append(int(match.group("n")))
    unit_names = {"sections", "parts", splitter.lower().rstrip("s") + "s",
                  (splitter.lower() + "s")}
    for count in counts(prompt):
        if count.soft or count.unit is None:
            continue
        if count.unit in unit_names and not _in_clause(prompt, count.start, _HIGHLIGHT):
            found.append(_count_statement(prompt, count, own))
    if not any(statement.role == "count" for statement in found) and len(numbers) >= 2:
        # "Mark the beginning of each with Audience 1 and Audience 2": the labels count.
        top = max(numbers)
        mentions = [statement for statement in found if statement.role == "value"]
        found.append(Statement(span=mentions[0].span, phrase=mentions[0].phrase, role="count",
                               low=top, high=top, numerals=(top,), kind="implied"))
    return found


_JSON = re.compile(r"\bjson\b", re.IGNORECASE)


@_finder("detectable_format:json_format")
def _json(prompt: str, params: Any) -> list[Statement]:
    return [_statement(prompt, match.start(), match.end(), ("json",), "mention")
            for match in _JSON.finditer(prompt)]


_TITLE_MARK = re.compile(r"<<[^<>\n]*>>|(?:double )?angular brackets?|angle brackets?",
                         re.IGNORECASE)
_TITLE_WORD = re.compile(r"\btitle[sd]?\b", re.IGNORECASE)


@_finder("detectable_format:title")
def _title(prompt: str, params: Any) -> list[Statement]:
    found = [_statement(prompt, match.start(), match.end(), ("title",), "format",
                        value=match.group()) for match in _TITLE_MARK.finditer(prompt)]
    if not found:
        found = [_statement(prompt, match.start(), match.end(), ("title",), "mention")
                 for match in _TITLE_WORD.finditer(prompt)]
    return found


_ANSWER_OPTION = re.compile(r"my answer is (?P<option>yes|no|maybe)\.?", re.IGNORECASE)


@_finder("detectable_format:constrained_response")
def _constrained(prompt: str, params: Any) -> list[Statement]:
    options = list(_ANSWER_OPTION.finditer(prompt))
    if not options:
        return []
    first_sentence = sentence_at(prompt, options[0].start())
    start = first_sentence[0]
    # The instruction often ends a sentence just before the list ("... phrases:\n").
    previous = prompt.rfind("\n", 0, start)
    for bound_start, bound_end in sentences(prompt):
        if bound_end <= start and re.search(r"answer|choose|phrase|option|say|respond",
                                            prompt[bound_start:bound_end], re.IGNORECASE) \
                and bound_end >= previous - 1 and prompt[bound_end - 1:bound_end] == ":":
            start = bound_start
    end = sentence_at(prompt, options[-1].start())[1]
    end = max(end, options[-1].end())
    while end < len(prompt) and prompt[end] in "\"”'’)":
        end += 1
    span = make_span(prompt, start, end)
    return [Statement(span=span, phrase=make_span(prompt, match.start(), match.end()),
                      role="format", value=match.group("option").lower()) for match in options]


# ----------------------------------------------------------------------------- case & words

_UPPER_PHRASE = re.compile(
    r"all[- ]capital(?= words?)|capital(?= words?)|capital letters?|\bcapitals\b|\bcaps\b|upper[- ]?case(?: letters?)?|"
    r"capitali[sz](?:e|ed|ation)|\bcapitali[sz]ations?\b", re.IGNORECASE)
_LOWER_PHRASE = re.compile(r"lower[- ]?case[sd]?(?: letters?)?|lower[- ]?cased|small letters",
                           re.IGNORECASE)
_CASE_NEGATION = re.compile(r"\b(?:no|not|without|never|don't|do not|cannot|avoid)\b|n't\b",
                            re.IGNORECASE)
_CAPITAL_SUBJECT_BEFORE = re.compile(
    r"(?:words?|phrases?|letters? words?)\s+(?:that are\s+|to be\s+|be\s+|written\s+)?"
    r"(?:with|in|using|be in|written in)\s+(?:all\s+|only\s+)?$|"
    r"(?:words?)\s+(?:\w+\s+){0,2}(?:with|in)\s+(?:all\s+)?$|"
    r"words?\s+(?:which|that)\s+(?:are|is)\s+(?:all\s+)?$", re.IGNORECASE)
_CAPITAL_SUBJECT_AFTER = re.compile(r"\s*(?:words?|phrases?)\b", re.IGNORECASE)


def _case_mentions(prompt: str) -> list[tuple[str, re.Match[str]]]:
    """Each mention of letter case, classified 'upper', 'lower' or 'capital_words'."""
    mentions: list[tuple[str, re.Match[str]]] = []
    for match in _UPPER_PHRASE.finditer(prompt):
        before = prompt[max(0, match.start() - 45):match.start()]
        after = prompt[match.end():match.end() + 12]
        clause_start, _ = clause_at(prompt, match.start())
        negated = bool(_CASE_NEGATION.search(prompt, max(clause_start, match.start() - 60),
                                             match.start()))
        if _CAPITAL_SUBJECT_BEFORE.search(before) or _CAPITAL_SUBJECT_AFTER.match(after) or \
                re.search(r"capitali[sz]e\s+(?:a few|some|several|\w+)\s+words|stress words",
                          prompt[match.start():match.end() + 25], re.IGNORECASE):
            if not re.search(r"\b(?:all|every|each)\s+(?:of\s+)?(?:your\s+|the\s+)?words?\s*$",
                             before, re.IGNORECASE):
                mentions.append(("capital_words", match))
                continue
        mentions.append(("lower" if negated else "upper", match))
    for match in _LOWER_PHRASE.finditer(prompt):
        clause_start, _ = clause_at(prompt, match.start())
        negated = bool(_CASE_NEGATION.search(prompt, max(clause_start, match.start() - 60),
                                             match.start()))
        mentions.append(("upper" if negated else "lower", match))
    mentions.sort(key=lambda item: item[1].start())
    return mentions


_ENGLISH = re.compile(r"\benglish\b", re.IGNORECASE)


_CASE_LEAD = re.compile(r"(?:\b(?:in|with|using|use|only|all|entirely|no|without|any)\s+){1,3}$",
                        re.IGNORECASE)


def _case_finder(wanted: str) -> Finder:
    def find(prompt: str, params: Any) -> list[Statement]:
        found = []
        for kind, match in _case_mentions(prompt):
            if kind in ("upper", "lower"):
                lead = _CASE_LEAD.search(prompt, max(0, match.start() - 30), match.start())
                start = lead.start() if lead else match.start()
                found.append(_statement(prompt, start, match.end(), ("case", "english"),
                                        "mention" if kind == wanted else "other_case",
                                        value=kind))
        for match in _ENGLISH.finditer(prompt):
            found.append(_statement(prompt, match.start(), match.end(), ("case", "english"),
                                    "english"))
        return found
    return find


FINDERS["change_case:english_capital"] = _case_finder("upper")
FINDERS["change_case:english_lowercase"] = _case_finder("lower")

_SUBJECT_BLOCKER = re.compile(r"\bthe\s+words?\b|\bkeywords?\b|\bletters?\b|capital|"
                              r"\bcaps\b|upper ?case", re.IGNORECASE)
_ANAPHOR = re.compile(r"\b(?:those|these|such|them|they)\b", re.IGNORECASE)


def _times_after(prompt: str, position: int, *, allow_blocker: bool = False) -> Optional[Count]:
    """The first count of occurrences after `position` in its sentence, unless another
    subject ("the word", "the letter", capitals) is named in between."""
    _, sentence_end = sentence_at(prompt, position)
    for count in counts(prompt):
        if count.start < position or count.start >= sentence_end:
            continue
        if count.unit not in ("times", "hashtags", "exclamations"):
            continue
        if not allow_blocker and _SUBJECT_BLOCKER.search(prompt, position, count.start):
            return None
        return count
    return None


@_finder("change_case:capital_word_frequency")
def _capital_words(prompt: str, params: Any) -> list[Statement]:
    own = ("case", "words", "times")
    found: list[Statement] = []
    used: set[int] = set()
    for count in counts(prompt):
        if count.unit in ("words", "phrases") and _is_capital_count(prompt, count):
            found.append(_count_statement(prompt, count, own))
            used.add(count.start)
    subjects = [match for kind, match in _case_mentions(prompt) if kind == "capital_words"]
    for match in subjects:
        clause_start, clause_end = clause_at(prompt, match.start())
        in_clause = [count for count in counts(prompt) if clause_start <= count.start < clause_end
                     and not count.soft and count.unit in ("words", "phrases", "times")]
        asks = re.search(r"\b(?:use|using|include|including|add|capitali[sz]e|have)\b",
                         prompt[clause_start:match.end() + 10], re.IGNORECASE)
        if not in_clause and asks:
            found.append(_statement(prompt, match.start(), match.end(), own, "count",
                                    low=1, high=INF, kind="soft"))
        count = _times_after(prompt, match.end(), allow_blocker=True)
        if count is None:
            # e.g. "Capitalise a few key words. Keep those words under 10." — the count sits in
            # the next sentence, pointed to by an anaphor.
            index = sentence_index(prompt, match.start())
            bounds = sentences(prompt)
            if 0 <= index + 1 < len(bounds):
                start, end = bounds[index + 1]
                if _ANAPHOR.search(prompt, start, end):
                    count = _times_after(prompt, start, allow_blocker=True)
        if count is not None and count.start not in used:
            used.add(count.start)
            found.append(_count_statement(prompt, count, own))
        elif count is None:
            found.append(_statement(prompt, match.start(), match.end(), own, "mention"))
    for count in counts(prompt):
        if count.soft and count.unit == "words" and _is_capital_count(prompt, count):
            found.append(_count_statement(prompt, count, own))
    return found


def _mentions(prompt: str, word: str) -> list[re.Match[str]]:
    """Case-insensitive mentions of a literal: whole-word ones if any, else substrings."""
    escaped = re.escape(word.strip())
    whole = list(re.finditer(r"(?<!\w)" + escaped + r"(?!\w)", prompt, re.IGNORECASE))
    return whole or list(re.finditer(escaped, prompt, re.IGNORECASE))


_KEYWORD_CUE = re.compile(r"keyword|\bwords?\b|include|mention|contain|use|appear|have|"
                          r"items|name|phrase|line", re.IGNORECASE)


@_finder("keywords:existence")
def _existence(prompt: str, params: Any) -> list[Statement]:
    found = []
    for keyword in getattr(params, "keywords", ()):
        for match in _mentions(prompt, keyword):
            found.append(_statement(prompt, match.start(), match.end(), ("keywords", "words"),
                                    "value", value=keyword))
    return found


def _count_for_subject(prompt: str, matches: list[re.Match[str]], own: tuple[str, ...],
                       value: str) -> list[Statement]:
    found = []
    for match in matches:
        count = _times_after(prompt, match.end())
        if count is not None:
            found.append(_count_statement(prompt, count, own))
    return found


@_finder("keywords:frequency")
def _frequency(prompt: str, params: Any) -> list[Statement]:
    own = ("keywords", "words", "times")
    keyword = getattr(params, "keyword", "")
    matches = _mentions(prompt, keyword)
    found = [_statement(prompt, match.start(), match.end(), own, "value", value=keyword)
             for match in matches]
    counted = _count_for_subject(prompt, matches, own, keyword)
    if not counted and matches:
        counted = _negated_mention(prompt, matches, own)
    if not counted and matches:
        # "... named "grid" ... includes the name of the company at least five times": an
        # occurrence count that no other subject claims.
        free = [count for count in counts(prompt) if count.unit == "times" and not
                _SUBJECT_BLOCKER.search(prompt, sentence_at(prompt, count.start)[0], count.start)]
        if len(free) == 1:
            counted = [_count_statement(prompt, free[0], own, kind="implied")]
    return found + counted


def _negated_mention(prompt: str, matches: list[re.Match[str]],
                     own: tuple[str, ...]) -> list[Statement]:
    """"avoid mentioning X" / "do not include the letter c": zero occurrences."""
    for match in matches:
        clause_start, _ = clause_at(prompt, match.start())
        negation = re.search(r"\b(?:avoid|without|not|never|don't|refrain|exclude)\b|n't\b",
                             prompt[max(clause_start, match.start() - 45):match.start()],
                             re.IGNORECASE)
        if negation:
            start = max(clause_start, match.start() - 45) + negation.start()
            return [_statement(prompt, start, match.end(), own, "count", low=0, high=0,
                               kind="neg")]
    return []


@_finder("keywords:forbidden_words")
def _forbidden(prompt: str, params: Any) -> list[Statement]:
    found = []
    for word in getattr(params, "forbidden_words", ()):
        for match in _mentions(prompt, word):
            found.append(_statement(prompt, match.start(), match.end(), ("keywords", "words"),
                                    "value", value=word))
    return found


_SYMBOL_NAMES = {"#": r"hashtags?|hash signs?|pound signs?",
                 "!": r"exclamation(?: marks?| points?)?", "?": r"question marks?",
                 "@": r"at signs?", "*": r"asterisks?"}


def letter_mentions(prompt: str) -> list[tuple[str, re.Match[str]]]:
    """Every "letter X" mention: (the lower-cased letter, match)."""
    return [(match.group("letter").lower(), match) for match in re.finditer(
        r"\bletters?\s+[\"'“‘]?(?P<letter>\w)[\"'”’]?(?!\w)", prompt, re.IGNORECASE)]


@_finder("keywords:letter_frequency")
def _letters(prompt: str, params: Any) -> list[Statement]:
    own = ("letter", "times")
    letter = getattr(params, "letter", "")
    if not letter:
        return []
    matches = [match for found_letter, match in letter_mentions(prompt) if found_letter == letter]
    if not letter.isalpha():
        names = _SYMBOL_NAMES.get(letter)
        pattern = re.escape(letter) + (("|" + names) if names else "")
        matches += list(re.finditer(pattern, prompt, re.IGNORECASE))
        matches.sort(key=lambda match: match.start())
    found = [_statement(prompt, match.start(), match.end(), own, "value", value=letter)
             for match in matches]
    counted = _count_for_subject(prompt, matches, own, letter)
    if not letter.isalpha():
        unit = {"#": "hashtags", "!": "exclamations"}.get(letter)
        counted += [_count_statement(prompt, count, own) for count in counts(prompt)
                    if unit and count.unit == unit]
    if not counted and matches:
        counted = _negated_mention(prompt, matches, own)
    return found + counted


# ----------------------------------------------------------------------------- language

LANGUAGE_NAMES: dict[str, tuple[str, ...]] = {
    "af": ("Afrikaans",), "ar": ("Arabic",), "bg": ("Bulgarian",), "bn": ("Bengali", "Bangla"),
    "ca": ("Catalan",), "cs": ("Czech",), "cy": ("Welsh",), "da": ("Danish",), "de": ("German",),
    "el": ("Greek",), "en": ("English",), "es": ("Spanish",), "et": ("Estonian",),
    "fa": ("Persian", "Farsi"), "fi": ("Finnish",), "fr": ("French",), "gu": ("Gujarati",),
    "he": ("Hebrew",), "hi": ("Hindi",), "hr": ("Croatian",), "hu": ("Hungarian",),
    "id": ("Indonesian",), "it": ("Italian",), "ja": ("Japanese",), "kn": ("Kannada",),
    "ko": ("Korean",), "lt": ("Lithuanian",), "lv": ("Latvian",), "mk": ("Macedonian",),
    "ml": ("Malayalam",), "mr": ("Marathi",), "ne": ("Nepali", "Nepalese"),
    "nl": ("Dutch",), "no": ("Norwegian",), "pa": ("Punjabi", "Panjabi"), "pl": ("Polish",),
    "pt": ("Portuguese",), "ro": ("Romanian",), "ru": ("Russian",), "sk": ("Slovak",),
    "sl": ("Slovenian", "Slovene"), "so": ("Somali",), "sq": ("Albanian",),
    "sv": ("Swedish",), "sw": ("Swahili", "Kiswahili"), "ta": ("Tamil",), "te": ("Telugu",),
    "th": ("Thai",), "tl": ("Tagalog", "Filipino"), "tr": ("Turkish",),
    "uk": ("Ukrainian",), "ur": ("Urdu",), "vi": ("Vietnamese",),
    "zh-cn": ("Chinese", "Mandarin", "Simplified Chinese"),
    "zh-tw": ("Chinese", "Mandarin", "Traditional Chinese"),
}


@functools.lru_cache(maxsize=1)
def _language_pattern() -> re.Pattern[str]:
    names = sorted({name for names in LANGUAGE_NAMES.values() for name in names}, key=len,
                   reverse=True)
    return re.compile(r"\b(?:" + "|".join(names) + r")\b")


def language_mentions(prompt: str) -> list[re.Match[str]]:
    """Capitalised language names in the prompt ("Kannada", "Simplified Chinese")."""
    return list(_language_pattern().finditer(prompt))


_RESPONSE_LANGUAGE_CUE = re.compile(
    r"\b(?:in|only|entirely|using|use|write|respond|answer|reply|language)\b", re.IGNORECASE)


@_finder("language:response_language")
def _language(prompt: str, params: Any) -> list[Statement]:
    code = getattr(params, "language", "")
    names = LANGUAGE_NAMES.get(code, ())
    found = []
    for match in language_mentions(prompt):
        role = "value" if match.group() in names else "other_language"
        found.append(_statement(prompt, match.start(), match.end(), ("language",), role,
                                value=match.group()))
    return found


# ----------------------------------------------------------------------------- start / end

_POSTSCRIPT_MARK = re.compile(r"\bP\.\s?(?:P\.\s?)*S\b\.?", re.IGNORECASE)
_POSTSCRIPT_WORD = re.compile(r"\bpost[- ]?script\b|\bpost script\b", re.IGNORECASE)


def postscript_p_count(marker: str) -> Optional[int]:
    """2 for "P.P.S", 1 for "P.S."; None for markers of another shape."""
    match = re.fullmatch(r"\s*((?:P\.?\s?)+)S\.?\s*", marker, re.IGNORECASE)
    return match.group(1).upper().count("P") if match else None


@_finder("detectable_content:postscript")
def _postscript(prompt: str, params: Any) -> list[Statement]:
    own = ("postscript",)
    marker = getattr(params, "postscript_marker", "")
    found = []
    if postscript_p_count(marker) is not None:
        marks = list(_POSTSCRIPT_MARK.finditer(prompt))
    else:
        marks = list(re.finditer(re.escape(marker), prompt, re.IGNORECASE)) if marker else []
    for match in marks:
        found.append(_statement(prompt, match.start(), match.end(), own, "value",
                                value=match.group()))
    for match in _POSTSCRIPT_WORD.finditer(prompt):
        found.append(_statement(prompt, match.start(), match.end(), own, "mention"))
    return found


_END_CUE = re.compile(r"\b(?:end|ends|ending|finish|finished|conclude|close)\b|very end|"
                      r"last (?:sentence|line|words?)|should read", re.IGNORECASE)
_QUOTED = re.compile(r"\"([^\"\n]+)\"|“([^”\n]+)”")
_FOLLOW_UP = re.compile(r"\s*(?:No (?:other|additional)|Do not say anything|Nothing else|"
                        r"This phrase should)[^.!?\n]*[.!?]?[\"”'’]?", re.IGNORECASE)


def _normalise(text: str) -> str:
    return " ".join(text.lower().split())


def find_literal(prompt: str, phrase: str) -> Optional[tuple[int, int]]:
    """Where `phrase` occurs, ignoring case and runs of whitespace."""
    words = phrase.strip().split()
    if not words:
        return None
    pattern = r"\s+".join(re.escape(word) for word in words)
    match = re.search(pattern, prompt, re.IGNORECASE)
    return (match.start(), match.end()) if match else None


@_finder("startend:end_checker")
def _end_phrase(prompt: str, params: Any) -> list[Statement]:
    own = ("end", "quotation")
    phrase = getattr(params, "end_phrase", "")
    cues = list(_END_CUE.finditer(prompt))
    where = _end_phrase_position(prompt, phrase, cues) if phrase.strip() else None
    if where is None:
        # Offer what the prompt quotes after its "end with" cue, for the message.
        for cue in cues:
            quoted = _QUOTED.search(prompt, cue.end(), min(len(prompt), cue.end() + 120))
            if quoted:
                text = quoted.group(1) or quoted.group(2)
                return [_statement(prompt, cue.start(), quoted.end(), own, "other_value",
                                   value=text)]
        return []
    start, end = where
    cue_start = start
    for cue in reversed(cues):
        if cue.start() < start and sentence_index(prompt, cue.start()) >= \
                sentence_index(prompt, start) - 3:
            cue_start = cue.start()
            break
    while end < len(prompt) and prompt[end] in "\"”'’":
        end += 1
    span = constraint_span(prompt, cue_start, end, own)
    follow = _FOLLOW_UP.match(prompt, span.end)
    if follow and span.end >= end:
        span = make_span(prompt, span.start, follow.end())
    return [Statement(span=span, phrase=make_span(prompt, where[0], where[1]), role="value",
                      value=phrase)]


def _end_phrase_position(prompt: str, phrase: str,
                         cues: list[re.Match[str]]) -> Optional[tuple[int, int]]:
    """The occurrence of the end phrase that follows an "end with" cue (else the first one)."""
    words = phrase.strip().split()
    pattern = re.compile(r"\s+".join(re.escape(word) for word in words), re.IGNORECASE)
    occurrences = list(pattern.finditer(prompt))
    for occurrence in occurrences:
        if any(0 <= occurrence.start() - cue.end() <= 150 for cue in cues):
            return occurrence.start(), occurrence.end()
    return (occurrences[0].start(), occurrences[0].end()) if occurrences else None


_QUOTATION = re.compile(r"double quot\w*|quotation marks?|\bin quotes\b|\bquotes\b|"
                        r"\bquotation\b", re.IGNORECASE)


@_finder("startend:quotation")
def _quotation(prompt: str, params: Any) -> list[Statement]:
    return [_statement(prompt, match.start(), match.end(), ("quotation",), "mention")
            for match in _QUOTATION.finditer(prompt)]


_COMMA = re.compile(r"\bcommas?\b", re.IGNORECASE)
_COMMA_NEGATION = re.compile(r"\b(?:no|not|without|avoid|refrain|never|cannot|can't|don't|free|"
                             r"exclude|forbid\w*)\b|n't\b|not allowed|are not", re.IGNORECASE)


@_finder("punctuation:no_comma")
def _no_comma(prompt: str, params: Any) -> list[Statement]:
    found = []
    for match in _COMMA.finditer(prompt):
        clause_start, clause_end = clause_at(prompt, match.start())
        negations = list(_COMMA_NEGATION.finditer(prompt, clause_start, match.start()))
        if negations:
            start = negations[-1].start()
        elif _COMMA_NEGATION.search(prompt, match.end(), clause_end):
            start = match.start()  # "commas are not allowed"
        else:
            continue
        found.append(_statement(prompt, start, match.end(), ("comma",), "mention"))
    return found


# ----------------------------------------------------------------------------- combination

_SEPARATOR_RUN = re.compile(r"\*{4,}")
_SIX_ASTERISKS = re.compile(r"\b(?:6|six)\s+asterisks?", re.IGNORECASE)


@_finder("combination:two_responses")
def _two_responses(prompt: str, params: Any) -> list[Statement]:
    own = ("separator",)
    found = [_statement(prompt, match.start(), match.end(), own, "format", value=match.group())
             for match in _SEPARATOR_RUN.finditer(prompt)]
    found += [_statement(prompt, match.start(), match.end(), own, "mention")
              for match in _SIX_ASTERISKS.finditer(prompt)]
    return found


_REPEAT = re.compile(r"\brep(?:l)?eat", re.IGNORECASE)


def repeat_instruction(prompt: str, text: str) -> Optional[tuple[Span, str]]:
    """The repeat instruction outside the text to repeat, and where it says the text is
    ('above', 'below' or '')."""
    where = prompt.find(text.strip()) if text.strip() else -1
    if where < 0:
        cue = _REPEAT.search(prompt)
        if not cue:
            return None
        start, end = sentence_at(prompt, cue.start())
        return make_span(prompt, start, end), _direction(prompt[start:end])
    before = (0, where)
    after = (where + len(text.strip()), len(prompt))
    for start, end in (after, before):
        cue = _REPEAT.search(prompt, start, end)
        if cue:
            if (start, end) == after:
                # The instruction begins with the sentence that asks to repeat; any text before
                # it still belongs to the request.
                start = max(start, sentence_at(prompt, cue.start())[0])
            while start < end and prompt[start].isspace():
                start += 1
            while end > start and prompt[end - 1].isspace():
                end -= 1
            return make_span(prompt, start, end), _direction(prompt[start:end])
    return None


def _direction(instruction: str) -> str:
    lowered = instruction.lower()
    if re.search(r"\b(?:above|first line|previous|preceding)\b", lowered):
        return "above"
    if re.search(r"\b(?:below|following|next)\b", lowered):
        return "below"
    return ""


@_finder("combination:repeat_prompt")
def _repeat(prompt: str, params: Any) -> list[Statement]:
    text = getattr(params, "prompt_to_repeat", "")
    found = repeat_instruction(prompt, text)
    if found is None:
        return []
    span, direction = found
    cue = _REPEAT.search(prompt, span.start, span.end)
    phrase = make_span(prompt, cue.start(), cue.end()) if cue else span
    return [Statement(span=span, phrase=phrase, role="mention", value=direction)]
