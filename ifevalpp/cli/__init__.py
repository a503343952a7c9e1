"""The `ifevalpp` command: a click group; each verb lives in its own module and only adapts.

Verbs are imported lazily so `ifevalpp --help` stays fast and one broken verb
cannot take the others down.
"""

from __future__ import annotations

import gc
import importlib
import sys
from typing import Any, NoReturn

import click

from ..version import __version__
from . import common
from .common import EXIT_BAD_INPUT, loading_modules, reports_errors

# verb name -> "module:function" inside ifevalpp.cli
VERBS: dict[str, str] = {
    "fetch": "fetch:fetch",
    "score": "score:score",
    "validate": "validate:validate",
    "generate-families": "generate:generate_families",
    "respond": "respond:respond",
    "compare": "compare:compare",
    "study": "study:study",
    "export-rl": "export_rl:export_rl",
    "lm-eval-tasks": "lm_eval_tasks:lm_eval_tasks",
}


def one_line_usage_error(exc: click.ClickException) -> NoReturn:
    """Print click's own refusal (bad option, missing argument, bad value) in the project's
    style, `error: …` on one line with exit 2, instead of click's three-line usage block, so
    a script or a person sees every refusal the same way."""
    ctx = getattr(exc, "ctx", None)
    if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
        click.echo(ctx.get_help())  # a bare `ifevalpp` asks for help, it is not a mistake
        sys.exit(0)
    message = " ".join(exc.format_message().split())
    if ctx is not None and isinstance(exc, click.UsageError):
        message = f"{ctx.command_path}: {message.rstrip('.')} (see '{ctx.command_path} --help')"
    click.echo(f"error: {message}", err=True)
    sys.exit(EXIT_BAD_INPUT)


class LazyGroup(click.Group):
    def main(self, *args: Any, **kwargs: Any) -> Any:
        """click's main, with its usage errors printed as one `error:` line (exit 2).

        Run on this process's own command line (no `args` given, as by the `ifevalpp` script
        and `python -m ifevalpp`), it also freezes every object before the process exits
        (gc.freeze): the collections the interpreter runs while shutting down would walk
        every module's objects only to find them alive, about 30 ms of `score`. Their memory
        goes back with the process; files are closed and flushed by the verbs themselves."""
        kwargs["standalone_mode"] = False
        own_process = not args and kwargs.get("args") is None
        common._OWN_PROCESS = own_process
        try:
            try:
                result = super().main(*args, **kwargs)
            except click.ClickException as exc:
                one_line_usage_error(exc)
            except click.exceptions.Abort:
                click.echo("error: aborted", err=True)
                sys.exit(1)
            sys.exit(result if isinstance(result, int) else 0)
        finally:
            common._OWN_PROCESS = False
            if own_process:
                gc.freeze()

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(name for name in VERBS if self._load(name) is not None)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        return self._load(name)

    @staticmethod
    def _load(name: str) -> click.Command | None:
        target = VERBS.get(name)
        if target is None:
            return None
        module_name, attribute = target.split(":")
        try:
            module = importlib.import_module(f"{__name__}.{module_name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"{__name__}.{module_name}":
                return None  # verb not built yet
            raise
        return getattr(module, attribute)


@click.group(cls=LazyGroup)
@click.version_option(__version__, prog_name="ifevalpp")
@reports_errors
def main() -> None:
    """Measure how reliably a language model follows verifiable instructions.

    Instruction types from plug-ins (entry points of the group `ifevalpp.constraints`, or
    modules named in $IFEVALPP_PLUGINS) are loaded before every verb.
    """
    with loading_modules():
        from ..constraints import load_plugins

        load_plugins()


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
