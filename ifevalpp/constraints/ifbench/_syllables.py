"""Syllable counts as syllapy 0.7.2 gives them (`syllapy.count`), for words:odd_even_syllables.

syllapy's word list (data.csv inside the installed package: word, syllables) decides most
words; the package's own import spends a fifth of a second in pkg_resources to find that file,
so the list is read here directly (the package is located without being imported) and the rest
of `count` is syllapy's rule, restated: the word stripped, lower-cased and stripped of ASCII
punctuation; empty or holding a digit, 0; listed, its count; two parts joined by a hyphen, the
sum of their counts (0 if either is 0); otherwise vowel groups (a e i o u y), less a final e,
plus one for a final consonant + "le", at least 1. tests/constraints/test_ifbench_syllables.py
holds it to syllapy.count itself.
"""

from __future__ import annotations

import functools
import importlib.util
import re
import string
from pathlib import Path

_DIGIT = re.compile(r"\d")
_COMPOUND = re.compile(r"([^-]+)-(.+)")
_VOWELS = "aeiouy"


@functools.lru_cache(maxsize=1)
def word_list() -> dict[str, int]:
    """syllapy's data.csv: every listed word and its syllable count."""
    spec = importlib.util.find_spec("syllapy")
    if spec is None or not spec.origin:
        raise ImportError("syllapy 0.7.2 is not installed (ifevalpp depends on it)")
    words: dict[str, int] = {}
    text = (Path(spec.origin).parent / "data.csv").read_text(encoding="utf-8")
    for line in text.splitlines():
        word, _, count = line.partition(",")
        words[word] = int(count)
    return words


def _by_rule(word: str) -> int:
    count = 1 if word[0] in _VOWELS else 0
    for previous, char in zip(word, word[1:]):
        if char in _VOWELS and previous not in _VOWELS:
            count += 1
    if word.endswith("e"):
        count -= 1
    if word.endswith("le") and len(word) > 2 and word[-3] not in _VOWELS:
        count += 1
    return count or 1


def count(word: str) -> int:
    """`syllapy.count(word)` (syllapy 0.7.2)."""
    word = word.strip().lower().strip(string.punctuation)
    if not word or _DIGIT.search(word):
        return 0
    listed = word_list().get(word)
    if listed is not None:
        return listed
    parts = _COMPOUND.match(word)
    if parts:
        first, second = count(parts.group(1)), count(parts.group(2))
        return 0 if first == 0 or second == 0 else first + second
    return _by_rule(word)
