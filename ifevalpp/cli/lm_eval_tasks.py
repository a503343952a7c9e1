"""`ifevalpp lm-eval-tasks`: write the lm-evaluation-harness task directory and print its path."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Optional

import click

from .common import PROFILE_OPTION, examples, reports_errors, warn


@click.command("lm-eval-tasks", short_help="lm-evaluation-harness tasks; prints their "
                                           "--include_path.",
               epilog=examples(
                   'lm_eval --model local-chat-completions --model_args model=M,base_url=URL/v1/'
                   'chat/completions,tokenizer_backend=none --apply_chat_template --tasks '
                   'ifevalpp_ifeval,ifevalpp_families --include_path "$(ifevalpp '
                   'lm-eval-tasks)"',
                   "ifevalpp lm-eval-tasks --dir tasks/ifevalpp --families my-families.jsonl",
                   "ifevalpp lm-eval-tasks --original ifevalpp-fixed --profile revised"))
@click.option("--dir", "directory", type=click.Path(file_okay=False, path_type=Path),
              default=None, help="Directory to write the task files to (default: "
                                 "<data>/lm_eval_tasks).")
@click.option("--original", default="github", show_default=True,
              help="IFEval cases for ifevalpp_ifeval: a fetched revision or a case file.")
@click.option("--families", default=None,
              help="Family file for ifevalpp_families, or a fetched revision of families "
                   "(ifevalpp-families); default: the default families, made first if absent "
                   "and checked against their sha256 pin.")
@PROFILE_OPTION
@reports_errors
def lm_eval_tasks(directory: Optional[Path], original: str, families: Optional[str],
                  profile: str) -> None:
    """Write the ifevalpp_ifeval and ifevalpp_families tasks and print the directory.

    Only the directory goes to stdout, so `--include_path "$(ifevalpp
    lm-eval-tasks)"` works; what was used goes to stderr. Both tasks read
    their prompts from local files (no dataset download) and are graded by
    ifevalpp's checkers. lm-eval's --metadata points a run elsewhere without
    writing again: '{"families": "F.jsonl"}', '{"original": "REVISION"}',
    '{"cases": 20}', '{"profile": "revised"}'.
    """
    from ..integrations.lm_eval_tasks import prepare_tasks

    out, original_file, family_file = prepare_tasks(
        directory, original=original, families=families, profile=profile,  # type: ignore[arg-type]  # profile is a str that click.Choice has limited to the profiles
        announce=lambda message: click.echo(message, err=True))
    click.echo(f"ifevalpp_ifeval: {original_file.path} (sha256 {original_file.sha256[:12]}…)",
               err=True)
    state = {"generated": "made now", "reused": "pinned", "given": "given"}[family_file.action]
    click.echo(f"ifevalpp_families: {family_file.path} (sha256 {family_file.sha256[:12]}…, "
               f"{state})", err=True)
    if importlib.util.find_spec("lm_eval") is None:
        warn("lm_eval is not installed here: pip install 'ifevalpp[lm-eval]'")
    click.echo(str(out.resolve()))
