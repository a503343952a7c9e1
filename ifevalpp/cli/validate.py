"""`ifevalpp validate`: findings for cases whose parameters disagree with their prompt."""

from __future__ import annotations

from typing import Optional

import click

from ..original import resolve
from ..progress import ProgressBar
from ..validate.core import validate_file
from ..validate.findings import at_or_above
from ..validate.report import format_json, format_jsonl, format_table_report
from .common import PROFILE_OPTION, PROGRESS_OPTION, examples, reports_errors

FORMATTERS = {"table": format_table_report, "jsonl": format_jsonl, "json": format_json}


@click.command(short_help="Find cases whose parameters disagree with their prompt.",
               epilog=examples("ifevalpp validate",
                               "ifevalpp validate data/families/template.jsonl --fail-on warning",
                               "ifevalpp validate cases.jsonl --format jsonl > findings.jsonl"))
@click.argument("input_path", metavar="[INPUT]", required=False)
@click.option("--format", "output_format", type=click.Choice(sorted(FORMATTERS)),
              default="table", show_default=True,
              help="table: summary by code and instruction type, then every finding; jsonl: one "
                   "finding per line; json: summary and findings in one document.")
@click.option("--fail-on", type=click.Choice(["error", "warning", "never"]), default="error",
              show_default=True, help="Exit 1 when a finding of this severity (or worse) exists.")
@PROFILE_OPTION
@click.option("--no-witness", is_flag=True,
              help="Skip the satisfiability witness (no AMBIGUOUS_NO_WITNESS findings).")
@PROGRESS_OPTION
@reports_errors
def validate(input_path: Optional[str], output_format: str, fail_on: str, profile: str,
             no_witness: bool, progress: bool) -> None:
    """Check INPUT: IFEval originals or a family file, a path or a fetched revision name
    (default: the fetched `github` revision)."""
    path = resolve(input_path or "github")
    with ProgressBar(0, desc="validate", unit="case", enabled=progress) as bar:
        report = validate_file(path, profile, witness=not no_witness,  # type: ignore[arg-type]  # profile is a str that click.Choice has limited to the profiles
                               progress=bar.report)
    output = FORMATTERS[output_format](report)
    if output:
        click.echo(output)
    if at_or_above(report.findings, fail_on):
        raise SystemExit(1)
