"""The first-k estimator against hand-computed families (IFEval++'s calculate_reliable_at_k)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from ifevalpp.evaluate.first_k import Outcome, first_k_columns, release_numbers, sampling_numbers
from tests.evaluate.builders import family

T, F = True, False


def outcomes(case: int, original: bool, **cousins: list[bool]) -> list[Outcome]:
    rows = [Outcome(str(case), "original", original)]
    for kind in ("rephrasing", "distractor", "reconfiguration"):
        rows += [Outcome(str(case), kind, passed) for passed in cousins.get(kind, [])]
    return rows


# Three families, worked by hand:
#   1: original passes; rephrasing T T T; distractor F T T; reconfiguration T T F  (8 of 10 pass)
#   2: every prompt passes                                                        (10 of 10)
#   3: original fails, every cousin passes                                         (9 of 10)
THREE = (outcomes(1, T, rephrasing=[T, T, T], distractor=[F, T, T], reconfiguration=[T, T, F])
         + outcomes(2, T, rephrasing=[T, T, T], distractor=[T, T, T], reconfiguration=[T, T, T])
         + outcomes(3, F, rephrasing=[T, T, T], distractor=[T, T, T], reconfiguration=[T, T, T]))


def test_three_hand_computed_families():
    numbers = release_numbers(THREE)
    assert numbers["all"] == pytest.approx(1 / 3)            # only family 2
    assert numbers["original"] == pytest.approx(2 / 3)       # families 1 and 2
    assert numbers["rephrasing@2"] == pytest.approx(2 / 3)
    assert numbers["rephrasing@4"] == pytest.approx(2 / 3)
    assert numbers["distractor@2"] == pytest.approx(1 / 3)   # family 1's first distractor fails
    assert numbers["distractor@4"] == pytest.approx(1 / 3)
    assert numbers["reconfiguration@2"] == pytest.approx(2 / 3)
    assert numbers["reconfiguration@4"] == pytest.approx(1 / 3)  # family 1's third one fails
    assert numbers["drop"] == pytest.approx(1 - (1 / 3) / (2 / 3))


def test_cousin_order_matters():
    first_fails = release_numbers(outcomes(1, T, rephrasing=[F, T, T]))
    last_fails = release_numbers(outcomes(1, T, rephrasing=[T, T, F]))
    assert first_fails["rephrasing@2"] == 0 and last_fails["rephrasing@2"] == 1
    assert first_fails["rephrasing@4"] == 0 and last_fails["rephrasing@4"] == 0


def test_originals_count_first_wherever_they_stand_in_the_file():
    cousins_first = [Outcome("1", "distractor", T), Outcome("1", "original", F)]
    assert release_numbers(cousins_first)["distractor@2"] == 0  # chain is original, distractor


def test_fewer_than_three_cousins_of_a_kind_fail_at_4_but_still_count():
    numbers = release_numbers(outcomes(1, T, distractor=[T, T])
                              + outcomes(2, T, distractor=[T, T, T]))
    assert numbers["distractor@2"] == 1
    assert numbers["distractor@4"] == pytest.approx(1 / 2)


def test_a_family_without_a_cousin_of_a_kind_fails_that_kind_at_2():
    assert release_numbers(outcomes(1, T))["reconfiguration@2"] == 0


def test_all_needs_exactly_ten_passing_prompts():
    nine = outcomes(1, T, rephrasing=[T, T, T], distractor=[T, T, T], reconfiguration=[T, T])
    eleven = outcomes(2, T, rephrasing=[T, T, T, T], distractor=[T, T, T],
                      reconfiguration=[T, T, F])
    eleven_all = outcomes(3, T, rephrasing=[T, T, T, T], distractor=[T, T, T],
                          reconfiguration=[T, T, T])
    assert release_numbers(nine)["all"] == 0          # fewer than ten prompts never pass
    assert release_numbers(eleven)["all"] == 1        # ten of eleven pass: the release counts it
    assert release_numbers(eleven_all)["all"] == 0    # eleven pass: not exactly ten


def test_a_family_without_an_original_counts_for_all_and_kinds_but_not_original():
    numbers = release_numbers(outcomes(1, T, rephrasing=[T])
                              + [Outcome("2", "rephrasing", T), Outcome("2", "rephrasing", T)])
    assert numbers["original"] == 1                   # family 2 is not in this denominator
    assert numbers["all"] == 0
    assert numbers["rephrasing@2"] == 1               # family 2: its first two rephrasings


def test_a_missing_response_scored_as_failing_breaks_the_chain():
    # missing = fail: the missing second rephrasing is a failing prompt
    numbers = release_numbers(outcomes(1, T, rephrasing=[T, F, T]))
    assert numbers["rephrasing@2"] == 1 and numbers["rephrasing@4"] == 0


def test_drop_is_nan_when_no_original_passes():
    assert math.isnan(release_numbers(outcomes(1, F))["drop"])


def test_sampling_variant_passes_a_prompt_when_any_of_the_first_s_samples_passes():
    sample0 = outcomes(1, T, rephrasing=[F, T, T])
    sample1 = outcomes(1, F, rephrasing=[T, F, F])
    budget1, budget2 = sampling_numbers([sample0, sample1])
    assert budget1["rephrasing@2"] == 0 and budget1["original"] == 1
    assert budget2["rephrasing@2"] == 1 and budget2["rephrasing@4"] == 1


def test_per_family_columns_sum_to_the_release_numbers():
    records = (family(1, True, rephrasing=[True, True, True], distractor=[False, True, True],
                      reconfiguration=[True, True, False])
               + family(2, True, rephrasing=[True] * 3, distractor=[True] * 3,
                        reconfiguration=[True] * 3)
               + family(3, False, rephrasing=[True] * 3, distractor=[True] * 3,
                        reconfiguration=[True] * 3))
    columns = first_k_columns(records, [1, 2, 3], [0])
    expected = release_numbers(THREE)
    for name in columns.names:
        strict = columns.num[name][:, 0, 0].sum() / columns.den[name][:, 0, 0].sum()
        assert strict == pytest.approx(expected[name]), name


def test_excluded_families_leave_every_denominator():
    records = family(1, True, rephrasing=[True]) + family(2, False, rephrasing=[True])
    excluded = np.array([[False], [True]])
    columns = first_k_columns(records, [1, 2], [0], excluded=excluded)
    assert columns.den["original"][:, 0, 0].tolist() == [1, 0]
    assert columns.num["original"][:, 0, 0].tolist() == [1, 0]
