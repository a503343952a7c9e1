"""Reading keyword statements: literal mentions, their counts, and the keyword lists.

Shared by keywords:existence, keywords:forbidden_words, keywords:frequency and
keywords:letter_frequency.
"""

from __future__ import annotations

import re
from typing import Optional

from ..registry import get
from ..support.case import CaseContext, Item, Problem
from ..support.edits import replace_word, sentence_bounds, spans_of, word_pattern
from ..support.mentions import times_after
from ..support.phrases import Span, clause_at, quote
from ..support.reflection import with_role
from ..support.statements import Statement, count_statement, statement


def mentions(prompt: str, word: str) -> list[re.Match[str]]:
    """Case-insensitive mentions of a literal: whole-word ones if any, else substrings."""
    escaped = re.escape(word.strip())
    whole = list(re.finditer(r"(?<!\w)" + escaped + r"(?!\w)", prompt, re.IGNORECASE))
    return whole or list(re.finditer(escaped, prompt, re.IGNORECASE))


def count_for_subject(prompt: str, matches: list[re.Match[str]],
                      own: tuple[str, ...]) -> list[Statement]:
    """The "N times" count after each mention of the subject."""
    found = []
    for match in matches:
        count = times_after(prompt, match.end())
        if count is not None:
            found.append(count_statement(prompt, count, own))
    return found


def negated_mention(prompt: str, matches: list[re.Match[str]],
                    own: tuple[str, ...]) -> list[Statement]:
    """"avoid mentioning X" / "do not include the letter c": zero occurrences."""
    for match in matches:
        clause_start, _ = clause_at(prompt, match.start())
        negation = re.search(r"\b(?:avoid|without|not|never|don't|refrain|exclude)\b|n't\b",
                             prompt[max(clause_start, match.start() - 45):match.start()],
                             re.IGNORECASE)
        if negation:
            start = max(clause_start, match.start() - 45) + negation.start()
            return [statement(prompt, start, match.end(), own, "count", low=0, high=0,
                              kind="neg")]
    return []


def literal_statements(prompt: str, words: list[str]) -> list[Statement]:
    """A 'value' statement for every mention of every word of a keyword list."""
    found = []
    for word in words:
        for match in mentions(prompt, word):
            found.append(statement(prompt, match.start(), match.end(), ("keywords", "words"),
                                   "value", value=word))
    return found


# ----------------------------------------------------------------------------- edit spans

INCLUDE_CUE = r"key\s?words?|\bwords?\b|include|mention|contain|\buse\b|using|phrase|with"
FORBID_CUE = (r"\bnot\b|n't|avoid|without|exclude|never|refrain|forbid|\bno\b|prohibit|"
              r"except|other than")


def cued_words(prompt: str, words: list[str], cue: str) -> list[tuple[int, int]]:
    """Mentions of the words that are quoted or follow a cue ("include", "avoid") in their
    sentence: the spans that hold the keyword itself."""
    spans = []
    for word in words:
        for start, end in spans_of(word_pattern(word), prompt):
            left, _ = sentence_bounds(prompt, start)
            context = prompt[max(left, start - 120):start]
            quoted = start > 0 and prompt[start - 1] in "\"'“‘" and end < len(prompt) and \
                prompt[end] in "\"'”’"
            if quoted or re.search(cue, context, re.IGNORECASE):
                spans.append((start, end))
    return spans


def restate_words(piece: str, before: list[str], after: list[str]) -> Optional[str]:
    """`piece` with each old keyword replaced by the new one in its place; None if none is."""
    result = piece
    hit = False
    for old_word, new_word in zip(before, after):
        edited = replace_word(result, old_word, new_word)
        if edited is not None:
            result, hit = edited, True
    return result if hit else None


# ----------------------------------------------------------------------------- reflection

_QUOTED_ITEM = re.compile(r"\"([^\"\n]{1,40})\"|'([^'\n]{1,40})'|“([^”\n]{1,40})”|‘([^’\n]{1,40})’")
_LIST_CUE = re.compile(r"\bkeywords?\b|\bthe words\b|\bthe following words\b", re.IGNORECASE)


def keyword_list_problems(context: CaseContext, item: Item, field: str) -> list[Problem]:
    """Each stored word the prompt never names, and quoted words it lists that are not stored."""
    problems: list[Problem] = []
    found = context.statements(item)
    words = list(getattr(item.params, field))
    for word in words:
        if not any(statement.value == word for statement in with_role(found)):
            problems.append(Problem(
                "REFLECT_VALUE_ABSENT",
                f"{field}: {word!r} never occurs in the prompt; the checker "
                f"{'requires' if field == 'keywords' else 'forbids'} it without the prompt "
                f"asking"))
    problems += _extra_values(context, item, field, words, found)
    return problems


def _extra_values(context: CaseContext, item: Item, field: str, words: list[str],
                  found: list[Statement]) -> list[Problem]:
    """Quoted items in the clause that lists the keywords, missing from the stored list."""
    known = {word.lower() for word in words}
    for other in context.items:
        if other is not item:
            known.update(get(other.instruction_id).quoted_literals(other.params))
    clauses = {(statement.span.start, statement.span.end) for statement in with_role(found)}
    problems = []
    for start, end in sorted(clauses):
        text = context.prompt[start:end]
        if not _LIST_CUE.search(text):
            continue
        for match in _QUOTED_ITEM.finditer(text):
            quoted = next(group for group in match.groups() if group is not None)
            candidate = quoted.strip().lower()
            if not candidate or len(candidate.split()) > 2 or candidate in known:
                continue
            if any(candidate in word or word in candidate for word in known):
                continue
            problems.append(Problem(
                "REFLECT_EXTRA_VALUE",
                f"{field}: the prompt lists {quoted!r} in {quote(text)} but the stored "
                f"{field} are {words}", Span(start=start, end=end, text=text)))
    return problems
