"""Text analysis: the fast Punkt splitter equals NLTK's, counts follow the official rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ifevalpp import text
from ifevalpp.loose import loose_variants

TRICKY = [
    "Dr. Smith arrived at 5 p.m. on Jan. 3. He left early.",
    "The U.S. economy grew. Mr. and Mrs. Jones disagreed!",
    "Is it 3.14? Yes... maybe. \"Quoted.\" Next one.",
    "e.g. this is one sentence, i.e. not two. Right?",
    "Line one\nLine two without a stop\n\nNew paragraph. Another.",
    "* bullet one.\n* bullet two.\n\nSECTION 1. Done.",
    "No terminal punctuation at all",
    "",
    "   ",
    "Ellipsis… then more. Unicode “quotes.” End.",
]


@pytest.mark.parametrize("sample", TRICKY)
def test_fast_sentence_splitter_equals_nltk_punkt(sample):
    assert list(text.sentences(sample)) == text.reference_sentence_tokenizer().tokenize(sample)


def test_fast_sentence_splitter_equals_nltk_on_real_responses_and_their_loose_variants(
        reference_dir: Path):
    reference = text.reference_sentence_tokenizer()
    compared = 0
    for line in (reference_dir / "gpt4_responses.jsonl").read_text(encoding="utf-8").splitlines():
        for variant in loose_variants(json.loads(line)["response"]):
            assert list(text.sentences(variant)) == reference.tokenize(variant)
            compared += 1
    assert compared > 2000


def test_words_are_word_character_runs():
    # Underscores join, hyphens and apostrophes split.
    assert text.count_words("snake_case well-known don't") == 5


def test_capital_words_are_upper_case_treebank_tokens():
    # "U.S." is one token and upper case; "I" counts; "Hello" does not.
    assert text.count_capital_words("I visited the U.S. and NASA. Hello THERE.") == 4


def test_language_is_deterministic_and_none_without_features():
    sample = "Ceci est une phrase écrite en français pour le test."
    assert text.language(sample) == "fr"
    text.clear_caches()
    assert text.language(sample) == "fr"
    assert text.language("12345 !!!") is None
