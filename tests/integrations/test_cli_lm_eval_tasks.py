"""`ifevalpp lm-eval-tasks`: the directory on stdout, what was used on stderr, nothing written
from bad input."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from ifevalpp.cli import main
from tests.evaluate.builders import family_prompts, write_lines
from tests.helpers import SMALL_CASES


def _invoke(*args: str):
    return CliRunner().invoke(main, ["lm-eval-tasks", *args])


def test_stdout_is_the_task_directory_alone(tmp_path):
    cases = write_lines(tmp_path / "cases.jsonl", SMALL_CASES)
    families = write_lines(tmp_path / "families.jsonl", family_prompts([1, 2]))
    result = _invoke("--dir", str(tmp_path / "tasks"), "--original", str(cases),
                     "--families", str(families))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [str((tmp_path / "tasks").resolve())]
    assert f"ifevalpp_families: {families}" in result.stderr
    yaml = (tmp_path / "tasks" / "ifevalpp_families.yaml").read_text(encoding="utf-8")
    assert f'default_families: "{families.resolve()}"' in yaml


def test_the_default_directory_is_in_the_data_directory(tmp_path, private_data_dir):
    cases = write_lines(tmp_path / "cases.jsonl", SMALL_CASES)
    families = write_lines(tmp_path / "families.jsonl", family_prompts([1]))
    result = _invoke("--original", str(cases), "--families", str(families))
    assert result.exit_code == 0, result.output
    assert Path(result.stdout.strip()) == (private_data_dir / "lm_eval_tasks").resolve()


def test_a_bad_family_file_names_its_line_and_writes_nothing(tmp_path):
    cases = write_lines(tmp_path / "cases.jsonl", SMALL_CASES)
    records = family_prompts([1])
    records[3]["instruction_id_list"] = ["punctuation:no_such_type"]
    families = write_lines(tmp_path / "families.jsonl", records)
    result = _invoke("--dir", str(tmp_path / "tasks"), "--original", str(cases),
                     "--families", str(families))
    assert result.exit_code == 2
    assert "line 4" in result.stderr and "no_such_type" in result.stderr
    assert not (tmp_path / "tasks").exists()


def test_an_original_not_fetched_says_how_to_fetch_it(tmp_path):
    families = write_lines(tmp_path / "families.jsonl", family_prompts([1]))
    result = _invoke("--dir", str(tmp_path / "tasks"), "--families", str(families))
    assert result.exit_code == 2 and "ifevalpp fetch" in result.stderr
