"""Many texts side by side (`langid.detect_many`, `prime`) give what one at a time gives, bit for bit.

The side-by-side estimate runs every text's trials as array operations over the texts; its
normalising sums must add each text's values left to right as `sum` does (before Python
3.12). These tests compare its probability vectors with the one-text estimate's (itself
compared with langdetect's in test_langid.py) on texts that converge early, late, or run
to the iteration limit, in batches of every size around the thresholds.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from ifevalpp import langid
from ifevalpp.constraints import check_all
from ifevalpp.constraints.language.ahead import prime_languages, texts_asked
from ifevalpp.langid._trials import _LEFT_TO_RIGHT_SUM, _normalise

from .test_langid import GENERATED, SENTENCES

# Short ambiguous strings run some trials to iteration 1000; long texts converge at once.
_HARD = ["in", "a b c", "is", "la", "de", "an", "o", "die", "el la"]


def _texts() -> list[str]:
    rng = random.Random(7)
    texts = list(GENERATED) + _HARD + [sentence for group in SENTENCES.values()
                                       for sentence in group]
    texts += [" ".join(rng.sample(texts, 3)) for _ in range(40)]  # mixed languages
    return texts


def _one_at_a_time(texts: list[str]) -> list[bytes]:
    model, stream = langid._ready()
    return [langid._estimate(langid._features(text, model), model, stream).tobytes()
            for text in texts]


def _with_features(texts: list[str]) -> list[str]:
    model, _ = langid._ready()
    return [text for text in texts if langid._features(text, model).shape[0]]


def _side_by_side(texts: list[str]) -> list[bytes]:
    model, stream = langid._ready()
    rows = [langid._features(text, model) for text in texts]
    return [row.tobytes() for row in langid._estimate_many(rows, model, stream)]


def test_side_by_side_estimates_equal_one_at_a_time_bit_for_bit():
    texts = _with_features(_texts())
    assert len(texts) > 300
    assert _side_by_side(texts) == _one_at_a_time(texts)


@pytest.mark.parametrize("size", [1, 2, 3, 4, 5, 7, 8, 9, 12, 33])
def test_every_batch_size_around_the_thresholds_is_exact(size):
    rng = random.Random(size)
    pool = _with_features(_texts())
    texts = rng.sample(pool, size - min(size, 3)) + _HARD[:min(size, 3)]
    assert _side_by_side(texts) == _one_at_a_time(texts)


def test_only_the_iteration_limit_stops_some_texts_and_they_stay_exact():
    texts = _with_features(_HARD * 3 + list(GENERATED[:20]))
    assert _side_by_side(texts) == _one_at_a_time(texts)


def test_detect_many_answers_as_detect_does_including_texts_without_features():
    texts = list(GENERATED[:30]) + ["", "12345", "😀🎉🚀"] + _HARD
    langid._forget_words()
    assert langid.detect_many(texts) == [langid.detect(text) for text in texts]


def test_a_primed_answer_is_the_computed_one_and_is_handed_out_once():
    texts = list(GENERATED[40:70]) + _HARD
    expected = [langid.detect(text) for text in texts]
    langid.prime(texts)
    assert all(text in langid._primed for text in texts)
    assert [langid.detect(text) for text in texts] == expected
    assert not any(text in langid._primed for text in texts)


def test_the_primed_answers_are_bounded(monkeypatch):
    monkeypatch.setattr(langid, "_PRIMED_LIMIT", 10)
    langid._primed.clear()
    langid.prime(GENERATED[:8])
    langid.prime(GENERATED[8:16])
    assert len(langid._primed) <= 10
    langid._primed.clear()


def test_the_texts_asked_are_those_the_language_checks_judge():
    ids = ["language:response_language"]
    assert texts_asked(ids, "Hola, ¿cómo estás?") == ["Hola, ¿cómo estás?"]
    assert texts_asked(ids, "   ") == []
    assert texts_asked(["change_case:english_capital"], "ALL CAPS HERE") == ["ALL CAPS HERE"]
    assert texts_asked(["change_case:english_capital"], "Not all caps") == []
    assert texts_asked(["change_case:english_lowercase"], "all lower") == ["all lower"]
    assert texts_asked(["punctuation:no_comma"], "no language asked") == []
    paper = "<think>plan</think>\n\nLa respuesta."
    assert texts_asked(ids, paper, ("official", "ifevalpp-paper")) == [paper, "La respuesta."]


def test_verdicts_are_the_same_with_the_languages_primed():
    cases = [(["language:response_language"], [{"language": code}], text)
             for code in ("en", "de", "fr") for text in list(GENERATED[:25]) + _HARD]
    cases += [(["change_case:english_capital", "change_case:english_lowercase"], [None, None],
               text) for text in ("HELLO THERE MY FRIEND", "hello there my friend", "ÇA VA")]
    langid._primed.clear()
    plain = [check_all(ids, kwargs, text) for ids, kwargs, text in cases]
    from ifevalpp import text as text_module

    text_module.clear_caches()
    prime_languages([(ids, text) for ids, _, text in cases])
    assert langid._primed
    assert [check_all(ids, kwargs, text) for ids, kwargs, text in cases] == plain


@pytest.mark.skipif(not _LEFT_TO_RIGHT_SUM, reason="Python 3.12's sum compensates; the side-by-side "
                    "estimate is not used there")
def test_normalising_sums_add_left_to_right_as_python_does():
    rng = np.random.default_rng(3)
    for texts in (1, 2, 3, 17):
        prob = rng.random((texts, 55)) * np.exp(rng.uniform(-30, 30, (texts, 55)))
        expected = [sum(row) for row in prob.tolist()]
        copy = prob.copy()
        _normalise(copy)
        assert copy.tolist() == [[value / norm for value in row]
                                 for row, norm in zip(prob.tolist(), expected)]
