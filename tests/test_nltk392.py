"""NLTK 3.9.2's tokenization, reproduced on the pinned 3.8.1.

Every expected value below was produced by NLTK 3.9.2 itself (`nltk.word_tokenize` /
`nltk.sent_tokenize`, English `punkt_tab`) in a scratch environment outside the
repository; NLTK 3.9.2 is not a dependency of the package or of the tests.
"""

from __future__ import annotations

import pytest

from ifevalpp import nltk392, text

# (text, NLTK 3.9.2 word_tokenize, NLTK 3.8.1 word_tokenize): a clitic followed by
# non-space whitespace is split by 3.9.2 only.
CLITIC_BEFORE_OTHER_WHITESPACE = [
    ("I'M\nHERE NOW.", ["I", "'M", "HERE", "NOW", "."], ["I'M", "HERE", "NOW", "."]),
    ("DON'T\tSTOP. WE'LL\u00a0SEE.", ["DO", "N'T", "STOP", ".", "WE", "'LL", "SEE", "."],
     ["DON'T", "STOP", ".", "WE'LL", "SEE", "."]),
    ("IT'S\tTRUE", ["IT", "'S", "TRUE"], ["IT'S", "TRUE"]),
    ("students'\tbooks are here.", ["students", "'", "books", "are", "here", "."],
     ["students'", "books", "are", "here", "."]),
    ("THEY'RE\r\nREADY", ["THEY", "'RE", "READY"], ["THEY'RE", "READY"]),
    ("can't\u2009go", ["ca", "n't", "go"], ["can't", "go"]),
    ("YOU'D\u000bBETTER", ["YOU", "'D", "BETTER"], ["YOU'D", "BETTER"]),
    ("WE'VE\n\nGOT IT", ["WE", "'VE", "GOT", "IT"], ["WE'VE", "GOT", "IT"]),
    ("it's\u3000fine", ["it", "'s", "fine"], ["it's", "fine"]),
]

# Texts both releases tokenize alike (3.9.2's output): dashes, curly quotes, plain
# spaces, a tab that precedes no clitic, a starting "'tis" after a tab.
UNCHANGED = [
    ("A \u2014 B \u2014 C.", ["A", "\u2014", "B", "\u2014", "C", "."]),
    ("Wait\u2014WHAT?", ["Wait\u2014WHAT", "?"]),
    ("She said \u201cSTOP.\u201d Then LEFT.",
     ["She", "said", "\u201c", "STOP.", "\u201d", "Then", "LEFT", "."]),
    ("The \u2018END\u2019 IS NEAR.", ["The", "\u2018", "END", "\u2019", "IS", "NEAR", "."]),
    ("I'M  HERE", ["I", "'M", "HERE"]),
    ("\"QUOTED\"\tTEXT'S END", ["``", "QUOTED", "''", "TEXT", "'S", "END"]),
    ("He said\t\"no\" twice.", ["He", "said", "''", "no", "''", "twice", "."]),
    ("'tis\tthe season.", ["'t", "is", "the", "season", "."]),
    ("NOTHING HERE TO SPLIT", ["NOTHING", "HERE", "TO", "SPLIT"]),
]

# NLTK 3.9.2's sent_tokenize: the same as 3.8.1's Punkt with our packaged parameters.
SENTENCES = [
    ("He paused \u2014 then left. \u201cReally?\u201d she asked. It was done.",
     ["He paused \u2014 then left.", "\u201cReally?\u201d she asked.", "It was done."]),
    ("She said \u201cno.\u201d Then she left.", ["She said \u201cno.\u201d Then she left."]),
    ("It ended.\u201d\tNext one starts.", ["It ended.\u201d\tNext one starts."]),
    ("Mr. Smith went to Washington. He arrived at 5 p.m. on Monday.",
     ["Mr. Smith went to Washington.", "He arrived at 5 p.m. on Monday."]),
    ("One\u2014two. Three\u2013four! Five?\u2019 Six.",
     ["One\u2014two.", "Three\u2013four!", "Five?\u2019 Six."]),
]


@pytest.mark.parametrize("value, nltk_392, nltk_381", CLITIC_BEFORE_OTHER_WHITESPACE)
def test_a_clitic_before_non_space_whitespace_is_split_as_nltk_392_does(value, nltk_392,
                                                                         nltk_381):
    assert list(nltk392.word_tokens(value)) == nltk_392
    assert list(text.word_tokens(value)) == nltk_381


@pytest.mark.parametrize("value, expected", UNCHANGED)
def test_texts_both_releases_tokenize_alike_are_unchanged(value, expected):
    assert list(nltk392.word_tokens(value)) == expected
    assert list(text.word_tokens(value)) == expected


@pytest.mark.parametrize("value, expected", SENTENCES)
def test_sentences_are_nltk_392s(value, expected):
    assert list(text.sentences(value)) == expected


def test_capital_words_count_the_split_clitics():
    # 3.9.2: DO, N'T, STOP, WE, 'LL, SEE are all upper case; 3.8.1 sees DON'T, STOP, WE'LL, SEE.
    assert nltk392.count_capital_words("DON'T\tSTOP. WE'LL\u00a0SEE.") == 6
    assert text.count_capital_words("DON'T\tSTOP. WE'LL\u00a0SEE.") == 4


def test_clear_caches_forgets_the_nltk_392_tokens_too():
    nltk392.word_tokens("IT'S\tTRUE")
    assert nltk392.word_tokens.cache_info().currsize > 0
    text.clear_caches()
    assert nltk392.word_tokens.cache_info().currsize == 0
