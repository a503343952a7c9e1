"""The reverse of reflection: constraints the prompt states that the case does not store,
and misspelt constraint words.

`REFLECT_NOT_STORED`: the prompt clearly states a constraint of one of the 25
types, but no instruction of that type is in `instruction_id_list`, so the
checker never enforces it. Only clear statements count (a hard count with its
unit, a literal marker such as `<<title>>`, `******` or "P.S.", an explicit
"all lowercase", "no commas", "wrap ... in double quotation marks"); a phrase
that some stored instruction already accounts for is skipped. Both are
warnings: the case still scores fairly what it stores.

`AMBIGUOUS_TYPO`: a word of constraint vocabulary misspelt ("repleat",
"aterisk") or a doubled small word ("the the") in a sentence that states a
constraint. Only a curated list is matched, so every hit is a real typo.
"""

from __future__ import annotations

import functools
import re
from typing import Callable, Optional

from ..constraints.base import Span
from .context import CaseContext
from .findings import Finding, make_finding
from .locate import (Statement, _case_mentions, language_mentions, letter_mentions, statements,
                     _times_after)
from ..constraints.support.phrases import clause_at, constraint_span, counts, make_span, quote, sentence_at
from .reflect import statements_of

# Count kinds that state a number plainly (not "a few", "about", or a count inferred elsewhere).
_HARD_KINDS = frozenset({"ge", "gt", "lt", "le", "eq", "range", "bare"})

_COUNT_TYPES = (
    ("length_constraints:number_words", "words"),
    ("length_constraints:number_sentences", "sentences"),
    ("length_constraints:number_paragraphs", "paragraphs"),
    ("detectable_format:number_bullet_lists", "bullets"),
    ("detectable_format:number_highlighted_sections", None),
    ("detectable_content:number_placeholders", "placeholders"),
    ("change_case:capital_word_frequency", None),
)

# Unstored types that a stored type already enforces (or whose words it already explains).
_COVERED_BY = {
    "length_constraints:number_paragraphs": ("length_constraints:nth_paragraph_first_word",),
    # "Mention the keyword 'x' more than 5 times": the frequency checker requires it too.
    "keywords:existence": ("keywords:frequency",),
    # "At least 5 words ... in all caps" is about some words, not the whole response.
    "change_case:english_capital": ("change_case:capital_word_frequency",),
    "change_case:english_lowercase": ("change_case:capital_word_frequency",),
}

Phrase = tuple[int, int]
"""Where a candidate statement's words are (start, end offsets)."""
Finder = Callable[[str], list[Phrase]]


_NOT_A_BOUND = re.compile(r"\b(?:first|last|next|previous|following|above|below|"
                          r"single|not|no)\s+(?:\w+\s+)?$", re.IGNORECASE)
_ABOUT_REPEAT = re.compile(r"\brepeat|\brequest\b", re.IGNORECASE)


def _counts_of(instruction_id: str, unit: Optional[str]) -> Finder:
    def find(prompt: str) -> list[Phrase]:
        found: list[Phrase] = []
        units = _hard_units(prompt)
        if not units or (unit is not None and unit not in units):
            return found  # cheap: no plain count of this unit at all
        for statement in statements(instruction_id, prompt, None):
            if statement.role != "count" or statement.kind not in _HARD_KINDS:
                continue
            if unit is not None and not _unit_word(prompt, statement, unit):
                continue
            start = statement.phrase.start
            if _NOT_A_BOUND.search(prompt[max(0, start - 30):start]) or \
                    re.match(r"(?:a\s+)?single\b", statement.phrase.text, re.IGNORECASE):
                continue  # "the first four sentences", "not a single word"
            if _ABOUT_REPEAT.search(prompt, *sentence_at(prompt, start)):
                continue  # "the request you need to repeat contains the first 4 sentences"
            found.append((statement.phrase.start, statement.phrase.end))
        return found
    return find


@functools.lru_cache(maxsize=64)
def _hard_units(prompt: str) -> frozenset[Optional[str]]:
    return frozenset(count.unit for count in counts(prompt) if count.kind in _HARD_KINDS)


def _unit_word(prompt: str, statement: Statement, unit: str) -> bool:
    """The counted noun itself is in the phrase ("300 words", not "300 parts" read as
    paragraphs through a divider mention)."""
    stem = {"words": r"words?", "sentences": r"sentences?", "paragraphs": r"paragraphs?",
            "bullets": r"bullet", "placeholders": r"placeholders?"}[unit]
    return bool(re.search(r"\b" + stem, statement.phrase.text, re.IGNORECASE))


def _pattern(pattern: re.Pattern[str],
             accept: Optional[Callable[[str, re.Match[str]], bool]] = None) -> Finder:
    def find(prompt: str) -> list[Phrase]:
        return [(match.start(), match.end())
                for match in pattern.finditer(prompt) if accept is None or accept(prompt, match)]
    return find


