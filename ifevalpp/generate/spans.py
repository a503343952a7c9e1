"""A lightweight finder of where a prompt states a constraint (the generators' fallback).

`Constraint.locate` (the validator's finder) is the authority; this module
covers types whose `locate` is not available and adds two things the
generators need on top of it: *value* spans, which hold the parameter itself
("at least 300 words", '"sneaker"', "P.P.S") and can be edited in place, and
*mention* spans, which only talk about the constraint ("separated by the
markdown divider ***", "no other words should follow").
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional

from ..constraints.support.languages import ENGLISH_NAMES as LANGUAGE_NAMES

NUMBER_WORDS: dict[str, int] = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
}
TIMES_WORDS: dict[str, int] = {"once": 1, "twice": 2, "thrice": 3}

NUM = r"(?:\d+|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
_REL_BEFORE = (r"(?:(?:at least|at most|less than|fewer than|more than|no more than|no less than|"
               r"no fewer than|not more than|not less than|longer than|shorter than|under|over|"
               r"exactly|only|just|a minimum of|a maximum of|minimum of|maximum of|up to|below|"
               r"above|a total of|precisely)\s+)?")
_REL_AFTER = r"(?:\s*\+|\s+or\s+(?:more|fewer|less|above|below|under|over))?"
_TRAIL = r"(?:\s+or\s+(?:more|fewer|less)|\s+at\s+(?:least|most)|\s+in\s+total)?"
_TIMES = (_REL_BEFORE + r"(?:" + NUM + r"(?:\s*\+)?" + r"(?:\s+or\s+(?:more|fewer|less))?\s+times|"
          r"once|twice|thrice)" + _TRAIL)

ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
            "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10}

Spans = list[tuple[int, int]]


@dataclass
class Found:
    mentions: Spans = field(default_factory=list)
    values: Spans = field(default_factory=list)


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


def _near(value: int, text: str, slack: int = 1) -> bool:
    return any(abs(number - value) <= slack for _, _, number in numbers_in(text))


@functools.lru_cache(maxsize=512)
def _rx(pattern: str, flags: int = re.IGNORECASE) -> re.Pattern[str]:
    return re.compile(pattern, flags)


def _all(pattern: str, text: str, flags: int = re.IGNORECASE) -> Spans:
    return [(match.start(), match.end()) for match in _rx(pattern, flags).finditer(text)]


def _sentence_bounds(text: str, position: int) -> tuple[int, int]:
    """The stretch around `position` not crossing a line break or a sentence end."""
    line_start = max(text.rfind("\n", 0, position), -1) + 1
    left = line_start
    for match in re.finditer(r"[.!?](?=\s)", text[line_start:position]):
        if not text[line_start:line_start + match.start() + 1].endswith(("i.e.", "e.g.")):
            left = line_start + match.end()
    right_line = text.find("\n", position)
    right = len(text) if right_line < 0 else right_line
    match = re.search(r"[.!?](?=\s|$)", text[position:right])
    if match:
        right = position + match.end()
    return left, right


def counted(text: str, noun: str, value: int, *, slack: int = 1) -> Spans:
    """'at least 300 words', '300+ word', '400 or more words', 'five paragraphs'."""
    pattern = _REL_BEFORE + r"\b(" + NUM + r")" + _REL_AFTER + r"[- ]?(?:" + noun + r")\b" + _TRAIL
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
        left, right = _sentence_bounds(text, match.start())
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


def _value_check(value: int, slack: int = 1) -> Callable[[str], bool]:
    return lambda text: _near(value, text, slack)


def _word_pattern(word: str) -> str:
    return r"(?<![\w])" + re.escape(word) + r"(?![\w])"


# ---------------------------------------------------------------- per-type finders


def _no_comma(prompt: str, params: Any) -> Found:
    return Found(mentions=_all(r"\bcommas?\b", prompt))


def _quotation(prompt: str, params: Any) -> Found:
    return Found(mentions=_all(r"double[- ]quot\w*(?:\s+marks?)?|quotation\s+marks?|"
                               r"double\s+quotes|\bin\s+quotes\b|quotes\s+around", prompt))


def _english(prompt: str) -> Spans:
    return _all(r"\bEnglish\b", prompt, 0)


def _capital(prompt: str, params: Any) -> Found:
    mentions = _all(r"\b(?:all\s+)?capital(?:s|ized|ised)?(?:\s+letters?)?\b|\bupper\s?case\b|"
                    r"\ball[- ]caps\b|\bcapitali[sz]e\w*|\bno\s+lower\s?case\b|"
                    r"\blower\s?case\s+letters?\s+(?:are\s+)?not\s+allowed", prompt)
    mentions += _all(r"\bCAPITAL\b|\bCAPS\b", prompt, 0)
    return Found(mentions=mentions + _english(prompt))


def _lowercase(prompt: str, params: Any) -> Found:
    mentions = _all(r"\blower\s?-?case(?:\s+letters?)?\b|\bno\s+capital(?:\s+letters?)?\b|"
                    r"\bcapital\s+letters?\b|\bcapitali[sz]ation\b|\bcapitals\b", prompt)
    return Found(mentions=mentions + _english(prompt))


_CAPITAL_WORDS = (r"(?:words?\s+(?:with|in|that\s+are\s+in)\s+all\s+capital(?:\s+letters)?|"
                  r"all[- ]caps?(?:\s+words?)?|words?\s+in\s+all\s+caps|all[- ]capital(?:ized)?\s+"
                  r"words?|capitali[sz]ed\s+words?|capital\s+words?|upper\s?case\s+words?|"
                  r"words?\s+(?:with\s+|in\s+)?all\s+capital\s+letters|words?\s+be\s+in\s+all\s+"
                  r"capital\s+letters|words\s+with\s+all\s+capital\s+letters|"
                  r"capital\s+letters|all\s+capitals)")


def _capital_frequency(prompt: str, params: Any) -> Found:
    value = params.capital_frequency
    values = near(prompt, _CAPITAL_WORDS, _REL_BEFORE + NUM + r"(?:\s+times)?" + _TRAIL,
                  _value_check(value))
    values += counted(prompt, r"(?:capitali[sz]ed\s+|all[- ]caps?\s+|capital\s+|upper\s?case\s+)"
                              r"words?|words\s+be\s+in\s+all\s+capital\s+letters", value)
    return Found(mentions=_all(_CAPITAL_WORDS, prompt), values=values)


def _language(prompt: str, params: Any) -> Found:
    name = LANGUAGE_NAMES.get(params.language, params.language)
    names = {name}
    if params.language.startswith("zh"):
        names |= {"Chinese", "Mandarin"}
    if params.language == "fa":
        names |= {"Farsi"}
    values = []
    for item in names:
        values += _all(r"\b" + re.escape(item) + r"\b", prompt)
    mentions = _all(r"no\s+other\s+language(?:s)?(?:\s+is\s+allowed)?|only\s+(?:in\s+)?the\s+\w+\s+"
                    r"language|\blanguage\b", prompt)
    mentions = [span for span in mentions if _shares_sentence(prompt, span, values)]
    return Found(mentions=mentions, values=values)


def _shares_sentence(prompt: str, span: tuple[int, int], others: Iterable[tuple[int, int]]) -> bool:
    left, right = _sentence_bounds(prompt, span[0])
    return any(left <= start < right for start, _ in others)


def _keywords(prompt: str, words: list[str], cue: str) -> Spans:
    spans = []
    for word in words:
        for start, end in _all(_word_pattern(word), prompt):
            left, _ = _sentence_bounds(prompt, start)
            context = prompt[max(left, start - 120):start]
            quoted = start > 0 and prompt[start - 1] in "\"'“‘" and end < len(prompt) and \
                prompt[end] in "\"'”’"
            if quoted or re.search(cue, context, re.IGNORECASE):
                spans.append((start, end))
    return spans


_INCLUDE_CUE = r"key\s?words?|\bwords?\b|include|mention|contain|\buse\b|using|phrase|with"
_FORBID_CUE = (r"\bnot\b|n't|avoid|without|exclude|never|refrain|forbid|\bno\b|prohibit|"
               r"except|other than")


def _existence(prompt: str, params: Any) -> Found:
    values = _keywords(prompt, list(params.keywords), _INCLUDE_CUE)
    mentions = [span for span in _all(r"\bkey\s?words?\b", prompt)
                if _shares_sentence(prompt, span, values)]
    return Found(mentions=mentions, values=values)


def _forbidden(prompt: str, params: Any) -> Found:
    values = _keywords(prompt, list(params.forbidden_words), _FORBID_CUE)
    mentions = [span for span in _all(r"\bkey\s?words?\b|\bthe\s+words?\b", prompt)
                if _shares_sentence(prompt, span, values)]
    return Found(mentions=mentions, values=values)


def _frequency(prompt: str, params: Any) -> Found:
    word = params.keyword
    values = near(prompt, r"(?:(?:the\s+)?(?:key\s?)?words?\s+|the\s+name\s+)?[\"'“‘]?" +
                  re.escape(word) + r"[\"'”’]?(?!\w)", _TIMES, _frequency_check(params),
                  window=80)
    if not values:
        values = [(start, end) for start, end in _keywords(prompt, [word], _INCLUDE_CUE +
                                                            "|" + _FORBID_CUE)]
    return Found(values=values)


def _frequency_check(params: Any) -> Callable[[str], bool]:
    value = params.frequency
    return lambda text: _near(value, text, 1)


_LETTER_NOUNS = {"!": r"exclamation\s+(?:marks?|points?)", "#": r"hashtags?|hash\s+signs?",
                 "?": r"question\s+marks?", "@": r"at\s+signs?"}


def _letter(prompt: str, params: Any) -> Found:
    letter = re.escape(params.letter)
    trigger = (r"(?:(?:the\s+)?(?:letter|character|symbol)s?\s+[\"'“‘]?" + letter +
               r"(?![\w])[\"'”’]?|[\"'“‘]" + letter + r"[\"'”’])")
    noun = _LETTER_NOUNS.get(params.letter)
    if noun:
        trigger = r"(?:" + trigger + r"|" + noun + r"(?:\s*[\"'“(]?" + letter + r"[\"'”)]?)?)"
    flags = re.IGNORECASE if params.letter.isalpha() else 0
    values = near(prompt, trigger, _REL_BEFORE + r"(?:" + NUM + r"(?:\s*\+)?\s+times|once|twice|" +
                  NUM + r")" + _TRAIL, _value_check(params.let_frequency), window=80,
                  flags=flags)
    if not values:
        values = near(prompt, trigger, r"anywhere|at all|not\s+(?:use|include)|do not|don't|"
                      r"without|avoid|never", lambda _: params.let_relation == "less than" and
                      params.let_frequency <= 1, window=80, flags=flags)
    mentions = _all(trigger, prompt, flags)
    return Found(mentions=mentions, values=values)


def _words(prompt: str, params: Any) -> Found:
    return Found(values=counted(prompt, r"words?", params.num_words))


def _sentences(prompt: str, params: Any) -> Found:
    return Found(values=counted(prompt, r"sentences?", params.num_sentences))


_DIVIDER = (r"markdown\s+dividers?\s*:?\s*\*\*\*|\bdividers?\b|(?<!\*)\*\*\*(?!\*)|three\s+"
            r"asterisks?|3\s+a\w*erisks?(?:\s+symbols?)?")


def _paragraphs(prompt: str, params: Any) -> Found:
    values = counted(prompt, r"paragraphs?|sections?|parts?", params.num_paragraphs, slack=0)
    return Found(mentions=_all(_DIVIDER, prompt), values=values)


_BLANK_LINES = (r"(?:two|2|double)\s+(?:new\s?lines?|line\s?breaks?|newline\s+characters?)|"
                r"blank\s+lines?|\\n\\n|empty\s+lines?|new\s?lines?")


def _nth_paragraph(prompt: str, params: Any) -> Found:
    values = counted(prompt, r"paragraphs?", params.num_paragraphs, slack=0)
    word = re.escape(params.first_word)
    values += _all(r"[\"'“‘]?" + word + r"[\"'”’]?(?!\w)", prompt)
    ordinal = [name for name, number in ORDINALS.items() if number == params.nth_paragraph]
    position = (r"(?:" + "|".join(ordinal + [str(params.nth_paragraph) + r"(?:st|nd|rd|th)",
                                             r"paragraph\s+" + str(params.nth_paragraph)]) +
                (r"|last|final" if params.nth_paragraph == params.num_paragraphs else "") +
                r"|very\s+first" + r")")
    starts = near(prompt, position, r"(?:start|begin)s?\s+with\s+(?:the\s+word\s+)?[\"'“‘]?" +
                  word, lambda _: True, window=70)
    values += starts
    return Found(mentions=_all(_BLANK_LINES, prompt), values=values)


def _placeholders(prompt: str, params: Any) -> Found:
    values = counted(prompt, r"placeholders?", params.num_placeholders, slack=0)
    values += near(prompt, r"placeholders?", _REL_BEFORE + NUM, _value_check(
        params.num_placeholders, 0), window=40)
    return Found(mentions=_all(r"placeholders?|square\s+brackets?", prompt), values=values)


def _bullets(prompt: str, params: Any) -> Found:
    values = counted(prompt, r"(?:markdown\s+)?(?:bullet(?:[- ]?points?)?|bullet\s+lists?|"
                             r"points?|items?)", params.num_bullets, slack=0)
    return Found(mentions=_all(r"bullet[- ]?(?:points?|lists?|s)?|markdown\s+bullets?", prompt),
                 values=values)


def _highlights(prompt: str, params: Any) -> Found:
    values = near(prompt, r"highlight\w*|itali\w*", _REL_BEFORE + NUM + r"(?:\s+(?:text\s+)?"
                  r"(?:sections?|parts?|words?|phrases?|key\s+points?|points?))?",
                  _value_check(params.num_highlights, 0), window=70)
    values += counted(prompt, r"(?:highlighted\s+)?(?:text\s+)?sections?(?=[^.]{0,40}highlight)",
                      params.num_highlights, slack=0)
    return Found(mentions=_all(r"highlight\w*|itali\w*|\*highlighted section\*", prompt), values=values)


def _sections(prompt: str, params: Any) -> Found:
    splitter = re.escape(params.section_spliter)
    marks = _all(r"[\"'“‘]?\b" + splitter + r"\s*(?:X|\d+|[IVX]+|\{\w*\}|N|#)?\b[\"'”’]?", prompt, 0)
    values = marks + counted(prompt, r"sections?|parts?|paragraphs?|days?|" + splitter + "s?",
                             params.num_sections, slack=0)
    return Found(mentions=marks, values=values)


def _postscript(prompt: str, params: Any) -> Found:
    marker = params.postscript_marker
    if marker.upper().startswith("P.P.S"):
        values = _all(r"P\.\s?P\.\s?S\.?", prompt, 0)
    elif marker.upper().startswith("P.S"):
        values = [span for span in _all(r"P\.\s?S\.?", prompt, 0)
                  if not prompt[max(0, span[0] - 2):span[0]].endswith("P.")]
    else:
        values = _all(re.escape(marker), prompt, 0)
    return Found(mentions=_all(r"post\s?-?script", prompt), values=values)


def _end_checker(prompt: str, params: Any) -> Found:
    phrase = params.end_phrase.strip()
    values = _all(re.escape(phrase), prompt)
    if not values and phrase.endswith((".", "!", "?")):
        values = _all(re.escape(phrase[:-1]), prompt)
    mentions = _all(r"no\s+(?:other|additional|more)\s+words?\s+(?:should|can|may|must)?\s*"
                    r"(?:follow|come\s+after)\w*[^.\n]*|nothing\s+(?:else\s+)?(?:should\s+)?"
                    r"(?:follow|come\s+after)\w*[^.\n]*|with\s+no\s+other\s+words\s+after[^.\n]*",
                    prompt)
    return Found(mentions=mentions, values=values)


def _title(prompt: str, params: Any) -> Found:
    return Found(mentions=_all(r"double\s+angular\s+brackets?|<<[^<>\n]{0,80}>>|\btitles?\b",
                               prompt))


def _json(prompt: str, params: Any) -> Found:
    return Found(mentions=_all(r"\bJSON\b|markdown\s+ticks|```", prompt))


def _constrained(prompt: str, params: Any) -> Found:
    values = _all(r"[\"”“']?My answer is (?:yes|no|maybe)\.?[\"”“']?", prompt, 0)
    mentions = _all(r"(?:exactly\s+)?one\s+of\s+the\s+following(?:\s+exact)?\s+phrases|"
                    r"choose\s+from\s+the\s+following|following\s+options", prompt)
    return Found(mentions=mentions, values=values)


def _two_responses(prompt: str, params: Any) -> Found:
    return Found(mentions=_all(r"\*{6,}|(?:six|6)\s+asterisks?(?:\s+symbols?)?|two\s+(?:different|"
                               r"distinct|separate)\s+(?:responses|answers|versions)|"
                               r"two\s+(?:responses|answers)", prompt))


FINDERS: dict[str, Callable[[str, Any], Found]] = {
    "punctuation:no_comma": _no_comma,
    "startend:quotation": _quotation,
    "startend:end_checker": _end_checker,
    "change_case:english_capital": _capital,
    "change_case:english_lowercase": _lowercase,
    "change_case:capital_word_frequency": _capital_frequency,
    "language:response_language": _language,
    "keywords:existence": _existence,
    "keywords:forbidden_words": _forbidden,
    "keywords:frequency": _frequency,
    "keywords:letter_frequency": _letter,
    "length_constraints:number_words": _words,
    "length_constraints:number_sentences": _sentences,
    "length_constraints:number_paragraphs": _paragraphs,
    "length_constraints:nth_paragraph_first_word": _nth_paragraph,
    "detectable_content:number_placeholders": _placeholders,
    "detectable_content:postscript": _postscript,
    "detectable_format:number_bullet_lists": _bullets,
    "detectable_format:number_highlighted_sections": _highlights,
    "detectable_format:multiple_sections": _sections,
    "detectable_format:title": _title,
    "detectable_format:json_format": _json,
    "detectable_format:constrained_response": _constrained,
    "combination:two_responses": _two_responses,
}


def find(instruction_id: str, prompt: str, params: Any) -> Found:
    """Mention and value spans of one constraint in `prompt` (empty when nothing is found)."""
    finder = FINDERS.get(instruction_id)
    if finder is None:
        return Found()
    found = finder(prompt, params)
    return Found(sorted(set(found.mentions)), sorted(set(found.values)))
