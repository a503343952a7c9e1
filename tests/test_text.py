"""Text analysis: sentences, words and capital words as the official evaluator counts them."""

from __future__ import annotations

import re

import pytest

from ifevalpp import punkt_english, text

def test_the_reference_tokenizers_are_nltk_3_8_1_the_release_the_official_evaluator_ran():
    import nltk

    assert nltk.__version__ == "3.8.1"


def test_punkt_reads_the_four_tables_of_the_english_model():
    import punkt

    model = punkt.load_model("english")
    params = punkt_english.parameters()
    assert (len(params.abbreviations), len(params.collocations), len(params.starters),
            len(params.ortho)) == (156, 37, 39, 20366)
    assert params.abbreviations == set(model.abbrev_types)
    assert params.collocations == set(model.collocations)
    assert params.starters == set(model.sent_starters)
    assert params.ortho == dict(model.ortho_context)


def test_scoring_text_imports_no_nltk():
    import subprocess
    import sys

    code = ("import sys; from ifevalpp import text; text.sentences('One. Two.'); "
            "text.count_capital_words('HI THERE.'); "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'nltk', 'scipy', 'numpy'}))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip() == "[]"


@pytest.mark.parametrize("sample, expected", [
    ("Dr. Smith arrived at 5 p.m. on Monday. He left early.",
     ["Dr. Smith arrived at 5 p.m. on Monday.", "He left early."]),
    ("Is it 3.14? Yes... maybe.", ["Is it 3.14?", "Yes... maybe."]),
    ("No terminal punctuation at all", ["No terminal punctuation at all"]),
    ("", []),
    # NLTK 3.8 does not treat a curly closing quote as part of the sentence end.
    ("Unicode \u201cquotes.\u201d End.", ["Unicode \u201cquotes.\u201d End."]),
], ids=["abbreviations", "question-and-ellipsis", "no-stop", "empty", "curly-quote"])
def test_sentences_follow_english_punkt(sample, expected):
    assert list(text.sentences(sample)) == expected


def test_words_are_word_character_runs():
    # Underscores join, hyphens and apostrophes split.
    assert text.count_words("snake_case well-known don't") == 5


@pytest.mark.parametrize("sample", ["snake_case well-known don't", "x\ty\nz\x0b\x0c 1,000.5 ",
                                    "café déjà-vu", "naïve_test 42", "", " \n "])
def test_word_count_is_the_count_of_word_character_runs(sample):
    # ASCII texts are counted without the regex engine: the same count as \w+ runs.
    assert text.count_words(sample) == len(re.findall(r"\w+", sample))


def test_capital_words_are_upper_case_treebank_tokens():
    # "U.S." is one token and upper case; "I" counts; "Hello" does not.
    assert text.count_capital_words("I visited the U.S. and NASA. Hello THERE.") == 4


def test_language_is_deterministic_and_none_without_features():
    sample = "Ceci est une phrase écrite en français pour le test."
    assert text.language(sample) == "fr"
    text.clear_caches()
    assert text.language(sample) == "fr"
    assert text.language("12345 !!!") is None


@pytest.mark.parametrize("sample, capitals", [
    ("HELLO—WORLD IS BIG.", 3),     # an em-dash does not split a token (NLTK 3.8)
    ("JOHN'S\tDOG RAN.", 3),        # a clitic before a tab stays attached (NLTK 3.8)
    ("‘QUOTED’ WORDS HERE.", 3),    # curly quotes are their own tokens
], ids=["em-dash", "clitic-before-tab", "curly-quotes"])
def test_capital_words_follow_the_tokenizer_the_official_evaluator_ran(sample, capitals):
    assert text.count_capital_words(sample) == capitals


def test_each_distinct_text_is_analysed_once_across_instructions_and_loose_variants(monkeypatch):
    from ifevalpp.constraints import check_all
    from ifevalpp.loose import loose_variants

    text.clear_caches()
    loose_variants.cache_clear()
    detected: list[str] = []
    split: list[str] = []
    real_detect = text._detect
    real_tokenizer = text.sentence_tokenizer()

    class CountingTokenizer:
        def tokenize(self, sample):
            split.append(sample)
            return real_tokenizer.tokenize(sample)

    monkeypatch.setattr(text, "_detect", lambda sample: detected.append(sample) or real_detect(sample))
    monkeypatch.setattr(text, "sentence_tokenizer", lambda: CountingTokenizer())
    response = "Sure, here it is:\n**HELLO THERE.** THIS IS LOUD.\nBye now."
    ids = ["change_case:english_capital", "language:response_language",
           "length_constraints:number_sentences", "change_case:capital_word_frequency"]
    kwargs = [{}, {"language": "en"}, {"relation": "at least", "num_sentences": 9},
              {"capital_relation": "at least", "capital_frequency": 50}]
    check_all(ids, kwargs, response)
    check_all(ids, kwargs, response)
    assert detected and len(detected) == len(set(detected))
    assert split and len(split) == len(set(split))