_TITLE = re.compile(r"<<[^<>\n]+>>|double angular brackets", re.IGNORECASE)
_SIX = re.compile(r"(?<!\*)\*{6}(?!\*)|\bsix asterisks\b", re.IGNORECASE)
_ANSWER = re.compile(r"My answer is (?:yes|no|maybe)\b", re.IGNORECASE)
_PS = re.compile(r"(?<!\w)P\.\s?(?:P\.\s?)*S\.|\bpostscript\b|\bpost script\b", re.IGNORECASE)
_END = re.compile(r"\b(?:end|finish|conclude)(?:s|ing)?\s+(?:your\s+\w+|it|the\s+\w+|"
                  r"(?:each|every)\s+\w+)\s+with\s+(?:the\s+|this\s+)?(?:exact\s+)?"
                  r"(?:phrase|sentence|words?)\b|\b(?:end|finish|conclude)(?:s|ing)?\s+"
                  r"(?:your\s+\w+\s+|it\s+)?with\s+[\"“]", re.IGNORECASE)
_WRAP = re.compile(r"\b(?:wrap|enclose|surround|put)\w*\s+(?:your\s+|the\s+)?(?:entire\s+|"
                   r"whole\s+|full\s+)?(?:response|answer|output|reply)\b[^.\n]{0,40}?"
                   r"(?:double quot\w*(?: marks?)?|quotation marks?)|"
                   r"\b(?:wrap|enclose|surround)\w*\s+(?:it|everything)\b[^.\n]{0,20}?"
                   r"double quot\w*(?: marks?)?", re.IGNORECASE)
_JSON = re.compile(r"\b(?:in|as|into|using|use)\s+(?:a\s+|valid\s+|the\s+)?JSON\b|"
                   r"\bJSON\s+(?:format|object|output|code)\b", re.IGNORECASE)
_SECTION_LABEL = re.compile(r"\b(?:SECTION|Section|PART|Part|Chapter|CHAPTER)\s+(?:X|1|I)\b")
_SECTION_CUE = re.compile(r"\bmark\w*\s+the\s+beginning\s+of\s+each\b|\bsections?\b|\bparts?\b",
                          re.IGNORECASE)
_REPEAT = re.compile(r"\brepeat\s+(?:the|this|my)\s+(?:request|question|prompt|instruction)|"
                     r"\brepeat\b[^.\n]{0,40}\bword for word\b", re.IGNORECASE)
_KEYWORDS = re.compile(r"\b(?:include|use|mention|contain|incorporate)\w*\s+(?:the\s+)?"
                       r"keywords?\b", re.IGNORECASE)
_COMMA_WORD = re.compile(r"\bcommas?\b", re.IGNORECASE)
_NEGATION = re.compile(r"\b(?:no|not|never|without|avoid\w*|refrain|exclude)\b|n't\b",
                       re.IGNORECASE)


def _not_negated(prompt: str, match: re.Match[str]) -> bool:
    start, _ = clause_at(prompt, match.start())
    return not _NEGATION.search(prompt, max(start, match.start() - 30), match.start())
_FORBIDDEN = re.compile(r"\b(?:do not|don't|never|avoid|without|refrain from)\s+(?:use\s+|using\s+|"
                        r"include\s+|including\s+|say\s+|saying\s+|mention\s+|mentioning\s+)?"
                        r"(?:the\s+|any\s+of\s+the\s+)?(?:words?|keywords?)\s+[\"“'‘]",
                        re.IGNORECASE)
_WORD_TIMES = re.compile(r"\bthe\s+(?:word|keyword)\s+[\"“'‘]?\w+", re.IGNORECASE)
_LANGUAGE_CUE = re.compile(r"(?:\b(?:respond|response|answer|reply|write|written|writing)\b"
                           r"[^.\n]{0,30}\bin\s+|\b(?:only|entirely|wholly)\s+(?:in\s+)?|"
                           r"\busing\s+(?:only\s+)?)(?:the\s+)?$", re.IGNORECASE)
_CASE_LEAD = re.compile(r"\b(?:all|entirely|only|whole|entire)\b", re.IGNORECASE)
# "Answer with lowercase letters", "respond in capital letters": the whole response.
_CASE_VERB = re.compile(r"\b(?:answer|respond|reply|write|written|response)\s+(?:\w+\s+)?"
                        r"(?:in|with|using)\s+$", re.IGNORECASE)
_COMMA_LIMIT = re.compile(r"\bno\s+more\s+than\b|\bnot\s+more\s+than\b|\bfewer\b|\bless\b|"
                          r"\bat most\b|\bexcept\b|\bonly\b", re.IGNORECASE)


