"""Reading letter case in a prompt: mentions of capitals and lowercase, and English.

Shared by change_case:english_capital, change_case:english_lowercase and
change_case:capital_word_frequency (a "capital words" mention is about some words,
not the whole response).
"""

from __future__ import annotations

import functools
import re
from typing import Optional

from ..support.case import CaseContext, Item, Problem
from ..support.edits import spans_of
from ..support.languages import language_mentions
from ..support.phrases import Span, clause_at, quote, sentence_at
from ..support.statements import Statement, statement

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
_ENGLISH = re.compile(r"\benglish\b", re.IGNORECASE)
_CASE_LEAD = re.compile(r"(?:\b(?:in|with|using|use|only|all|entirely|no|without|any)\s+){1,3}$",
                        re.IGNORECASE)


def case_mentions(prompt: str) -> list[tuple[str, re.Match[str]]]:
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


@functools.lru_cache(maxsize=64)
def cached_case_mentions(prompt: str) -> tuple[tuple[str, re.Match[str]], ...]:
    """`case_mentions`, read once per prompt for the three case types and their cues."""
    return tuple(case_mentions(prompt))


def case_statements(prompt: str, wanted: str) -> list[Statement]:
    """Statements of an all-`wanted` ('upper' or 'lower') response: case mentions (the other
    case read as 'other_case') and mentions of English."""
    found = []
    for kind, match in cached_case_mentions(prompt):
        if kind in ("upper", "lower"):
            lead = _CASE_LEAD.search(prompt, max(0, match.start() - 30), match.start())
            start = lead.start() if lead else match.start()
            found.append(statement(prompt, start, match.end(), ("case", "english"),
                                   "mention" if kind == wanted else "other_case", value=kind))
    for match in _ENGLISH.finditer(prompt):
        found.append(statement(prompt, match.start(), match.end(), ("case", "english"),
                               "english"))
    return found


def english_spans(prompt: str) -> list[tuple[int, int]]:
    """Mentions of English (edit spans of both case types)."""
    return spans_of(r"\bEnglish\b", prompt, 0)


# ----------------------------------------------------------------------------- reflection


def case_problems(context: CaseContext, item: Item, wanted: str) -> list[Problem]:
    """The case is never asked for (or the other one is), and the English the checker also
    requires is never said."""
    found = context.statements(item)
    problems = []
    if not any(statement.role == "mention" for statement in found):
        other = [statement for statement in found if statement.role == "other_case"]
        if other:
            problems.append(Problem(
                "REFLECT_VALUE_MISMATCH",
                f"case: the prompt says {quote(other[0].span.text)} but the checker requires "
                f"all {wanted} letters", other[0].span))
        else:
            problems.append(Problem("REFLECT_NOT_FOUND",
                                    f"case: the prompt never asks for all {wanted} letters"))
    if not any(statement.role == "english" for statement in found):
        other_language = _other_language(context.prompt)
        if other_language is not None:
            problems.append(Problem(
                "REFLECT_OTHER_LANGUAGE",
                f"language: the checker requires English but the prompt says "
                f"{quote(other_language.text)}", other_language))
        elif not _states_english_elsewhere(context):
            mention = next((statement for statement in found if statement.role == "mention"),
                           None)
            said = f"says {quote(mention.span.text, 70)}" if mention else \
                f"asks for {wanted} letters"
            problems.append(Problem(
                "REFLECT_IMPLICIT_ENGLISH",
                f"language: the checker also requires the response to be detected as English; "
                f"the prompt {said} but never says English", mention.span if mention else None))
    return problems


def _states_english_elsewhere(context: CaseContext) -> bool:
    return any(item.params.language == "en"
               for item in context.of("language:response_language"))


def _other_language(prompt: str) -> Optional[Span]:
    for match in language_mentions(prompt):
        if match.group() == "English":
            continue
        before = prompt[max(0, match.start() - 25):match.start()].lower()
        after = prompt[match.end():match.end() + 10].lower()
        if re.search(r"\b(?:in|into|to|using|use)\s+(?:the\s+|only\s+)?$", before) or \
                after.startswith(" language"):
            return Span(start=match.start(), end=match.end() + (9 if after.startswith(
                " language") else 0), text=prompt[match.start():match.end() + (
                    9 if after.startswith(" language") else 0)])
    return None


# ----------------------------------------------------------------------------- unstored cues

_WHOLE_LEAD = re.compile(r"\b(?:all|entirely|only|whole|entire)\b", re.IGNORECASE)
# "Answer with lowercase letters", "respond in capital letters": the whole response.
_CASE_VERB = re.compile(r"\b(?:answer|respond|reply|write|written|response)\s+(?:\w+\s+)?"
                        r"(?:in|with|using)\s+$", re.IGNORECASE)
_LEAD_WORDS = re.compile(r"(?:\b(?:in|with|using|use|only|all|entirely)\s+){1,3}$", re.IGNORECASE)


def whole_response_case(prompt: str, kind: str) -> list[tuple[int, int]]:
    """Clear statements that the whole response is in `kind` ('upper' or 'lower') letters."""
    found = []
    for found_kind, match in cached_case_mentions(prompt):
        if found_kind != kind:
            continue
        start, end = clause_at(prompt, match.start())
        lead = prompt[max(start, match.start() - 40):match.end()]
        whole = _WHOLE_LEAD.search(lead) or _CASE_VERB.search(prompt, max(
            start, match.start() - 40), match.start())
        if not whole or re.search(r"\bnot\b|\bno\b|n't\b", lead):
            continue  # "capitalize the first letter", "not in lowercase"
        if re.search(r"\bwords\b|\bphrases?\b", prompt[slice(*sentence_at(prompt, start))],
                     re.IGNORECASE):
            continue  # "at least 5 words in all caps": some words, not the response
        lead_words = _LEAD_WORDS.search(prompt, max(start, match.start() - 30), match.start())
        found.append((lead_words.start() if lead_words else match.start(), match.end()))
    return found


# ----------------------------------------------------------------------------- coherence


def other_language_conflict(instruction_id: str, other: Item) -> Optional[str]:
    """English letters asked of a response that must be in another language."""
    if other.instruction_id == "language:response_language" and other.params.language != "en":
        return (f"{instruction_id} requires English but language:response_language requires "
                f"{other.params.language!r}")
    return None
