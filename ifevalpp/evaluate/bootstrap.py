"""Cluster bootstrap confidence intervals for ratio-of-sums metrics, vectorised over resamples.

Every number ifevalpp reports is a *ratio of sums over clusters* (families),
averaged over sample indices:

    value_j = mean over samples s of  Σ_f num[f, j, s] / Σ_f den[f, j, s]

(prompt-level accuracy: passes / answered originals; instruction-level:
passing instructions / instructions; reliable@k: Σ per-family reliable@k /
usable families). A bootstrap resample draws n families with replacement,
which is the same as giving family f a weight w_f = how often it was drawn;
the resampled value is the same formula with Σ_f w_f · …. So one matrix
product `weights (B × F) @ sums (F × columns)` evaluates every metric on every
resample at once, and all metrics share the same resampled families.

Intervals are `scipy.stats.bootstrap`'s BCa (bias-corrected and accelerated)
with the family index as the single resampled sample; where BCa is undefined
(a degenerate bootstrap distribution, resamples where the metric has no data)
the percentile interval of the resamples that have a value is used instead,
and the result says so. The jackknife BCa needs is the same matrix product with
leave-one-out weights, so it costs one (F × F) product, not F re-computations.
"""

from __future__ import annotations

import inspect
import warnings
from dataclasses import dataclass, field
from typing import Callable, Optional, Sequence

import numpy as np

from .defaults import DEFAULT_BATCH, DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED

Statistic = Callable[[np.ndarray], np.ndarray]  # weights (B, F) -> values (M, B)


@dataclass
class RatioSums:
    """Per-cluster numerators and denominators of M ratio metrics over S sample indices.

    `den` holds the distinct denominators once (many metrics share one);
    `den_of[j]` says which one metric j divides by. `derived` adds metrics that
    are functions of two others: (id, a, b) is the relative drop 1 − value_a / value_b.
    """

    ids: list[str]
    num: np.ndarray                  # (F, M, S)
    den: np.ndarray                  # (F, U, S)
    den_of: np.ndarray               # (M,) int
    derived: list[tuple[str, int, int]] = field(default_factory=list)

    @property
    def n_clusters(self) -> int:
        return self.num.shape[0]

    @property
    def all_ids(self) -> list[str]:
        return list(self.ids) + [name for name, _, _ in self.derived]

    def evaluate(self, weights: np.ndarray) -> np.ndarray:
        """Every metric for each row of cluster weights (B, F): an array (M + derived, B)."""
        weights = np.atleast_2d(np.asarray(weights, dtype=float))
        n_f, n_m, n_s = self.num.shape
        numerators = (weights @ self.num.reshape(n_f, n_m * n_s)).reshape(-1, n_m, n_s)
        denominators = (weights @ self.den.reshape(n_f, -1, )).reshape(-1, self.den.shape[1], n_s)
        denominators = denominators[:, self.den_of, :]
        with np.errstate(divide="ignore", invalid="ignore"):
            ratios = np.where(denominators > 0, numerators / denominators, np.nan)
            counted = (denominators > 0).sum(axis=2)
            values = np.where(counted > 0, np.nansum(ratios, axis=2) / np.maximum(counted, 1),
                              np.nan)
            if self.derived:
                extra = [1.0 - values[:, a] / values[:, b] for _, a, b in self.derived]
                values = np.concatenate([values, np.stack(extra, axis=1)], axis=1)
        return values.T

    def counts(self) -> dict[str, int]:
        """Items behind each metric over all clusters and samples (Σ den); a derived metric
        counts those of its reference (the drop: reliable@1's families)."""
        totals = self.den.sum(axis=(0, 2))[self.den_of]
        found = {name: int(round(total)) for name, total in zip(self.ids, totals)}
        for name, _, b in self.derived:
            found[name] = found[self.ids[b]]
        return found

    def estimate(self) -> np.ndarray:
        """The point estimates: every cluster weighted once."""
        return self.evaluate(np.ones((1, self.n_clusters)))[:, 0]

    def subset(self, ids: Sequence[str]) -> "RatioSums":
        """Only the metrics named in `ids` (base or derived), in the order of `ids`."""
        at = {name: position for position, name in enumerate(self.ids)}
        base = [name for name in ids if name in at]
        columns = [at[name] for name in base]
        used = sorted({int(self.den_of[column]) for column in columns})
        remap = {old: new for new, old in enumerate(used)}
        derived_at = {name: (a, b) for name, a, b in self.derived}
        new_at = {name: position for position, name in enumerate(base)}
        derived = []
        for name in ids:
            if name in derived_at:
                a, b = derived_at[name]
                if self.ids[a] in new_at and self.ids[b] in new_at:
                    derived.append((name, new_at[self.ids[a]], new_at[self.ids[b]]))
        return RatioSums(ids=base, num=np.ascontiguousarray(self.num[:, columns, :]),
                         den=np.ascontiguousarray(self.den[:, used, :]),
                         den_of=np.asarray([remap[int(self.den_of[c])] for c in columns],
                                           dtype=np.int64),
                         derived=derived)


