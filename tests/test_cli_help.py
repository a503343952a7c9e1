"""`--help` is enough to start: every verb has an example, every option a description, and the
verb list shows whole descriptions."""

from __future__ import annotations

import click
import pytest

from ifevalpp.cli import VERBS, main
from tests.helpers import run_cli


@pytest.mark.parametrize("verb", sorted(VERBS))
def test_every_verb_help_has_an_example_and_every_option_a_description(verb):
    command = main.get_command(click.Context(main), verb)
    assert command is not None
    undescribed = [option.name for option in command.params
                   if isinstance(option, click.Option) and not (option.help or "").strip()]
    assert undescribed == []
    result = run_cli(verb, "--help", env={"COLUMNS": "100"})
    assert result.returncode == 0
    assert "Examples:" in result.stdout and f"ifevalpp {verb}" in result.stdout


def test_the_verb_list_shows_whole_descriptions():
    result = run_cli("--help", env={"COLUMNS": "80"})
    listed = result.stdout.split("Commands:")[1].strip().splitlines()
    assert len(listed) == len(VERBS)
    assert not any(line.rstrip().endswith(("...", "…")) for line in listed), listed
    for verb in VERBS:
        command = main.get_command(click.Context(main), verb)
        line = next(line for line in listed if line.split()[0] == verb)
        assert command.short_help and line.split(None, 1)[1] == command.short_help
