"""The CLI tunes the cyclic garbage collector only in a process of its own: paused while a
verb loads its modules, running while it works, and everything frozen before the process
exits; a caller's process (a click runner) keeps its collector as it was."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from ifevalpp.cli import common, main
from tests.helpers import SMALL_CASES, SMALL_RESPONSES, write_lines


def test_loading_modules_pauses_the_collector_then_freezes_what_loaded(monkeypatch):
    monkeypatch.setattr(common, "_OWN_PROCESS", True)
    frozen = gc.get_freeze_count()
    try:
        with common.loading_modules():
            assert not gc.isenabled()
        assert gc.isenabled()
        assert gc.get_freeze_count() > frozen
    finally:
        gc.unfreeze()
        gc.enable()


def test_loading_modules_changes_nothing_in_a_caller_s_process():
    frozen = gc.get_freeze_count()
    with common.loading_modules():
        assert gc.isenabled()
    assert gc.get_freeze_count() == frozen


def test_a_click_runner_leaves_the_collector_as_it_was(tmp_path: Path):
    cases = write_lines(tmp_path / "cases.jsonl", SMALL_CASES)
    responses = write_lines(tmp_path / "responses.jsonl", SMALL_RESPONSES)
    frozen = gc.get_freeze_count()
    result = CliRunner().invoke(main, ["score", str(responses), "--input", str(cases)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert gc.isenabled() and gc.get_freeze_count() == frozen
    assert not common._OWN_PROCESS


def test_a_command_line_of_its_own_collects_while_it_works_and_freezes_at_the_end(
        tmp_path: Path):
    cases = write_lines(tmp_path / "cases.jsonl", SMALL_CASES)
    responses = write_lines(tmp_path / "responses.jsonl", SMALL_RESPONSES)
    probe = ("import gc, sys\nfrom ifevalpp.cli import main\n"
             "from ifevalpp.evaluate import score_run\n"
             "scored = score_run.score\n"
             "def watched(*args, **kwargs):\n"
             "    assert gc.isenabled()\n"
             "    return scored(*args, **kwargs)\n"
             "score_run.score = watched\n"
             f"sys.argv = ['ifevalpp', 'score', {str(responses)!r}, '--input', {str(cases)!r}]\n"
             "try:\n    main()\nexcept SystemExit as stop:\n    assert not stop.code, stop.code\n"
             "print('enabled', gc.isenabled(), 'frozen', gc.get_freeze_count() > 0)")
    completed = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                               check=True)
    assert completed.stdout.strip().splitlines()[-1] == "enabled True frozen True"