class SumsBuilder:
    """Collect (metric id, numerator, denominator) columns into a RatioSums."""

    def __init__(self, n_clusters: int, n_samples: int) -> None:
        self.shape = (n_clusters, n_samples)
        self.ids: list[str] = []
        self._num: list[np.ndarray] = []
        self._den: list[np.ndarray] = []
        self._den_key: dict[str, int] = {}
        self._den_of: list[int] = []
        self._derived: list[tuple[str, str, str]] = []

    def add(self, metric_id: str, num: np.ndarray, den: np.ndarray, *, den_key: str) -> None:
        """Add metric `metric_id` = Σ num / Σ den; metrics with the same `den_key` share `den`."""
        if metric_id in self.ids:
            raise ValueError(f"metric {metric_id!r} added twice")
        num = np.asarray(num, dtype=float).reshape(self.shape)
        position = self._den_key.get(den_key)
        if position is None:
            position = self._den_key[den_key] = len(self._den)
            self._den.append(np.asarray(den, dtype=float).reshape(self.shape))
        self.ids.append(metric_id)
        self._num.append(num)
        self._den_of.append(position)

    def add_relative_drop(self, metric_id: str, value: str, reference: str) -> None:
        """Add 1 − value / reference (e.g. the drop from reliable@1 to reliable@10)."""
        self._derived.append((metric_id, value, reference))

    def build(self) -> RatioSums:
        n_f, n_s = self.shape
        num = np.stack(self._num, axis=1) if self._num else np.zeros((n_f, 0, n_s))
        den = np.stack(self._den, axis=1) if self._den else np.zeros((n_f, 0, n_s))
        at = {name: position for position, name in enumerate(self.ids)}
        derived = [(name, at[a], at[b]) for name, a, b in self._derived if a in at and b in at]
        return RatioSums(ids=list(self.ids), num=np.ascontiguousarray(num),
                         den=np.ascontiguousarray(den),
                         den_of=np.asarray(self._den_of, dtype=np.int64), derived=derived)


def resample_weights(indices: np.ndarray, n_clusters: int) -> np.ndarray:
    """Rows of drawn cluster indices (B, n) → how often each cluster was drawn (B, n_clusters)."""
    indices = np.atleast_2d(np.asarray(indices, dtype=np.int64))
    rows = indices.shape[0]
    flat = (indices + n_clusters * np.arange(rows)[:, None]).ravel()
    return np.bincount(flat, minlength=rows * n_clusters).reshape(rows, n_clusters).astype(float)


def difference(first: RatioSums, second: RatioSums) -> Statistic:
    """Paired statistic: first − second, evaluated on the same cluster weights."""
    if first.all_ids != second.all_ids or first.n_clusters != second.n_clusters:
        raise ValueError("paired sums must list the same metrics over the same clusters")
    return lambda weights: first.evaluate(weights) - second.evaluate(weights)


@dataclass
class Intervals:
    """Point estimates and confidence intervals for M metrics."""

    ids: list[str]
    value: np.ndarray                # (M,)
    low: np.ndarray                  # (M,)
    high: np.ndarray                 # (M,)
    method: list[str]                # "BCa", "percentile" or "none" per metric
    n_resamples: int
    confidence: float
    seed: Optional[int]

    def as_dict(self) -> dict[str, tuple[float, float, float, str]]:
        return {name: (float(v), float(lo), float(hi), how) for name, v, lo, hi, how in
                zip(self.ids, self.value, self.low, self.high, self.method)}


