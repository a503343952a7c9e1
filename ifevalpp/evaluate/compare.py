"""Compare two scored runs on the same families: paired bootstrap CIs and an exact McNemar test.

A run is the directory `ifevalpp score --out DIR` wrote: `results.jsonl` (one
verdict record per response, with case, kind, index and sample) and
`metrics.json` (profile, the family file's sha256, the missing responses). Both
runs are rebuilt into per-family tables aligned family by family, every metric
of `catalogue` is computed for both, and

* each difference A − B gets a bootstrap CI in which both runs are evaluated on
  the *same* resampled families (paired);
* per-family reliable@K outcomes ("every prompt of the family passes") are
  compared with an exact McNemar test: a two-sided binomial test of the
  discordant families (A passes and B fails vs. A fails and B passes) against
  p = 1/2. McNemar needs independent pairs, one per family: with several
  samples per prompt it uses sample 0 (the notes say so).

Runs over different family files (different sha256) are refused unless
`allow_different_families`; then families are matched by case id.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

import numpy as np
import pandas as pd
from pydantic import ValidationError

from ..errors import InputError
from ..io import (atomic_write, iter_json_lines, read_json_document,
                  validation_error_to_input_error, write_json)
from ..schema import MissingResponse, ScoredResponse
from .bootstrap import (DEFAULT_BATCH, DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED,
                        paired_intervals)
from .catalogue import MetricInfo, build_sums, largest_k
from .intervals import proportion_intervals
from .first_k import ALL_PROMPTS, first_k_columns
from .reliability import MODES, FamilyTable, family_table


@dataclass
class Run:
    """One `ifevalpp score --out` directory, read back."""

    path: Path
    metrics: dict[str, Any]
    scored: list[ScoredResponse]
    missing: list[MissingResponse]

    @property
    def cases_sha256(self) -> Optional[str]:
        return self.metrics.get("cases_sha256")

    @property
    def profile(self) -> Optional[str]:
        return self.metrics.get("profile")

    @property
    def protocol(self) -> dict[str, Any]:
        """The run's protocol parts; runs written before protocols existed were 'official'
        with their profile."""
        recorded = self.metrics.get("protocol")
        if isinstance(recorded, dict):
            return recorded
        profile = self.profile or "official"
        return {"name": "official", "label": "official" if profile == "official"
                else f"official, profile={profile}", "profile": profile,
                "estimator": "unordered", "missing": "exclude"}

    @property
    def estimator(self) -> str:
        return str(self.protocol.get("estimator", "unordered"))

    @property
    def missing_policy(self) -> str:
        return str(self.protocol.get("missing", "exclude"))

    @property
    def name(self) -> str:
        return str(self.path)

    def table(self, cases: Optional[list] = None) -> FamilyTable:
        """The run's family table (under --missing fail its missing prompts are failing
        records in results.jsonl already)."""
        missing = self.missing if self.missing_policy == "exclude" else []
        return family_table(self.scored, missing, cases=cases)

    def sums(self, table: FamilyTable, k_max: int):
        """Every metric's per-family sums under the run's own estimator."""
        if self.estimator != "first-k":
            return build_sums(table, k_max)
        complete = (table.answered == table.sizes[:, None, :]).all(axis=2)
        columns = first_k_columns(self.scored, table.cases, table.samples, excluded=~complete)
        return build_sums(table, ALL_PROMPTS if k_max else 0, first_k=columns)


def load_run(directory: str | os.PathLike[str]) -> Run:
    """Read results.jsonl and metrics.json of a scored run; bad input raises InputError."""
    path = Path(directory)
    metrics_path, results_path = path / "metrics.json", path / "results.jsonl"
    if not path.is_dir():
        raise InputError("not a directory: give the --out directory of `ifevalpp score`",
                         path=str(path))
    for needed in (metrics_path, results_path):
        if not needed.exists():
            raise InputError(f"no {needed.name}: give the --out directory of `ifevalpp score`",
                             path=str(path))
    metrics = read_json_document(metrics_path)
    if not isinstance(metrics, dict) or "cases_sha256" not in metrics:
        raise InputError("no 'cases_sha256': not written by `ifevalpp score --out`",
                         path=str(metrics_path))
    scored = []
    for number, raw in iter_json_lines(results_path):
        try:
            scored.append(ScoredResponse.model_validate(raw))
        except ValidationError as exc:
            raise validation_error_to_input_error(exc, path=str(results_path),
                                                  line=number) from None
    listed = metrics.get("missing_responses")
    if listed is None and isinstance(metrics.get("missing"), list):
        listed = metrics["missing"]  # plain-scoring metrics.json
    try:
        missing = [MissingResponse.model_validate(item) for item in listed or []]
    except ValidationError as exc:
        raise validation_error_to_input_error(exc, path=str(metrics_path), line=None) from None
    return Run(path=path, metrics=metrics, scored=scored, missing=missing)


@dataclass
class McNemar:
    """Exact McNemar test on paired binary outcomes (per family, or family × sample)."""

    mode: str
    k: int
    sample: int      # the sample index whose outcomes are paired
    pairs: int
    both_pass: int
    a_only: int      # A passes, B fails
    b_only: int      # A fails, B passes
    neither: int
    p_value: float


@dataclass
class Comparison:
    """Everything `ifevalpp compare` prints and writes, as data. Deltas are A − B."""

    run_a: str
    run_b: str
    cases_sha256: tuple[Optional[str], Optional[str]]
    profiles: tuple[Optional[str], Optional[str]]
    protocols: tuple[dict[str, Any], dict[str, Any]]
    k: int
    families: int
    bootstrap: dict[str, Any]
    deltas: list[dict[str, Any]]
    mcnemar: list[McNemar]
    notes: list[str] = field(default_factory=list)

    def to_frame(self) -> pd.DataFrame:
        return pd.DataFrame(self.deltas, columns=["id", "section", "mode", "kind", "k", "name",
                                                  "a", "a_ci_low", "a_ci_high", "a_n", "b",
                                                  "b_ci_low", "b_ci_high", "b_n", "delta",
                                                  "ci_low", "ci_high", "ci_method"])

    def mcnemar_frame(self) -> pd.DataFrame:
        return pd.DataFrame([vars(test) for test in self.mcnemar])

    def delta(self, metric_id: str) -> dict[str, Any]:
        for row in self.deltas:
            if row["id"] == metric_id:
                return row
        raise KeyError(metric_id)

    def to_document(self) -> dict[str, Any]:
        def number(value: Any) -> Any:
            return None if isinstance(value, float) and value != value else value

        return {
            "run_a": self.run_a, "run_b": self.run_b,
            "cases_sha256": list(self.cases_sha256), "profiles": list(self.profiles),
            "protocols": list(self.protocols),
            "k": self.k, "families": self.families, "bootstrap": self.bootstrap,
            "difference": "a - b",
            "deltas": [{key: number(value) for key, value in row.items()} for row in self.deltas],
            "mcnemar": [{key: number(value) for key, value in vars(test).items()}
                        for test in self.mcnemar],
            "notes": self.notes,
        }


def mcnemar_exact(a_only: int, b_only: int) -> float:
    """Two-sided exact McNemar p-value: binomial test of a_only among the discordant pairs."""
    from scipy.stats import binomtest

    discordant = a_only + b_only
    if discordant == 0:
        return 1.0
    return float(binomtest(a_only, discordant, 0.5, alternative="two-sided").pvalue)


def _all_pass(table: FamilyTable, mode: str) -> np.ndarray:
    """(F, S) bool: every prompt of the family passes in that sample (reliable@size = 1)."""
    m_index = MODES.index(mode)
    return (table.passing[:, :, :, m_index] == table.sizes[:, None, :]).all(axis=2)


def mcnemar_sample(table_a: FamilyTable, table_b: FamilyTable) -> Optional[int]:
    """The one sample index McNemar pairs: 0 when both runs have it, else the first shared."""
    shared = sorted(set(table_a.samples) & set(table_b.samples))
    if not shared:
        return None
    return 0 if 0 in shared else shared[0]


def _mcnemar(table_a: FamilyTable, table_b: FamilyTable, mode: str, k: int,
             sample: int) -> McNemar:
    column_a, column_b = table_a.samples.index(sample), table_b.samples.index(sample)
    usable = (table_a.usable[:, column_a] & table_b.usable[:, column_b]
              & (table_a.sizes.sum(axis=1) == table_b.sizes.sum(axis=1)))
    a = _all_pass(table_a, mode)[:, column_a][usable]
    b = _all_pass(table_b, mode)[:, column_b][usable]
    a_only, b_only = int((a & ~b).sum()), int((~a & b).sum())
    return McNemar(mode=mode, k=k, sample=sample, pairs=int(usable.sum()),
                   both_pass=int((a & b).sum()), a_only=a_only, b_only=b_only,
                   neither=int((~a & ~b).sum()), p_value=mcnemar_exact(a_only, b_only))


def compare_runs(run_a: str | os.PathLike[str] | Run, run_b: str | os.PathLike[str] | Run, *,
                 k: Optional[int] = None, bootstrap: int = DEFAULT_RESAMPLES,
                 confidence: float = DEFAULT_CONFIDENCE, seed: Optional[int] = DEFAULT_SEED,
                 allow_different_families: bool = False,
                 batch: Optional[int] = DEFAULT_BATCH) -> Comparison:
    """Paired comparison of two scored runs (A − B) on the same families."""
    a = run_a if isinstance(run_a, Run) else load_run(run_a)
    b = run_b if isinstance(run_b, Run) else load_run(run_b)
    notes = []
    if a.cases_sha256 != b.cases_sha256:
        if not allow_different_families:
            raise InputError(f"the runs score different family files (sha256 "
                             f"{str(a.cases_sha256)[:12]}… vs {str(b.cases_sha256)[:12]}…); "
                             f"pass --allow-different-families to match families by case id")
        notes.append("the runs score different family files: families are matched by case id; "
                     "a family missing from one run counts as missing there")
    if a.profile != b.profile:
        notes.append(f"the runs use different checker profiles ({a.profile} vs {b.profile})")
    if a.protocol.get("label") != b.protocol.get("label"):
        notes.append(f"the runs use different protocols ({a.protocol.get('label')} vs "
                     f"{b.protocol.get('label')})")
    if a.estimator != b.estimator:
        notes.append(f"the runs use different reliable@k estimators ({a.estimator} vs "
                     f"{b.estimator}): the same metric id means a different quantity")
    versions = [(run.metrics.get("provenance") or {}).get("ifevalpp_version") for run in (a, b)]
    if versions[0] != versions[1]:
        notes.append(f"the runs were scored by different ifevalpp versions ({versions[0] or '?'} "
                     f"vs {versions[1] or '?'}): verdicts may differ for that reason alone")
    first = a.table()
    table_b = b.table(cases=first.cases)
    table_a = a.table(cases=table_b.cases)
    k_max = min(largest_k(table_a, k), largest_k(table_b, k))
    sums_a, infos_a = a.sums(table_a, k_max)
    sums_b, infos_b = b.sums(table_b, k_max)
    ids_b = set(sums_b.all_ids)
    infos = [info for info in infos_a if info.id in ids_b]
    skipped = len(infos_a) + len(infos_b) - 2 * len(infos)
    if skipped:
        notes.append(f"{skipped} breakdown(s) present in only one run are not compared")
    ids = [info.id for info in infos]
    sums_a, sums_b = sums_a.subset(ids), sums_b.subset(ids)
    intervals = paired_intervals(sums_a, sums_b, n_resamples=bootstrap, confidence=confidence,
                                 seed=seed, batch=batch)
    # Each run's own number with its interval and n, beside the paired difference.
    own = [proportion_intervals(sums, confidence=confidence) for sums in (sums_a, sums_b)]
    counts = [sums.counts() for sums in (sums_a, sums_b)]
    deltas = []
    for position, info in enumerate(infos):
        row = _row(info, own[0].value[position], own[1].value[position],
                   intervals.value[position], intervals.low[position],
                   intervals.high[position], intervals.method[position])
        for side, found, count in zip("ab", own, counts):
            row.update({f"{side}_ci_low": float(found.low[position]),
                        f"{side}_ci_high": float(found.high[position]),
                        f"{side}_n": count[info.id]})
        deltas.append(row)
    size = min(table_a.family_size, table_b.family_size)
    sample = mcnemar_sample(table_a, table_b)
    tests = ([_mcnemar(table_a, table_b, mode, size, sample) for mode in MODES]
             if size > 1 and sample is not None else [])
    samples_a, samples_b = len(table_a.samples), len(table_b.samples)
    if samples_a != samples_b:
        notes.append(f"the runs have different sample counts per prompt (A {samples_a}, B "
                     f"{samples_b}): each run's numbers average over its own samples, so the "
                     f"differences mix models with sampling noise of different size")
    if tests and max(samples_a, samples_b) > 1:
        notes.append(f"McNemar uses sample {sample} only: its pairs must be independent, one "
                     f"per family")
    checked = [int(table.distractor_checked.sum()) for table in (table_a, table_b)]
    if checked[0] != checked[1]:
        notes.append(f"the runs checked different numbers of distractor requirements (A "
                     f"{checked[0]:,}, B {checked[1]:,}; e.g. a profile that cannot check "
                     f"'at most'): the side figure's differences mix other responses in")
    families = int((table_a.usable.any(axis=1) & table_b.usable.any(axis=1)).sum())
    return Comparison(run_a=a.name, run_b=b.name, cases_sha256=(a.cases_sha256, b.cases_sha256),
                      profiles=(a.profile, b.profile), protocols=(a.protocol, b.protocol),
                      k=max([info.k or 0 for info in infos if info.section == "reliable"],
                            default=0),
                      families=families,
                      bootstrap={"resamples": bootstrap, "confidence": confidence, "seed": seed,
                                 "method": "paired BCa, percentile where BCa is undefined",
                                 "cluster": "family"},
                      deltas=deltas, mcnemar=tests, notes=notes)


def _row(info: MetricInfo, a: float, b: float, delta: float, low: float, high: float,
         method: str) -> dict[str, Any]:
    return {"id": info.id, "section": info.section, "mode": info.mode, "kind": info.kind,
            "k": info.k, "name": info.name, "a": float(a), "b": float(b), "delta": float(delta),
            "ci_low": float(low), "ci_high": float(high), "ci_method": method}


def write_comparison(comparison: Comparison, out_dir: str | os.PathLike[str]) -> list[Path]:
    """comparison.json (deltas, McNemar tests, settings) and comparison.csv (the deltas)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    write_json(out / "comparison.json", comparison.to_document())
    with atomic_write(out / "comparison.csv") as handle:
        comparison.to_frame().to_csv(handle, index=False, float_format="%.6f")
    return [out / "comparison.json", out / "comparison.csv"]


__all__ = ["Comparison", "McNemar", "Run", "compare_runs", "load_run", "mcnemar_exact",
           "write_comparison"]
