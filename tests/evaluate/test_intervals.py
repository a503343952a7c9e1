"""Intervals that mean something: exact at 0 %, 100 % and small n, covering by simulation.

Every figure is a proportion; its interval is Clopper–Pearson at the n the data are
worth (the design-effect-adjusted n of Korn and Graubard for clustered figures). The
coverage harness below packs thousands of simulated runs into one RatioSums (one metric
per simulated run, the same F families), so a whole simulation is one vectorised call.
"""

from __future__ import annotations

import numpy as np
import pytest

from ifevalpp.evaluate import score
from ifevalpp.evaluate.bootstrap import RatioSums
from ifevalpp.evaluate.intervals import (CLUSTERED, EXACT, clopper_pearson, effective_n,
                                         proportion_intervals)
from tests.evaluate.builders import family_prompts, responses_for, write_lines

REPLICATIONS = 3000


def simulated(families: int, p: float, icc: float, max_items: int, *, seed: int
              ) -> tuple[RatioSums, float]:
    """REPLICATIONS runs of `families` clusters holding 1…max_items 0/1 items each; within a
    family the items share a pass probability drawn from a beta with mean p and the given
    intra-cluster correlation. Returns the sums (one metric per run) and the true p."""
    rng = np.random.default_rng(seed)
    items = rng.integers(1, max_items + 1, size=(families, REPLICATIONS))
    if icc > 0 and 0 < p < 1:
        a, b = p * (1 - icc) / icc, (1 - p) * (1 - icc) / icc
        chance = rng.beta(a, b, size=items.shape)
    else:
        chance = np.full(items.shape, p)
    passed = rng.binomial(items, chance)
    return RatioSums(ids=[f"run{r}" for r in range(REPLICATIONS)],
                     num=passed[:, :, None].astype(float), den=items[:, :, None].astype(float),
                     den_of=np.arange(REPLICATIONS)), p


def coverage(intervals, truth: float) -> float:
    return float(((intervals.low <= truth) & (truth <= intervals.high)).mean())


def wald(sums: RatioSums) -> tuple[np.ndarray, np.ndarray]:
    """The textbook interval that collapses at the edges (the harness must catch it)."""
    n = sums.den.sum(axis=0)[:, 0]
    p = sums.num.sum(axis=0)[:, 0] / n
    half = 1.96 * np.sqrt(p * (1 - p) / n)
    return p - half, p + half


# (families, true p, intra-family correlation, most items per family)
GRID = [(20, 0.95, 0.0, 1), (17, 0.97, 0.0, 1), (10, 0.5, 0.0, 1), (40, 0.99, 0.0, 1),
        (20, 0.03, 0.0, 1), (8, 0.8, 0.0, 1),
        (20, 0.9, 0.3, 3), (10, 0.95, 0.3, 3), (50, 0.8, 0.2, 10), (5, 0.6, 0.1, 4),
        (30, 0.7, 0.3, 10), (20, 0.05, 0.2, 3)]


@pytest.mark.parametrize("families,p,icc,max_items", GRID)
def test_intervals_cover_the_true_proportion_at_least_93_percent_of_the_time(
        families, p, icc, max_items):
    sums, truth = simulated(families, p, icc, max_items, seed=families * 1000 + int(p * 100))
    assert coverage(proportion_intervals(sums), truth) >= 0.93


def test_the_coverage_harness_catches_an_interval_that_collapses_at_the_edge():
    # Wald's interval is [100, 100] whenever all 20 pass, which happens 36 % of the time at
    # p = 0.95: its coverage falls far below 95 %, and the harness sees it.
    sums, truth = simulated(20, 0.95, 0.0, 1, seed=7)
    low, high = wald(sums)
    assert float(((low <= truth) & (truth <= high)).mean()) < 0.9


def test_all_passing_is_not_reported_as_certain():
    low, high = clopper_pearson(np.array([17.0, 20.0, 0.0]), np.array([17.0, 20.0, 20.0]))
    assert high[0] == 1.0 and low[0] == pytest.approx(0.025 ** (1 / 17))   # 80.5 %
    assert low[1] == pytest.approx(0.025 ** (1 / 20)) and low[1] < 0.9     # 83.2 %
    assert low[2] == 0.0 and high[2] == pytest.approx(1 - 0.025 ** (1 / 20))


def test_a_plain_proportion_gets_the_exact_clopper_pearson_interval():
    # 7 of 10 families pass, one item each: exactly the binomial interval [34.75, 93.33].
    sums = RatioSums(ids=["x"], num=np.array([1.0] * 7 + [0.0] * 3)[:, None, None],
                     den=np.ones((10, 1, 1)), den_of=np.array([0]))
    result = proportion_intervals(sums)
    assert result.method == [EXACT]
    assert result.low[0] == pytest.approx(0.34755, abs=1e-4)
    assert result.high[0] == pytest.approx(0.93326, abs=1e-4)


def test_a_clustered_proportion_is_worth_fewer_items_than_it_counts():
    # Five families of four instructions, whole families pass or fail together: the 20
    # instructions carry the information of about five.
    passed = np.array([4.0, 4.0, 4.0, 0.0, 4.0])
    sums = RatioSums(ids=["x"], num=passed[:, None, None], den=np.full((5, 1, 1), 4.0),
                     den_of=np.array([0]))
    result = proportion_intervals(sums)
    assert result.method == [CLUSTERED]
    assert effective_n(sums)[0] < 5
    independent = clopper_pearson(np.array([16.0]), np.array([20.0]))
    assert result.low[0] < independent[0][0]


def test_all_passing_clustered_items_count_one_per_family():
    sums = RatioSums(ids=["x"], num=np.full((6, 1, 1), 3.0), den=np.full((6, 1, 1), 3.0),
                     den_of=np.array([0]))
    assert effective_n(sums)[0] == 6
    assert proportion_intervals(sums).low[0] == pytest.approx(0.025 ** (1 / 6))


def test_twenty_families_all_passing_score_100_with_a_lower_bound_below_90(tmp_path):
    prompts = family_prompts(range(1, 21))
    report = score(write_lines(tmp_path / "responses.jsonl", responses_for(prompts)),
                   write_lines(tmp_path / "families.jsonl", prompts))
    for metric in ("ifeval/prompt_strict", "reliable/strict/10", "prompts/all/prompt_strict"):
        estimate = report.estimate(metric)
        assert estimate.value == 1.0 and estimate.ci_high == 1.0
        assert 0.5 < estimate.ci_low < 0.9, metric


def test_a_metric_without_data_has_no_interval():
    sums = RatioSums(ids=["x"], num=np.zeros((3, 1, 1)), den=np.zeros((3, 1, 1)),
                     den_of=np.array([0]))
    result = proportion_intervals(sums)
    assert np.isnan(result.value[0]) and np.isnan(result.low[0]) and result.method == ["none"]
