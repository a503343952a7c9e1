"""`ifevalpp compare`: paired differences of two scored runs on the same families."""

from __future__ import annotations

import click

from ..evaluate.defaults import DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED
from .common import examples, reports_errors


@click.command(short_help="Paired comparison of two scored runs (A − B).",
               epilog=examples("ifevalpp compare runs/new/scored runs/baseline/scored",
                               "ifevalpp compare runs/a/scored runs/b/scored --out runs/a-vs-b"))
@click.argument("run_a", type=click.Path(file_okay=False))
@click.argument("run_b", type=click.Path(file_okay=False))
@click.option("--k", "k", type=click.IntRange(min=1), default=None,
              help="Largest k of reliable@k (default: the family size).")
@click.option("--bootstrap", "resamples", type=click.IntRange(min=0), default=DEFAULT_RESAMPLES,
              show_default=True, help="Paired bootstrap resamples of families (0: no CIs).")
@click.option("--ci", "confidence", type=click.FloatRange(0, 1, min_open=True, max_open=True),
              default=DEFAULT_CONFIDENCE, show_default=True, help="Confidence level of the CIs.")
@click.option("--seed", type=int, default=DEFAULT_SEED, show_default=True,
              help="Seed of the resampled families.")
@click.option("--allow-different-families", is_flag=True,
              help="Compare runs over different family files, matching families by case id.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False),
              help="Write comparison.json and comparison.csv here.")
@reports_errors
def compare(run_a: str, run_b: str, k: int | None, resamples: int, confidence: float, seed: int,
            allow_different_families: bool, out_dir: str | None) -> None:
    """Compare RUN_A with RUN_B (each an `ifevalpp score --out` directory): A − B.

    Paired bootstrap CI of every difference (the same resampled families for
    both runs) and an exact McNemar test on per-family reliable@k outcomes.
    """
    from ..evaluate.compare import compare_runs, write_comparison
    from ..report.compare import format_comparison

    comparison = compare_runs(run_a, run_b, k=k, bootstrap=resamples, confidence=confidence,
                              seed=seed, allow_different_families=allow_different_families)
    click.echo(format_comparison(comparison))
    if out_dir:
        for path in write_comparison(comparison, out_dir):
            click.echo(f"wrote {path}")
