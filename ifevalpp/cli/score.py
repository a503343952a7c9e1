"""`ifevalpp score`: verdicts, IFEval metrics, reliable@k and bootstrap CIs for a response file."""

from __future__ import annotations

import click

from ..evaluate.bootstrap import DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED
from .common import PROFILE_OPTION, reports_errors


@click.command()
@click.argument("responses", type=click.Path(dir_okay=False))
@click.option("--input", "cases", default="github", show_default=True,
              help="Cases or family file the responses answer (IFEval JSONL, ours or IFEval++'s), "
                   "or a fetched revision name (github, ifevalpp, ifevalpp-fixed, "
                   "ifevalpp-families, hf).")
@PROFILE_OPTION
@click.option("--k", "k", type=click.IntRange(min=1), default=None,
              help="Largest k of reliable@k (default: the family size). Plain IFEval cases "
                   "have no cousins: only the IFEval metrics are reported.")
@click.option("--bootstrap", "resamples", type=click.IntRange(min=0), default=DEFAULT_RESAMPLES,
              show_default=True, help="Bootstrap resamples of families for the CIs (0: none).")
@click.option("--ci", "confidence", type=click.FloatRange(0, 1, min_open=True, max_open=True),
              default=DEFAULT_CONFIDENCE, show_default=True, help="Confidence level of the CIs.")
@click.option("--seed", type=int, default=DEFAULT_SEED, show_default=True,
              help="Seed of the resampled families: same seed, same numbers.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False),
              help="Write results.jsonl, metrics.json, by_type.csv, type_by_kind.csv, "
                   "families.csv, report.md and report.html here.")
@click.option("--require-all", is_flag=True,
              help="Fail (exit 2) if any case has no usable response.")
@click.option("--workers", type=int, default=None,
              help="Processes for large files (default: all cores).")
@reports_errors
def score(responses: str, cases: str, profile: str, k: int | None, resamples: int,
          confidence: float, seed: int, out_dir: str | None, require_all: bool,
          workers: int | None) -> None:
    """Score RESPONSES ({"prompt","response"} or keyed JSONL) strictly and loosely.

    With a family file: reliable@k overall and per perturbation kind, the drop
    from reliable@1 to reliable@k and pass rates per instruction type on each
    kind of prompt, every number with a bootstrap CI over families.
    """
    from ..evaluate.family_report import score as score_run, write_outputs
    from ..original import resolve
    from ..report.terminal import format_reliability_report

    cases = str(resolve(cases))

    report = score_run(responses, cases, profile=profile, k=k,  # type: ignore[arg-type]
                       bootstrap=resamples, confidence=confidence, seed=seed,
                       require_all=require_all, workers=workers)
    click.echo(format_reliability_report(report))
    if out_dir:
        for path in write_outputs(report, out_dir):
            click.echo(f"wrote {path}")
