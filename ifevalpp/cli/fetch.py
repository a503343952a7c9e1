"""`ifevalpp fetch`: put an IFEval release into the data directory with its sha256 checked."""

from __future__ import annotations

from typing import Optional

import click

from ..datadir import ENV_VAR
from ..original import REVISIONS, fetch as fetch_revision
from .common import examples, reports_errors


@click.command(short_help="Fetch the 541 IFEval cases (sha256-checked).",
               epilog=examples("ifevalpp fetch",
                               "ifevalpp fetch --from path/to/input_data.jsonl   # offline",
                               "ifevalpp fetch --revision hf"))
@click.option("--revision", type=click.Choice(sorted(REVISIONS)), default="github",
              show_default=True, help="Which release of the IFEval cases.")
@click.option("--from", "source", metavar="PATH_OR_URL",
              help="Take the file from here (a local copy, a mirror) instead of the release's "
                   "address.")
@click.option("--dir", "directory", default=None, type=click.Path(file_okay=False),
              help=f"Where the cases go (default: ${ENV_VAR}/original, else the per-user data "
                   f"directory).")
@click.option("--force", is_flag=True,
              help="Fetch again even when the data directory already holds the pinned bytes.")
@reports_errors
def fetch(revision: str, source: Optional[str], directory: Optional[str], force: bool) -> None:
    """Fetch the IFEval cases and verify them against the sha256 pin.

    The file goes to the data directory, where `score --input REVISION`,
    `validate` and `generate-families --original REVISION` find it from any
    working directory.
    """
    result = fetch_revision(revision, source=source, directory=directory, force=force)
    pin = ("matches the pin" if result.pinned
           else "no pin known for this revision: recorded in fetched.json")
    what = "family prompts" if REVISIONS[revision].families else "cases"
    if result.already:
        click.echo(f"{result.cases} {what} already in {result.path}; nothing fetched "
                   f"(--force fetches again)")
    else:
        click.echo(f"{result.cases} {what} -> {result.path}")
    click.echo(f"sha256 {result.sha256} ({pin})")
