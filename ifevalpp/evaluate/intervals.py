"""Confidence intervals for proportions that do not collapse at 0 %, 100 % or small n.

Every number `score` reports is a proportion: a ratio of sums over families
(the clusters), averaged over sample indices (see `bootstrap.RatioSums`). Its
interval is Clopper–Pearson's exact binomial interval, at the number of
independent items the data are worth:

* a figure to which each family contributes at most one item per sample
  (prompt-level accuracy on plain IFEval cases, reliable@k, the drop) uses n
  itself: for 0/1 items this is exactly Clopper–Pearson;
* a figure where a family contributes several correlated items (instructions of
  one prompt, the ten prompts of a family, the three cousins of a kind) uses the
  effective n of Korn and Graubard (1998): n_eff = p(1 − p) / V, with V the
  cluster-robust (linearised) variance of the ratio, times (z / t_{G−1})² for
  the G families that carry the figure, never more than n. Where p is 0 or 1
  the variance says nothing about the design effect, and n_eff = G (as if each
  family were a single item: the most cautious reading).

So 17 of 17 is reported as [80.5, 100] rather than [100, 100], and one family is
never taken for a large sample. The simulation in
tests/evaluate/test_intervals.py checks the coverage; docs/metrics.md reports
it. Everything is vectorised over metrics: a few array operations for a report.
"""

from __future__ import annotations

from typing import cast

import numpy as np

from . import special
from .bootstrap import Intervals, RatioSums

DEFAULT_CONFIDENCE = 0.95
EXACT = "Clopper-Pearson"
CLUSTERED = "Korn-Graubard"
NO_DATA = "none"


def clopper_pearson(successes: np.ndarray, n: np.ndarray, confidence: float = DEFAULT_CONFIDENCE
                    ) -> tuple[np.ndarray, np.ndarray]:
    """Exact binomial interval for `successes` of `n` (both may be fractional: the beta
    quantiles are defined for any positive parameters); NaN where n is 0."""
    betaincinv = special.functions().betaincinv

    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")
    x = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    alpha = 1.0 - confidence
    x = np.clip(x, 0.0, np.maximum(n, 0.0))
    with np.errstate(invalid="ignore", divide="ignore"):
        low = np.where(x > 0, betaincinv(np.maximum(x, 1e-300), np.maximum(n - x + 1, 1e-300),
                                         alpha / 2), 0.0)
        high = np.where(x < n, betaincinv(x + 1, np.maximum(n - x, 1e-300), 1 - alpha / 2), 1.0)
    empty = ~(n > 0)
    return np.where(empty, np.nan, low), np.where(empty, np.nan, high)


def _linearised(sums: RatioSums) -> tuple[np.ndarray, ...]:
    """Per family and base metric, its contribution to the estimate's error (the influence
    of the ratio, averaged over sample indices), with the counts the interval needs.

    Returns (influence (F, M), items (M,) = mean over samples of Σ den, clusters (M,) =
    families with data, single (M,) bool = no family holds more than one item per sample).
    """
    num, den = sums.num, sums.den[:, sums.den_of, :]           # (F, M, S)
    totals = den.sum(axis=0)                                     # (M, S)
    counted = totals > 0
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(counted, num.sum(axis=0) / totals, 0.0)   # (M, S)
        scale = np.where(counted, totals, 1.0)[None]
        per = np.where(counted[None], (num - ratio[None] * den) / scale, 0.0)
    samples = np.maximum(counted.sum(axis=1), 1)                 # (M,)
    influence = per.sum(axis=2) / samples[None, :]
    items = np.where(counted, totals, 0.0).sum(axis=1) / samples
    clusters = (den > 0).any(axis=2).sum(axis=0)
    single = cast(np.ndarray, (den <= 1).all(axis=(0, 2)))
    return influence, items, clusters.astype(float), single


