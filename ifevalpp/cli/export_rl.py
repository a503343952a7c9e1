"""`ifevalpp export-rl`: IFEval cases or family prompts as RL training rows for TRL and verl."""

from __future__ import annotations

from pathlib import Path
from typing import Optional, Sequence

import click

from ..schema import KINDS
from .common import PROFILE_OPTION, examples, reports_errors


@click.command("export-rl", short_help="Prompts as RL training rows for TRL and verl.",
               epilog=examples(
                   "ifevalpp export-rl data/families/template.jsonl --out data/rl/train.jsonl",
                   "ifevalpp export-rl data/families/template.jsonl --out data/rl/train.parquet "
                   "--kinds original --kinds rephrasing",
                   "ifevalpp export-rl github --out data/rl/ifeval.jsonl --prompt-format text"))
@click.argument("families")
@click.option("--out", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="File to write (.jsonl or .parquet).")
@click.option("--format", "format_", type=click.Choice(["jsonl", "parquet"]), default=None,
              help="Output format (default: parquet for a .parquet --out, else jsonl). Parquet "
                   "needs pyarrow: pip install 'ifevalpp[rl]'.")
@click.option("--kinds", multiple=True, type=click.Choice(list(KINDS)),
              help="Only prompts of this kind (repeatable; default all).")
@click.option("--cases", "case_keys", default=None,
              help="Only these case keys (comma-separated), e.g. to keep whole cases out of "
                   "training.")
@click.option("--data-source", default="ifevalpp", show_default=True,
              help="The data_source column (verl groups validation scores by it).")
@click.option("--split", default="train", show_default=True, help="extra_info.split.")
@click.option("--prompt-format", type=click.Choice(["chat", "text"]), default="chat",
              show_default=True,
              help="prompt as chat messages (TRL conversational, verl) or plain text (TRL "
                   "standard).")
@click.option("--system-prompt", default=None,
              help="A system message put before each prompt (chat format only).")
@PROFILE_OPTION
@reports_errors
def export_rl(families: str, out: Path, format_: Optional[str], kinds: Sequence[str],
              case_keys: Optional[str], data_source: str, split: str, prompt_format: str,
              system_prompt: Optional[str], profile: str) -> None:
    """Write FAMILIES (cases or family file, or a fetched revision name) as RL rows.

    Each row holds the prompt, the `instruction_id_list` and `kwargs` columns
    that `ifevalpp.reward.trl_reward` reads, and verl's data_source, ability,
    reward_model {style, ground_truth} and extra_info. --profile is the
    profile your reward will use: prompts it cannot check are refused.
    """
    from ..original import resolve
    from ..reward import verl
    from ..reward.export import export_rl as export

    if system_prompt and prompt_format != "chat":
        raise click.UsageError("--system-prompt needs --prompt-format chat")
    summary = export(resolve(families), out, format=format_,  # type: ignore[arg-type]  # format_ is a str that click.Choice has limited
                     kinds=list(kinds) or None,  # type: ignore[arg-type]  # kinds are strs that click.Choice has limited to the kinds
                     cases=[key.strip() for key in case_keys.split(",") if key.strip()]
                     if case_keys else None,
                     data_source=data_source, split=split,
                     prompt_format=prompt_format,  # type: ignore[arg-type]  # prompt_format is a str that click.Choice has limited
                     system_prompt=system_prompt, profile=profile)  # type: ignore[arg-type]  # profile is a str that click.Choice has limited to the profiles
    by_kind = ", ".join(f"{kind} {count}" for kind, count in summary.by_kind.items())
    click.echo(f"wrote {summary.rows} rows ({by_kind}) to {summary.path} [{summary.format}]")
    click.echo("TRL:  reward_funcs=[ifevalpp.reward.trl_reward(mode='strict', reduce='all')]")
    click.echo(f"verl: custom_reward_function.path={Path(verl.__file__).resolve()} "
               f"custom_reward_function.name=compute_score")