def _case(kind: str) -> Finder:
    def find(prompt: str) -> list[Phrase]:
        found = []
        for found_kind, match in _cached_case_mentions(prompt):
            if found_kind != kind:
                continue
            start, end = clause_at(prompt, match.start())
            lead = prompt[max(start, match.start() - 40):match.end()]
            whole = _CASE_LEAD.search(lead) or _CASE_VERB.search(prompt, max(
                start, match.start() - 40), match.start())
            if not whole or re.search(r"\bnot\b|\bno\b|n't\b", lead):
                continue  # "capitalize the first letter", "not in lowercase"
            if re.search(r"\bwords\b|\bphrases?\b", prompt[slice(*sentence_at(prompt, start))],
                         re.IGNORECASE):
                continue  # "at least 5 words in all caps": some words, not the response
            lead_words = _LEAD_WORDS.search(prompt, max(start, match.start() - 30), match.start())
            found.append((lead_words.start() if lead_words else match.start(), match.end()))
        return found
    return find


_LEAD_WORDS = re.compile(r"(?:\b(?:in|with|using|use|only|all|entirely)\s+){1,3}$", re.IGNORECASE)


@functools.lru_cache(maxsize=64)
def _cached_case_mentions(prompt: str) -> tuple[tuple[str, re.Match[str]], ...]:
    return tuple(_case_mentions(prompt))


def _no_comma(prompt: str) -> list[Phrase]:
    found: list[Phrase] = []
    if not _COMMA_WORD.search(prompt):
        return found
    for statement in statements("punctuation:no_comma", prompt, None):
        start, end = clause_at(prompt, statement.phrase.start)
        if _COMMA_LIMIT.search(prompt, start, end):
            continue  # "no more than two commas", "no commas except in the address"
        found.append((statement.phrase.start, statement.phrase.end))
    return found


def _language(prompt: str) -> list[Phrase]:
    found = []
    for match in language_mentions(prompt):
        if match.group() == "English":
            continue  # the prompts are English; "in English" adds nothing to check
        before = prompt[max(0, match.start() - 60):match.start()]
        if _LANGUAGE_CUE.search(before):  # not "about the Dutch language"
            found.append((match.start(), match.end()))
    return found


def _letters(prompt: str) -> list[Phrase]:
    found = []
    for _, match in letter_mentions(prompt):
        count = _times_after(prompt, match.end())
        if count is not None and count.kind in _HARD_KINDS:
            found.append((match.start(), count.end))
    return found


def _frequency(prompt: str) -> list[Phrase]:
    found = []
    for match in _WORD_TIMES.finditer(prompt):
        count = _times_after(prompt, match.end())
        if count is not None and count.kind in _HARD_KINDS:
            found.append((match.start(), count.end))
    return found


def _sections(prompt: str) -> list[Phrase]:
    found = []
    for match in _SECTION_LABEL.finditer(prompt):
        start, end = sentence_at(prompt, match.start())
        if _SECTION_CUE.search(prompt, start, match.start()):
            found.append((match.start(), match.end()))
    return found


FINDERS: dict[str, Finder] = {
    **{instruction_id: _counts_of(instruction_id, unit) for instruction_id, unit in _COUNT_TYPES},
    "detectable_format:title": _pattern(_TITLE),
    "combination:two_responses": _pattern(_SIX),
    "detectable_format:constrained_response": _pattern(_ANSWER),
    "detectable_content:postscript": _pattern(_PS),
    "startend:end_checker": _pattern(_END),
    "startend:quotation": _pattern(_WRAP),
    "detectable_format:json_format": _pattern(_JSON),
    "detectable_format:multiple_sections": _sections,
    "combination:repeat_prompt": _pattern(_REPEAT),
    "keywords:existence": _pattern(_KEYWORDS, _not_negated),
    "keywords:forbidden_words": _pattern(_FORBIDDEN),
    "keywords:frequency": _frequency,
    "keywords:letter_frequency": _letters,
    "change_case:english_lowercase": _case("lower"),
    "change_case:english_capital": _case("upper"),
    "punctuation:no_comma": _no_comma,
    "language:response_language": _language,
}


def unstored(context: CaseContext) -> list[Finding]:
    """REFLECT_NOT_STORED for each type the prompt clearly states but the case does not store."""
    stored = {item.instruction_id for item in context.items}
    claimed = [(statement.phrase.start, statement.phrase.end)
               for item in context.items for statement in statements_of(context, item)]
    findings = []
    for instruction_id, find in FINDERS.items():
        if instruction_id in stored or any(other in stored
                                           for other in _COVERED_BY.get(instruction_id, ())):
            continue
        for phrase_start, phrase_end in find(context.prompt):
            if any(start < phrase_end and phrase_start < end for start, end in claimed):
                continue  # a stored instruction accounts for these words
            said = context.prompt[phrase_start:phrase_end]
            findings.append(make_finding(
                context.key, instruction_id, "REFLECT_NOT_STORED",
                f"{instruction_id}: the prompt says {quote(said)} but the case stores no "
                f"{instruction_id} instruction; the checker will not enforce it",
                constraint_span(context.prompt, phrase_start, phrase_end, ())))
            break
    return findings


