"""The vectorised cluster bootstrap against a slow, obvious loop, plus its edges."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.special import ndtr, ndtri

from ifevalpp.evaluate.bootstrap import (SumsBuilder, bootstrap_intervals, paired_intervals,
                                         ratio_intervals, resample_weights)


# -- the reference: one resample at a time, metrics as plain sums over a list of families ------

def readable_metric(num: np.ndarray, den: np.ndarray, families: list[int]) -> float:
    """Mean over samples of Σ num / Σ den over the listed families (repeats count again)."""
    per_sample = []
    for s in range(num.shape[1]):
        top = sum(num[f, s] for f in families)
        bottom = sum(den[f, s] for f in families)
        if bottom > 0:
            per_sample.append(top / bottom)
    return sum(per_sample) / len(per_sample) if per_sample else float("nan")


def readable_bootstrap(num, den, *, n_resamples, confidence, seed):
    """Loop bootstrap: percentile and BCa (Efron & Tibshirani 14.3, jackknife acceleration)."""
    n = num.shape[0]
    rng = np.random.default_rng(seed)
    theta = readable_metric(num, den, list(range(n)))
    draws = []
    for _ in range(n_resamples):
        families = [int(i) for i in rng.integers(0, n, n)]
        draws.append(readable_metric(num, den, families))
    draws = np.array(draws)
    alpha = (1 - confidence) / 2
    percentile = (np.quantile(draws, alpha), np.quantile(draws, 1 - alpha))
    below = sum(d < theta for d in draws) + sum(d <= theta for d in draws)
    z0 = ndtri(below / (2 * n_resamples))
    jack = [readable_metric(num, den, [f for f in range(n) if f != left_out])
            for left_out in range(n)]
    mean = sum(jack) / n
    u = [(n - 1) * (mean - value) for value in jack]
    a = sum(x ** 3 for x in u) / n ** 3 / 6 / (sum(x ** 2 for x in u) / n ** 2) ** 1.5
    levels = []
    for z in (ndtri(alpha), -ndtri(alpha)):
        levels.append(ndtr(z0 + (z0 + z) / (1 - a * (z0 + z))))
    bca = (np.quantile(draws, levels[0]), np.quantile(draws, levels[1]))
    return theta, percentile, bca


def small_data(seed: int = 1, families: int = 23, samples: int = 2):
    rng = np.random.default_rng(seed)
    den = rng.integers(1, 4, size=(families, samples)).astype(float)   # e.g. instructions
    num = np.minimum(den, rng.integers(0, 4, size=(families, samples))).astype(float)
    return num, den


def sums_of(*metrics: tuple[str, np.ndarray, np.ndarray]):
    num0 = metrics[0][1]
    builder = SumsBuilder(num0.shape[0], num0.shape[1])
    for name, num, den in metrics:
        builder.add(name, num, den, den_key=name)
    return builder.build()


def test_the_vectorised_bca_interval_equals_the_loop_reference_on_small_data():
    num, den = small_data()
    theta, _, (low, high) = readable_bootstrap(num, den, n_resamples=400, confidence=0.9, seed=7)
    result = ratio_intervals(sums_of(("m", num, den)), n_resamples=400, confidence=0.9, seed=7,
                             batch=64)
    assert result.method == ["BCa"]
    assert result.value[0] == pytest.approx(theta, abs=1e-12)
    assert result.low[0] == pytest.approx(low, abs=1e-12)
    assert result.high[0] == pytest.approx(high, abs=1e-12)


def test_every_metric_is_computed_on_the_same_resampled_families():
    num, den = small_data(seed=2)
    other_num, other_den = small_data(seed=3)
    together = ratio_intervals(sums_of(("a", num, den), ("b", other_num, other_den)),
                               n_resamples=300, seed=11)
    alone = ratio_intervals(sums_of(("b", other_num, other_den)), n_resamples=300, seed=11)
    assert together.low[1] == pytest.approx(alone.low[0], abs=1e-12)
    assert together.high[1] == pytest.approx(alone.high[0], abs=1e-12)


def test_the_percentile_fallback_equals_the_loop_reference_when_bca_is_undefined():
    num, den = small_data(seed=4)
    num[:] = den  # every item passes: a degenerate bootstrap distribution, BCa undefined
    result = ratio_intervals(sums_of(("all-pass", num, den)), n_resamples=200, seed=0)
    assert result.method == ["percentile"]
    assert (result.value[0], result.low[0], result.high[0]) == (1.0, 1.0, 1.0)


def test_the_same_seed_gives_the_same_numbers_and_another_seed_other_numbers():
    sums = sums_of(("m", *small_data(seed=5)))
    first = ratio_intervals(sums, n_resamples=500, seed=3)
    again = ratio_intervals(sums, n_resamples=500, seed=3)
    other = ratio_intervals(sums, n_resamples=500, seed=4)
    assert (first.low[0], first.high[0]) == (again.low[0], again.high[0])
    assert (first.low[0], first.high[0]) != (other.low[0], other.high[0])


def test_the_batch_size_does_not_change_the_numbers():
    sums = sums_of(("m", *small_data(seed=6)))
    whole = ratio_intervals(sums, n_resamples=300, seed=1, batch=None)
    pieces = ratio_intervals(sums, n_resamples=300, seed=1, batch=7)
    assert whole.low[0] == pytest.approx(pieces.low[0], abs=1e-12)
    assert whole.high[0] == pytest.approx(pieces.high[0], abs=1e-12)


def test_a_metric_without_data_in_some_resamples_uses_the_resamples_that_have_it():
    num, den = small_data(seed=8)
    rare_den = np.zeros_like(den)
    rare_den[0] = 1.0  # only family 0 has this instruction type
    rare_num = rare_den * (num > 0)
    result = ratio_intervals(sums_of(("rare", rare_num, rare_den)), n_resamples=200, seed=0)
    assert result.method == ["percentile"]
    assert 0.0 <= result.low[0] <= result.value[0] <= result.high[0] <= 1.0


def test_several_samples_are_averaged_per_sample_not_pooled():
    num = np.array([[1.0, 0.0], [1.0, 1.0]])
    den = np.array([[1.0, 0.0], [1.0, 3.0]])  # sample 1: family 0 has nothing, family 1 1/3
    sums = sums_of(("m", num, den))
    assert sums.estimate()[0] == pytest.approx((2 / 2 + 1 / 3) / 2)


def test_a_relative_drop_is_one_minus_the_ratio_on_every_resample():
    num1, den = small_data(seed=9)
    num2 = np.minimum(num1, 1.0)
    builder = SumsBuilder(*num1.shape)
    builder.add("r1", num1, den, den_key="d")
    builder.add("r10", num2, den, den_key="d")
    builder.add_relative_drop("drop", "r10", "r1")
    sums = builder.build()
    weights = resample_weights(np.random.default_rng(0).integers(0, num1.shape[0], (5, num1.shape[0])),
                               num1.shape[0])
    values = sums.evaluate(weights)
    assert values[2] == pytest.approx(1 - values[1] / values[0])


def test_a_paired_difference_of_identical_runs_is_exactly_zero():
    sums = sums_of(("m", *small_data(seed=10)))
    result = paired_intervals(sums, sums, n_resamples=200, seed=0)
    assert (result.value[0], result.low[0], result.high[0]) == (0.0, 0.0, 0.0)


def test_the_paired_difference_equals_a_loop_over_the_same_families():
    num_a, den = small_data(seed=12)
    num_b = np.maximum(num_a - 1, 0)
    rng = np.random.default_rng(5)
    diffs = []
    for _ in range(300):
        families = [int(i) for i in rng.integers(0, den.shape[0], den.shape[0])]
        diffs.append(readable_metric(num_a, den, families) - readable_metric(num_b, den, families))
    result = paired_intervals(sums_of(("m", num_a, den)), sums_of(("m", num_b, den)),
                              n_resamples=300, seed=5, confidence=0.8)
    inside = np.mean([(result.low[0] <= d <= result.high[0]) for d in diffs])
    assert 0.7 <= inside <= 0.9  # a BCa 80% interval of this very distribution
    assert result.value[0] == pytest.approx(readable_metric(num_a, den, list(range(den.shape[0])))
                                            - readable_metric(num_b, den, list(range(den.shape[0]))))


def test_zero_resamples_gives_values_without_intervals():
    sums = sums_of(("m", *small_data()))
    result = ratio_intervals(sums, n_resamples=0)
    assert result.method == ["none"] and np.isnan(result.low[0])


def test_no_families_raises_a_clear_error():
    with pytest.raises(ValueError, match="no families to resample"):
        bootstrap_intervals(lambda w: np.zeros((1, w.shape[0])), 0, ["m"], n_resamples=10)


def test_resample_weights_count_how_often_each_family_was_drawn():
    weights = resample_weights(np.array([[0, 0, 2], [1, 2, 2]]), 3)
    assert weights.tolist() == [[2, 0, 1], [0, 1, 2]]
