"""`ifevalpp validate`: findings for cases whose parameters disagree with their prompt."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import click

from ..errors import InputError
from ..validate.core import validate_file
from ..validate.findings import at_or_above
from ..validate.report import format_json, format_jsonl, format_table_report
from .common import PROFILE_OPTION, reports_errors

DEFAULT_INPUT = Path("data/original/github.jsonl")
FORMATTERS = {"table": format_table_report, "jsonl": format_jsonl, "json": format_json}


@click.command()
@click.argument("input_path", metavar="[INPUT]", required=False,
                type=click.Path(dir_okay=False))
@click.option("--format", "output_format", type=click.Choice(sorted(FORMATTERS)),
              default="table", show_default=True,
              help="table: summary by code and instruction type, then every finding; jsonl: one "
                   "finding per line; json: summary and findings in one document.")
@click.option("--fail-on", type=click.Choice(["error", "warning", "never"]), default="error",
              show_default=True, help="Exit 1 when a finding of this severity (or worse) exists.")
@PROFILE_OPTION
@click.option("--no-witness", is_flag=True,
              help="Skip the satisfiability witness (no AMBIGUOUS_NO_WITNESS findings).")
@reports_errors
def validate(input_path: Optional[str], output_format: str, fail_on: str, profile: str,
             no_witness: bool) -> None:
    """Check INPUT (IFEval originals or a family file; default data/original/github.jsonl)."""
    if input_path is None:
        if not DEFAULT_INPUT.exists():
            raise InputError(f"no INPUT given and {DEFAULT_INPUT} does not exist; run "
                             f"`ifevalpp fetch` or pass a JSONL file")
        input_path = str(DEFAULT_INPUT)
    report = validate_file(input_path, profile, witness=not no_witness)  # type: ignore[arg-type]
    output = FORMATTERS[output_format](report)
    if output:
        click.echo(output)
    if at_or_above(report.findings, fail_on):
        raise SystemExit(1)
