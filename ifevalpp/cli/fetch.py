"""`ifevalpp fetch`: put an IFEval release into data/original/ with its sha256 checked."""

from __future__ import annotations

import click

from ..original import DEFAULT_DIR, REVISIONS, fetch as fetch_revision
from .common import reports_errors


@click.command()
@click.option("--revision", type=click.Choice(sorted(REVISIONS)), default="github",
              show_default=True, help="Which release of the IFEval cases.")
@click.option("--from", "source", metavar="PATH_OR_URL",
              help="Take the file from here instead of the release's address.")
@click.option("--dir", "directory", default=str(DEFAULT_DIR), show_default=True,
              type=click.Path(file_okay=False), help="Where the cases go.")
@reports_errors
def fetch(revision: str, source: str | None, directory: str) -> None:
    """Fetch the IFEval cases and verify them against the sha256 pin."""
    result = fetch_revision(revision, source=source, directory=directory)
    pin = ("matches the pin" if result.pinned
           else "no pin known for this revision: recorded in fetched.json")
    what = "family prompts" if REVISIONS[revision].families else "cases"
    click.echo(f"{result.cases} {what} -> {result.path}")
    click.echo(f"sha256 {result.sha256} ({pin})")
