"""The reverse of reflection: constraints the prompt states that the case does not store,
and misspelt constraint words.

`REFLECT_NOT_STORED`: the prompt clearly states a constraint of a registered
type, but no instruction of that type is in `instruction_id_list`, so the
checker never enforces it. Only clear statements count (each type's
`Constraint.unstored`: a hard count with its unit, a literal marker such as
`<<title>>`, `******` or "P.S.", an explicit "all lowercase", "no commas",
"wrap ... in double quotation marks"); a phrase that some stored instruction
already accounts for is skipped. Both are warnings: the case still scores
fairly what it stores.

`AMBIGUOUS_TYPO`: a word of constraint vocabulary misspelt ("repleat",
"aterisk") or a doubled small word ("the the") in a sentence that states a
constraint. Only a curated list is matched, so every hit is a real typo.
"""

from __future__ import annotations

import re

from ..constraints.registry import REGISTRY
from ..constraints.support.case import CaseContext
from ..constraints.support.phrases import Span, constraint_span, make_span, quote, sentence_at
from .findings import Finding, make_finding


def unstored(context: CaseContext) -> list[Finding]:
    """REFLECT_NOT_STORED for each type the prompt clearly states but the case does not store
    (asked in registry order; each type's `unstored` says what a clear statement is)."""
    stored = {item.instruction_id for item in context.items}
    claimed = [(statement.phrase.start, statement.phrase.end)
               for item in context.items for statement in context.statements(item)]
    findings = []
    for instruction_id, constraint in REGISTRY.items():
        if instruction_id in stored or not stored.isdisjoint(constraint.unstored_covered_by):
            continue
        for phrase_start, phrase_end in constraint.unstored(context.prompt):
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
                  for item in context.items for statement in context.statements(item)}
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
