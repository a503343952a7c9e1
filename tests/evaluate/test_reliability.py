"""reliable@k: hand-computed values, brute-force subset enumeration, and the per-family table."""

from __future__ import annotations

import math
from itertools import combinations, product

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ifevalpp.evaluate.reliability import family_table, reliable_at_k
from tests.evaluate.builders import family, missing, verdict


def brute_force(original: bool, cousins: tuple[bool, ...], k: int) -> float:
    """The definition read literally: the share of (k−1)-subsets of cousins that pass with o."""
    subsets = list(combinations(range(len(cousins)), k - 1))
    return sum(original and all(cousins[i] for i in subset) for subset in subsets) / len(subsets)


@pytest.mark.parametrize("original, c, m, k, expected", [
    (1, 9, 9, 1, 1.0),                        # reliable@1 is pass(o)
    (0, 9, 9, 1, 0.0),
    (1, 0, 9, 1, 1.0),                        # cousins do not matter at k = 1
    (1, 5, 9, 3, 10 / 36),                    # C(5,2) / C(9,2)
    (1, 1, 9, 3, 0.0),                        # C(1,2) = 0: fewer passing cousins than needed
    (1, 8, 9, 10, 0.0),                       # reliable@10 needs all nine cousins
    (1, 9, 9, 10, 1.0),                       # ... and then it is 1
    (0, 9, 9, 10, 0.0),                       # a failing original fails every k
    (1, 2, 3, 2, 2 / 3),                      # one kind: 2 of 3 cousins pass
    (1, 2, 3, 4, 0.0),
], ids=["k1-pass", "k1-fail", "k1-no-cousin-passes", "k3", "choose-zero", "k10-one-fails",
        "k10-all", "k10-original-fails", "kind-k2", "kind-k4"])
def test_reliable_at_k_matches_hand_computed_values(original, c, m, k, expected):
    assert float(reliable_at_k(original, c, m, k)) == pytest.approx(expected)


def test_reliable_at_k_is_undefined_beyond_the_family_size():
    assert math.isnan(float(reliable_at_k(1, 3, 3, 5)))


def test_reliable_at_k_rejects_k_below_one_and_impossible_counts():
    with pytest.raises(ValueError, match="k must be at least 1"):
        reliable_at_k(1, 1, 1, 0)
    with pytest.raises(ValueError, match="between 0 and the number of cousins"):
        reliable_at_k(1, 4, 3, 2)


@pytest.mark.parametrize("m", range(0, 7))
def test_reliable_at_k_equals_brute_force_enumeration_of_cousin_subsets(m):
    for original, cousins in product((False, True), product((False, True), repeat=m)):
        for k in range(1, m + 2):
            fast = float(reliable_at_k(int(original), sum(cousins), m, k))
            assert fast == pytest.approx(brute_force(original, cousins, k)), (original, cousins, k)


@given(c=st.integers(0, 12), extra=st.integers(0, 6), original=st.booleans())
def test_reliable_at_k_is_non_increasing_in_k(c, extra, original):
    m = c + extra
    values = [float(reliable_at_k(int(original), c, m, k)) for k in range(1, m + 2)]
    assert all(later <= earlier + 1e-12 for earlier, later in zip(values, values[1:]))
    assert values[-1] == float(original and c == m)


def test_family_table_counts_passes_per_kind_and_sample():
    records = (family(1, True, rephrasing=[True, False, True], distractor=[True, True, True],
                      reconfiguration=[False, False, True])
               + family(1, False, sample=1, rephrasing=[True, True, True],
                        distractor=[True, True, True], reconfiguration=[True, True, True]))
    table = family_table(records)
    assert table.cases == [1] and table.samples == [0, 1]
    assert table.sizes.tolist() == [[1, 3, 3, 3]]
    assert table.passing[0, 0, :, 0].tolist() == [1, 2, 3, 1]
    assert table.passing[0, 1, :, 0].tolist() == [0, 3, 3, 3]
    assert table.usable.tolist() == [[True, True]]
    values, defined = table.reliability(10, mode="strict")
    # sample 0: o passes, 6 of 9 cousins pass → reliable@3 = C(6,2)/C(9,2) = 15/36
    assert values[0, 0, 2] == pytest.approx(15 / 36)
    assert values[0, 0, 9] == 0.0 and values[0, 1].tolist() == [0.0] * 10
    assert defined.all()
    kind_values, _ = table.reliability(4, mode="strict", kind="reconfiguration")
    assert kind_values[0, 0].tolist() == pytest.approx([1.0, 1 / 3, 0.0, 0.0])


def test_a_family_with_a_missing_response_is_excluded_only_in_that_sample_and_counted():
    records = (family(1, True, rephrasing=[True]) + family(1, True, rephrasing=[True], sample=1)
               + family(2, True, rephrasing=[False], sample=1)
               + [verdict(2, "original", 0, True, sample=0)])
    gaps = [missing(2, "rephrasing", 1, sample=0, reason="request failed: HTTP 500")]
    table = family_table(records, gaps)
    assert table.cases == [1, 2]
    assert table.usable.tolist() == [[True, True], [False, True]]
    assert table.excluded().tolist() == [False, True]
    assert "2:rephrasing:1 sample 0: request failed: HTTP 500" in table.missing_reasons[1]
    values, defined = table.reliability(2, mode="strict")
    assert defined[1, 0].tolist() == [False, False]
    assert values[1, 1].tolist() == [1.0, 0.0]


def test_a_family_smaller_than_k_is_undefined_for_that_k():
    table = family_table(family(1, True, rephrasing=[True]) +
                         family(2, True, rephrasing=[True, True, True]))
    _, defined = table.reliability(4, mode="strict")
    assert defined[:, 0].tolist() == [[True, True, False, False], [True, True, True, True]]


def test_loose_mode_uses_loose_verdicts():
    records = [verdict(1, "original", 0, False, loose=True),
               verdict(1, "rephrasing", 1, False, loose=True)]
    table = family_table(records)
    strict, _ = table.reliability(2, mode="strict")
    loose, _ = table.reliability(2, mode="loose")
    assert strict[0, 0].tolist() == [0.0, 0.0] and loose[0, 0].tolist() == [1.0, 1.0]


def test_the_per_type_counts_split_by_kind():
    records = [verdict(1, "original", 0, [True, False], types=["a:x", "b:y"]),
               verdict(1, "distractor", 1, [False, False], types=["a:x", "b:y"])]
    table = family_table(records)
    assert table.types == ["a:x", "b:y"]
    assert table.type_counts[0, 0].tolist() == [[1, 1], [0, 0], [1, 1], [0, 0]]
    assert table.type_passing[0, 0, :, :, 0].tolist() == [[1, 0], [0, 0], [0, 0], [0, 0]]


def test_families_are_in_numeric_case_order_and_an_explicit_order_wins():
    records = family(1000, True) + family(999, True) + family(5, True)
    assert family_table(records).cases == [5, 999, 1000]
    records = family(5, True) + family(3, True)
    assert family_table(records, cases=[3, 5, 9]).cases == [3, 5, 9]
    assert np.asarray(family_table(records, cases=[3, 5, 9]).sizes[2]).tolist() == [0, 0, 0, 0]