# ----------------------------------------------------------------------------- typos

# Misspellings of words that constraint statements use, each with its correct form. Only
# non-words: a hit is always a typo.
MISSPELLINGS: dict[str, str] = {
    "repleat": "repeat", "reapeat": "repeat", "repaet": "repeat",
    "aterisk": "asterisk", "aterisks": "asterisks", "asterik": "asterisk",
    "asteriks": "asterisks", "astrisk": "asterisk", "astrisks": "asterisks",
    "asterics": "asterisks", "astericks": "asterisks",
    "paragaph": "paragraph", "paragaphs": "paragraphs", "pargraph": "paragraph",
    "pargraphs": "paragraphs", "paragrah": "paragraph", "paragrahs": "paragraphs",
    "paragragh": "paragraph", "paragraps": "paragraphs",
    "sentance": "sentence", "sentances": "sentences", "sentenses": "sentences",
    "hightlight": "highlight", "hightlighted": "highlighted", "highligt": "highlight",
    "higlight": "highlight", "higlighted": "highlighted",
    "seperate": "separate", "seperated": "separated", "seperator": "separator",
    "seperately": "separately",
    "placholder": "placeholder", "placholders": "placeholders", "placeholer": "placeholder",
    "captial": "capital", "captials": "capitals", "capitial": "capital",
    "lowecase": "lowercase", "lowercae": "lowercase", "lowrcase": "lowercase",
    "postcript": "postscript", "postscipt": "postscript",
    "respose": "response", "reponse": "response", "responce": "response",
    "quotaion": "quotation", "qoutation": "quotation", "quatation": "quotation",
    "commma": "comma", "commmas": "commas",
    "keywrod": "keyword", "keywrods": "keywords", "kewords": "keywords",
    "exaclty": "exactly", "exacly": "exactly", "extactly": "exactly",
    "atleast": "at least",
    "seciton": "section", "secton": "section", "sectons": "sections",
    "bulet": "bullet", "bulets": "bullets",
    "wrod": "word", "wrods": "words",
    "letetr": "letter", "leter": "letter", "leters": "letters",
}
_MISSPELT = re.compile(r"\b(?:" + "|".join(sorted(MISSPELLINGS, key=len, reverse=True)) + r")\b",
                       re.IGNORECASE)
# Small words whose doubling is never grammatical ("that that", "had had" can be).
_SMALL_WORDS = frozenset({"the", "a", "an", "to", "of", "in", "on", "with", "your", "for", "and",
                          "or", "be", "is", "are", "at", "by", "should", "must", "each", "every",
                          "least", "than"})
_DOUBLED = re.compile(r"\b(" + "|".join(sorted(_SMALL_WORDS)) + r")\s+\1\b", re.IGNORECASE)


def typos(context: CaseContext) -> list[Finding]:
    """AMBIGUOUS_TYPO for misspelt constraint words, and doubled small words in sentences that
    state a stored constraint."""
    prompt = context.prompt
    findings: list[Finding] = []
    words = re.findall(r"[a-z]+", prompt.lower())
    if MISSPELLINGS.keys().isdisjoint(words) and not any(
            first == second and first in _SMALL_WORDS for first, second in zip(words, words[1:])):
        return findings  # the common case, without the slower patterns
    for match in _MISSPELT.finditer(prompt):
        right = MISSPELLINGS[match.group().lower()]
        findings.append(make_finding(
            context.key, None, "AMBIGUOUS_TYPO",
            f"typo: the prompt writes {quote(match.group())} for {right!r}, in "
            f"{quote(prompt[slice(*sentence_at(prompt, match.start()))])}; a reader may "
            f"stumble on it", _span(prompt, match)))
    doubled = list(_DOUBLED.finditer(prompt))
    if doubled:
        stated = {sentence_at(prompt, statement.phrase.start)
                  for item in context.items for statement in statements_of(context, item)}
        for match in doubled:
            if sentence_at(prompt, match.start()) in stated:
                findings.append(make_finding(
                    context.key, None, "AMBIGUOUS_TYPO",
                    f"typo: the prompt doubles a word, {quote(match.group())}, in "
                    f"{quote(prompt[slice(*sentence_at(prompt, match.start()))])}",
                    _span(prompt, match)))
    return findings


def _span(prompt: str, match: re.Match[str]) -> Span:
    return make_span(prompt, match.start(), match.end())
