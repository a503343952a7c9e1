"""`ifevalpp score`: verdicts and IFEval metrics for a response file."""

from __future__ import annotations

import click

from ..evaluate.plain import score_file, write_outputs
from ..report.plain import format_score_report
from .common import PROFILE_OPTION, reports_errors


@click.command()
@click.argument("responses", type=click.Path(dir_okay=False))
@click.option("--input", "cases", default="data/original/github.jsonl", show_default=True,
              type=click.Path(dir_okay=False),
              help="Cases or family file the responses answer (IFEval JSONL or ours).")
@PROFILE_OPTION
@click.option("--out", "out_dir", type=click.Path(file_okay=False),
              help="Write results.jsonl, metrics.json and by_type.csv here.")
@click.option("--require-all", is_flag=True,
              help="Fail (exit 2) if any case has no usable response.")
@click.option("--workers", type=int, default=None,
              help="Processes for large files (default: all cores).")
@reports_errors
def score(responses: str, cases: str, profile: str, out_dir: str | None, require_all: bool,
          workers: int | None) -> None:
    """Score RESPONSES ({"prompt","response"} or keyed JSONL) strictly and loosely."""
    report = score_file(responses, cases, profile=profile, require_all=require_all,  # type: ignore[arg-type]
                        workers=workers)
    click.echo(format_score_report(report))
    if out_dir:
        for path in write_outputs(report, out_dir):
            click.echo(f"wrote {path}")
