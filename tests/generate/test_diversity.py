"""Diversity figures of added sentences (the manifest's per-kind figures)."""

from __future__ import annotations

from types import SimpleNamespace

from ifevalpp.generate.diversity import (added_sentences, distinct_4grams, family_diversity,
                                         kind_diversity, normalise, summary_line)

ORIGINAL = 'Write a poem about the sea. Use the word "tide" at least 3 times.'


def test_normalise_hides_numbers_and_quoted_values():
    assert normalise('Use the word "tide" at least 3 times.') == "use the word q at least n times."


def test_added_sentences_leave_out_the_originals_own_sentences():
    cousin = 'Write a poem about the sea. Mention "wave" at least 4 times. Thanks!'
    assert added_sentences(cousin, ORIGINAL) == ['Mention "wave" at least 4 times.', "Thanks!"]
    # The same sentence with another value is still the original's sentence.
    assert added_sentences('Use the word "wave" at least 9 times.', ORIGINAL) == []


def test_distinct_4grams_counts_distinct_over_all():
    # "one two three four five" has 2 four-grams, "one two three four" repeats the first.
    assert distinct_4grams(["one two three four five", "one two three four"]) == round(2 / 3, 3)
    assert distinct_4grams(["a b c d", "a b c d"]) == 0.5
    assert distinct_4grams(["we go to the sea", "we go to the shop"]) == round(3 / 4, 3)


def test_distinct_4grams_is_taken_on_a_seeded_sample_of_1000():
    import random

    words = ["ant", "bee", "cat", "dog", "eel", "fox", "gnu", "hen"]
    rng = random.Random(7)
    many = [" ".join(rng.choice(words) for _ in range(5)) for _ in range(1000)]
    many += ["ant bee cat dog eel"] * 2000
    expected = distinct_4grams(random.Random(0).sample(many, 1000), sample=1000)
    assert distinct_4grams(many) == expected
    assert distinct_4grams(many) != distinct_4grams(many[:1000])


def test_kind_figures_name_the_most_reused_sentence():
    pairs = [("Keep it short. Thanks!", ""), ("Keep it brief. Thanks!", ""), ("Thanks!", "")]
    figures = kind_diversity(pairs)
    assert figures.added_sentences == 5
    assert figures.distinct_added_sentences == 3
    assert figures.most_reused == "Thanks!" and figures.most_reused_count == 3
    assert figures.top9_share == 1.0


def test_family_diversity_groups_by_kind_and_skips_originals():
    variants = [SimpleNamespace(case=1, kind="original", prompt=ORIGINAL),
                SimpleNamespace(case=1, kind="rephrasing", prompt="Could you write a sea poem?"),
                SimpleNamespace(case=1, kind="distractor", prompt=ORIGINAL + " End with a question.")]
    figures = family_diversity(variants, {"1": ORIGINAL})
    assert list(figures) == ["distractor", "rephrasing"]
    assert figures["distractor"].most_reused == "End with a question."
    assert summary_line(figures).startswith("diversity: distractor d4 ")
