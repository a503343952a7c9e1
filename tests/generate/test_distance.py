"""The bit-parallel edit distance equals the textbook dynamic programme."""

from __future__ import annotations

import random

from ifevalpp.generate.distance import (far_enough, levenshtein, levenshtein_reference,
                                        normalized_distance, tokens)


def test_bit_parallel_matches_reference_on_random_sequences():
    rng = random.Random(7)
    for _ in range(1500):
        a = [rng.choice("abcde") for _ in range(rng.randrange(0, 15))]
        b = [rng.choice("abcde") for _ in range(rng.randrange(0, 15))]
        assert levenshtein(a, b) == levenshtein_reference(a, b)


def test_bit_parallel_matches_reference_beyond_one_machine_word():
    rng = random.Random(8)
    for _ in range(30):
        a = [rng.choice("abcdefgh") for _ in range(rng.randrange(70, 260))]
        b = [rng.choice("abcdefgh") for _ in range(rng.randrange(70, 260))]
        assert levenshtein(a, b) == levenshtein_reference(a, b)


def test_known_values():
    assert levenshtein("kitten", "sitting") == 3
    assert levenshtein("", "abc") == 3
    assert levenshtein("same", "same") == 0


def test_normalised_distance_counts_tokens():
    assert tokens("Write a poem, please.") == ("Write", "a", "poem", ",", "please", ".")
    assert normalized_distance("a b c d", "a b c d") == 0.0
    assert normalized_distance("a b c d", "a b x d") == 0.25


def test_far_enough_reports_the_closest_prompt():
    ok, distance = far_enough("a b c d", ["w x y z", "a b c e"], 0.5)
    assert not ok and distance == 0.25