def _rng_keyword() -> str:
    import scipy.stats

    parameters = inspect.signature(scipy.stats.bootstrap).parameters
    return "rng" if "rng" in parameters else "random_state"


def bootstrap_intervals(statistic: Statistic, n_clusters: int, ids: Sequence[str], *,
                        n_resamples: int = DEFAULT_RESAMPLES,
                        confidence: float = DEFAULT_CONFIDENCE,
                        seed: Optional[int] = DEFAULT_SEED,
                        rng: Optional[np.random.Generator] = None,
                        batch: Optional[int] = DEFAULT_BATCH) -> Intervals:
    """BCa intervals (percentile where BCa is undefined) of every metric of `statistic`.

    `statistic(weights)` maps cluster weights (B, n_clusters) to values (M, B).
    Resampled families are drawn by `scipy.stats.bootstrap` from
    `rng` or `numpy.random.default_rng(seed)`: the same seed gives the same
    families for every metric and the same numbers on every run.
    """
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")
    if n_resamples < 0:
        raise ValueError(f"the number of resamples must be >= 0, got {n_resamples}")
    if n_clusters < 1:
        raise ValueError("no families to resample: the bootstrap needs at least one cluster")
    ids = list(ids)
    value = np.asarray(statistic(np.ones((1, n_clusters))), dtype=float)[:, 0]
    nan = np.full(len(ids), np.nan)
    if n_resamples == 0 or n_clusters < 2 or not ids:
        return Intervals(ids, value, nan.copy(), nan.copy(), ["none"] * len(ids), n_resamples,
                         confidence, seed)

    def on_indices(indices: np.ndarray, axis: int = -1) -> np.ndarray:
        indices = np.asarray(indices)
        if indices.ndim == 1:
            return statistic(resample_weights(indices[None, :], n_clusters))[:, 0]
        shape = indices.shape[:-1]
        flat = indices.reshape(-1, indices.shape[-1])
        out = statistic(resample_weights(flat, n_clusters))
        return out.reshape(out.shape[0], *shape)

    import scipy.stats  # late: keeps `ifevalpp --help` and the CLI modules light

    generator = rng if rng is not None else np.random.default_rng(seed)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        result = scipy.stats.bootstrap(
            (np.arange(n_clusters),), on_indices, n_resamples=n_resamples, batch=batch,
            vectorized=True, axis=-1, confidence_level=confidence, method="BCa",
            **{_rng_keyword(): generator})
        low = np.atleast_1d(np.asarray(result.confidence_interval.low, dtype=float))
        high = np.atleast_1d(np.asarray(result.confidence_interval.high, dtype=float))
        distribution = np.atleast_2d(result.bootstrap_distribution)
        alpha = (1 - confidence) / 2
        fallback = np.isnan(low) | np.isnan(high)
        if fallback.any():
            percentile = np.nanquantile(distribution[fallback], [alpha, 1 - alpha], axis=1)
            low[fallback] = percentile[0]
            high[fallback] = percentile[1]
    method = ["none" if np.isnan(v) or np.isnan(lo) else "percentile" if fb else "BCa"
              for v, lo, fb in zip(value, low, fallback)]
    low = np.where(np.isnan(value), np.nan, low)
    high = np.where(np.isnan(value), np.nan, high)
    return Intervals(ids, value, low, high, method, n_resamples, confidence, seed)


def ratio_intervals(sums: RatioSums, **options) -> Intervals:
    """Intervals of every metric (base and derived) of `sums`."""
    return bootstrap_intervals(sums.evaluate, sums.n_clusters, sums.all_ids, **options)


def paired_intervals(first: RatioSums, second: RatioSums, **options) -> Intervals:
    """Intervals of first − second with the same resampled clusters for both."""
    return bootstrap_intervals(difference(first, second), first.n_clusters, first.all_ids,
                               **options)
