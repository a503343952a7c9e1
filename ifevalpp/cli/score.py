"""`ifevalpp score`: verdicts, IFEval metrics, reliable@k and bootstrap CIs for a response file."""

from __future__ import annotations

import json

import click

from ..evaluate.bootstrap import DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED
from ..progress import ProgressBar
from .common import PROFILE_OPTION, PROGRESS_OPTION, examples, reports_errors, warn


@click.command(short_help="Score responses: IFEval metrics, reliable@k, CIs.",
               epilog=examples(
                   "ifevalpp score responses.jsonl --out runs/mymodel",
                   "ifevalpp score samples_ifeval_2024-06-01T12-00-00.jsonl   # lm-eval log",
                   "ifevalpp score runs/m/responses.jsonl --input data/families/template.jsonl "
                   "--k 10 --out runs/m/scored",
                   "ifevalpp score responses.jsonl --format json > metrics.json"))
@click.argument("responses", type=click.Path(dir_okay=False))
@click.option("--input", "cases", default="github", show_default=True,
              help="Cases or family file the responses answer (IFEval JSONL, ours or IFEval++'s), "
                   "or a fetched revision name (github, ifevalpp, hf).")
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
              help="Write results.jsonl, metrics.json, the official eval_results_*.jsonl, CSVs, "
                   "report.md and report.html here.")
@click.option("--format", "output_format", type=click.Choice(["table", "json"]), default="table",
              show_default=True,
              help="What goes to stdout: the tables, or metrics.json itself.")
@click.option("--require-all", is_flag=True,
              help="Fail (exit 2) if any case has no usable response.")
@click.option("--workers", type=int, default=None,
              help="Processes for large files (default: all cores).")
@PROGRESS_OPTION
@reports_errors
def score(responses: str, cases: str, profile: str, k: int | None, resamples: int,
          confidence: float, seed: int, out_dir: str | None, output_format: str,
          require_all: bool, workers: int | None, progress: bool) -> None:
    """Score RESPONSES strictly and loosely: keyed records, the official
    {"prompt", "response"} JSONL, or an lm-evaluation-harness sample log.

    With a family file: reliable@k overall and per perturbation kind, the drop
    from reliable@1 to reliable@k and pass rates per instruction type on each
    kind of prompt, every number with a bootstrap CI over families.
    """
    from ..evaluate.family_report import json_document, score as score_run, write_outputs
    from ..report.terminal import format_reliability_report

    with ProgressBar(0, desc="score", unit="response", enabled=progress) as bar:
        report = score_run(responses, cases, profile=profile, k=k,  # type: ignore[arg-type]
                           bootstrap=resamples, confidence=confidence, seed=seed,
                           require_all=require_all, workers=workers, progress=bar.report)
    for message in report.warnings:
        warn(message)
    if output_format == "json":
        click.echo(json.dumps(json_document(report), ensure_ascii=False, indent=2))
    else:
        click.echo(format_reliability_report(report))
    if out_dir:
        for path in write_outputs(report, out_dir):
            click.echo(f"wrote {path}", err=output_format == "json")
