"""NLTK's word tokenizer (`NLTKWordTokenizer`, the Treebank-style one `nltk.word_tokenize` applies
to each Punkt sentence), as NLTK 3.8.1 and NLTK 3.9.2 run it, without importing NLTK.

Why our own: `import nltk` costs most of a second (it pulls in scipy.stats), for a tokenizer
that is a fixed sequence of regular-expression rewrites. The rewrites below are NLTK's, in
NLTK's order, each padding what becomes a token of its own with spaces; the tokens are the
whitespace-separated pieces of the result. Stage by stage:

1. opening quotes: guillemets, curly and low quotes and backtick runs stand alone; a straight
   double quote at the very start, or after a space or an opening bracket (also two single
   quotes there), becomes ``; a single quote before a word that is not a clitic splits off;
2. punctuation: the final period (with any closing brackets and quotes after it) of the text,
   commas and colons not before a digit, runs of periods, ; @ # $ % &, ? and !, a single quote
   before a space, asterisks;
3. brackets of every kind and double hyphens stand alone;
4. closing quotes: curly closers and guillemets stand alone; two single quotes and a straight
   double quote become '';
5. (3.9.2 only) every run of whitespace becomes one space, so that the clitic rules below see
   a clitic before a tab or newline as before a space;
6. clitics before a space split off ('s 'm 'd ' 'll 're 've n't, either case), then the
   MacIntyre contractions (cannot, d'ye, gimme, gonna, gotta, lemme, more'n, wanna; 'tis, 'twas).

tests/test_treebank.py holds both variants to NLTK on real and fuzzed text.
"""

from __future__ import annotations

import re

_CLOSING_BEFORE_END = "]})>\"'\u00bb\u201d\u2019"
# A rule is (pattern, replacement, trigger): it is tried only when one of the trigger's texts
# is in the text being rewritten (every match contains one), or always when there is none.
_Rule = tuple["re.Pattern[str]", str, tuple[str, ...]]
_ANY: tuple[str, ...] = ()


def _rules(*rules: tuple[str, str, tuple[str, ...]]) -> tuple[_Rule, ...]:
    return tuple((re.compile(pattern), replacement, trigger)
                 for pattern, replacement, trigger in rules)


_OPENING = _rules(
    ("([\u00ab\u201c\u2018\u201e]|`+)", r" \1 ", ("\u00ab", "\u201c", "\u2018", "\u201e", "`")),
    (r'^"', "``", ('"',)),
    ("(``)", r" \1 ", ("``",)),
    (r"""([ (\[{<])("|'')""", r"\1 `` ", ('"', "''")),
    (r"(?i)(')(?!re|ve|ll|m|t|s|d|n)(\w)\b", r"\1 \2", ("'",)),
)
_PUNCTUATION = _rules(
    (rf"([^.])(\.)([{re.escape(_CLOSING_BEFORE_END)} ]*)\s*$", r"\1 \2 \3 ", (".",)),
    (r"([:,])([^\d])", r" \1 \2", (":", ",")),
    (r"([:,])$", r" \1 ", (":", ",")),
    (r"\.{2,}", r" \g<0> ", ("..",)),
    (r"[;@#$%&]", r" \g<0> ", tuple(";@#$%&")),
    (r"""([^.])(\.)([\])}>"']*)\s*$""", r"\1 \2\3 ", (".",)),
    (r"[?!]", r" \g<0> ", ("?", "!")),
    (r"([^'])' ", r"\1 ' ", ("' ",)),
    (r"[*]", r" \g<0> ", ("*",)),
    (r"[\]\[(){}<>]", r" \g<0> ", tuple("][(){}<>")),
    (r"--", r" -- ", ("--",)),
)
_CLOSING = _rules(
    ("([\u00bb\u201d\u2019])", r" \1 ", ("\u00bb", "\u201d", "\u2019")),
    ("''", " '' ", ("''",)),
    ('"', " '' ", ('"',)),
)
_COLLAPSE = _rules((r"\s+", " ", _ANY))
_CLITICS = _rules(
    (r"([^' ])('[sS]|'[mM]|'[dD]|') ", r"\1 \2 ", ("'",)),
    (r"([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) ", r"\1 \2 ", ("'",)),
)
# Case-insensitive: a trigger is looked for in the lower-cased text when that text is ASCII
# (elsewhere case folding reaches beyond lower(): the rule is always tried).
_CONTRACTIONS = _rules(*(
    (pattern, r" \1 \2 ", trigger) for pattern, trigger in (
        (r"(?i)\b(can)(not)\b", ("cannot",)), (r"(?i)\b(d)('ye)\b", ("'",)),
        (r"(?i)\b(gim)(me)\b", ("gimme",)), (r"(?i)\b(gon)(na)\b", ("gonna",)),
        (r"(?i)\b(got)(ta)\b", ("gotta",)), (r"(?i)\b(lem)(me)\b", ("lemme",)),
        (r"(?i)\b(more)('n)\b", ("'",)), (r"(?i)\b(wan)(na)(?=\s)", ("wanna",)),
        (r"(?i) ('t)(is)\b", ("'",)), (r"(?i) ('t)(was)\b", ("'",)))))

_NLTK_381 = (_OPENING, _PUNCTUATION, None, _CLOSING, _CLITICS, _CONTRACTIONS)
_NLTK_392 = (_OPENING, _PUNCTUATION, None, _CLOSING, _COLLAPSE, _CLITICS, _CONTRACTIONS)


def _tokenize(sentence: str, stages) -> list[str]:
    value = sentence
    for stage in stages:
        if stage is None:  # the clitic rules want a space on both ends of the text
            value = f" {value} "
            continue
        folded = stage is _CONTRACTIONS
        for pattern, replacement, trigger in stage:
            if trigger:
                if folded and trigger[0] != "'":  # a case-insensitive word
                    if value.isascii() and trigger[0] not in value.lower():
                        continue
                else:
                    for piece in trigger:
                        if piece in value:
                            break
                    else:
                        continue
            value = pattern.sub(replacement, value)
    return value.split()


def tokens_381(sentence: str) -> list[str]:
    """`NLTKWordTokenizer().tokenize(sentence)` of NLTK 3.8.1."""
    return _tokenize(sentence, _NLTK_381)


def tokens_392(sentence: str) -> list[str]:
    """`NLTKWordTokenizer().tokenize(sentence)` of NLTK 3.9.2."""
    return _tokenize(sentence, _NLTK_392)


__all__ = ["tokens_381", "tokens_392"]
