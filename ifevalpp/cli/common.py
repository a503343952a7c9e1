"""What every verb shares: turning library errors into one clear line and exit code 2."""

from __future__ import annotations

import contextlib
import functools
import gc
from typing import Any, Callable, Iterator, TypeVar

import click

from ..errors import IfevalppError

F = TypeVar("F", bound=Callable[..., Any])

EXIT_BAD_INPUT = 2

PROFILE_CHOICES = ["official", "revised", "ifevalpp-paper", "ifbench"]
PROFILE_HELP = ("Checker profile: 'official' reproduces the released evaluator; 'revised' fixes "
                "its known defects; 'ifevalpp-paper' reproduces the IFEval++ release's evaluator; "
                "'ifbench' reproduces IFBench's evaluator (for IFBench's types).")
PROFILE_OPTION = click.option(
    "--profile", type=click.Choice(PROFILE_CHOICES), default="official", show_default=True,
    help=PROFILE_HELP)


PROGRESS_OPTION = click.option(
    "--progress/--no-progress", default=True, show_default=True,
    help="Progress on stderr: a bar on a terminal (after a second), periodic lines in a log.")


# Whether the command group runs this process's own command line (`ifevalpp …`, `python -m
# ifevalpp`) rather than in a caller's process (a test's or a script's click runner): only a
# process of its own has its garbage collector tuned (`loading_modules`, LazyGroup.main).
_OWN_PROCESS = False


@contextlib.contextmanager
def loading_modules() -> Iterator[None]:
    """Around a verb's imports, in a process of its own: the cyclic garbage collector paused
    while the modules load, then what they built moved out of its way (gc.freeze).

    Everything an import builds (functions, classes, pydantic's validators, compiled
    patterns) lives until the process ends, so a collection pass over it frees nothing: for
    `score` on IFBench's sample they cost as much as the checks of a hundred answers.
    Collection resumes afterwards, so a long run frees its cyclic garbage as before; nothing
    a verb computes or writes depends on when it runs. In a caller's process nothing changes."""
    if not _OWN_PROCESS or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()


def examples(*lines: str) -> str:
    """A `--help` epilog showing commands exactly as typed (click would rewrap them otherwise)."""
    return "\b\nExamples:\n" + "\n".join(f"  {line}" for line in lines)


def warn(message: str) -> None:
    """A warning the user must see, on stderr, whatever the output format."""
    click.echo(f"warning: {message}", err=True)


def reports_errors(function: F) -> F:
    """Print an IfevalppError as `error: <file>, line N, field 'x': reason` and exit 2."""

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except IfevalppError as exc:
            click.echo(f"error: {exc}", err=True)
            raise SystemExit(EXIT_BAD_INPUT) from None

    return wrapper  # type: ignore[return-value]  # functools.wraps keeps the signature of F