def _effective_n(value: np.ndarray, variance: np.ndarray, items: np.ndarray,
                 clusters: np.ndarray, single: np.ndarray, confidence: float) -> np.ndarray:
    """The n each interval is computed at (see the module docstring)."""
    # The quantiles scipy.stats' norm.ppf and t.ppf evaluate, without importing scipy.stats.
    ndtri, stdtrit = special.functions().ndtri, special.functions().stdtrit

    z = float(ndtri(0.5 + confidence / 2))
    df = np.maximum(clusters - 1, 1)
    shrink = np.where(single | (clusters < 2), 1.0, (z / stdtrit(df, 0.5 + confidence / 2)) ** 2)
    p = np.clip(np.nan_to_num(value), 0.0, 1.0)
    spread = p * (1 - p)
    with np.errstate(divide="ignore", invalid="ignore"):
        raw = np.where(variance > 0, spread / variance, np.inf)
    edge = (spread <= 0) | ~np.isfinite(raw)
    n_eff = np.where(edge, np.where(single, items, clusters), raw * shrink)
    return np.maximum(np.minimum(n_eff, items), np.minimum(1.0, items))


def _bounds(value: np.ndarray, variance: np.ndarray, items: np.ndarray, clusters: np.ndarray,
            single: np.ndarray, confidence: float) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Clopper–Pearson at each metric's effective n; NaN where there is no data."""
    ndtri = special.functions().ndtri

    n_eff = _effective_n(value, variance, items, clusters, single, confidence)
    p = np.clip(np.nan_to_num(value), 0.0, 1.0)
    low, high = clopper_pearson(p * n_eff, n_eff, confidence)
    outside = (value < 0) | (value > 1)  # a drop below zero (first-k): a plain normal interval
    if outside.any():
        half = float(ndtri(0.5 + confidence / 2)) * np.sqrt(np.maximum(variance, 0))
        low = np.where(outside, value - half, low)
        high = np.where(outside, value + half, high)
    missing = np.isnan(value) | ~(items > 0)
    methods = [NO_DATA if gone else EXACT if one else CLUSTERED
               for gone, one in zip(missing, single)]
    return np.where(missing, np.nan, low), np.where(missing, np.nan, high), methods


def _parts(sums: RatioSums) -> tuple[np.ndarray, ...]:
    """value, variance, items, clusters, single for every metric, base and derived (the
    relative drop 1 − a / b, linearised by the delta method), in `sums.all_ids` order."""
    value = sums.estimate()
    base = value[:len(sums.ids)]
    influence, items, clusters, single = _linearised(sums)
    variance = [(influence ** 2).sum(axis=0)]
    items_, clusters_, single_ = [items], [clusters], [single]
    for _, a, b in sums.derived:
        with np.errstate(divide="ignore", invalid="ignore"):
            drop = -(influence[:, a] / base[b] - base[a] * influence[:, b] / base[b] ** 2)
        variance.append(np.array([(drop ** 2).sum()]))
        items_.append(items[b:b + 1])
        clusters_.append(clusters[b:b + 1])
        single_.append(single[b:b + 1] & single[a:a + 1])
    return (value, np.concatenate(variance), np.concatenate(items_), np.concatenate(clusters_),
            np.concatenate(single_))


def proportion_intervals(sums: RatioSums, *, confidence: float = DEFAULT_CONFIDENCE
                         ) -> Intervals:
    """Value and interval of every metric of `sums` (base and derived), in `sums.all_ids`
    order; the method per metric is Clopper-Pearson, Korn-Graubard or none (no data)."""
    value, variance, items, clusters, single = _parts(sums)
    low, high, methods = _bounds(value, variance, items, clusters, single, confidence)
    return Intervals(list(sums.all_ids), value, low, high, methods, 0, confidence, None)


def effective_n(sums: RatioSums, *, confidence: float = DEFAULT_CONFIDENCE) -> np.ndarray:
    """The n every metric's interval is computed at, in `sums.all_ids` order."""
    value, variance, items, clusters, single = _parts(sums)
    return _effective_n(value, variance, items, clusters, single, confidence)


__all__ = ["CLUSTERED", "EXACT", "NO_DATA", "clopper_pearson", "effective_n",
           "proportion_intervals"]
