"""A broken template file stops generation before it starts, naming the file and line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from ifevalpp.cli import main
from ifevalpp.errors import TemplateError
from ifevalpp.generate.template_check import check_templates
from ifevalpp.resources import templates_dir


@pytest.fixture
def copied(tmp_path: Path) -> Path:
    root = tmp_path / "templates"
    shutil.copytree(templates_dir(), root)
    return root


def _break(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_shipped_templates_pass() -> None:
    check_templates()


def _edited(path: Path, before: str = "", after: str = "") -> None:
    path.write_text(before + path.read_text(encoding="utf-8") + after, encoding="utf-8")


def _refused(root: Path, message: str) -> None:
    with pytest.raises(TemplateError, match=message):
        check_templates(root)


def test_a_table_that_is_not_json_is_named_with_its_line(copied: Path) -> None:
    _break(copied / "phrases" / "slips.json", "{", "{\n  \"broken\": ,")
    _refused(copied, r"slips\.json, line 2: not valid JSON")


def test_a_grammar_that_does_not_parse_is_named(copied: Path) -> None:
    _edited(copied / "constraints" / "punctuation__no_comma.grammar", before="not a rule line\n")
    _refused(copied, r"punctuation__no_comma\.grammar: grammar does not parse")


def test_a_grammar_that_calls_a_missing_rule_is_named(copied: Path) -> None:
    _edited(copied / "constraints" / "punctuation__no_comma.grammar",
            after="\nextra:\n  {no_such_rule}\n")
    _refused(copied, r"punctuation__no_comma\.grammar: grammar does not load")


def test_a_jinja_template_that_does_not_parse_is_named_with_its_line(copied: Path) -> None:
    _edited(copied / "llm" / "rephrasing.j2", before="\n{% if %}\n")
    _refused(copied, r"rephrasing\.j2, line 2: jinja2 template does not parse")


def test_generate_families_stops_on_a_broken_table_and_writes_nothing(
        tmp_path: Path, copied: Path, cases, monkeypatch: pytest.MonkeyPatch) -> None:
    _break(copied / "phrases" / "requests.json", "{", "{,")
    monkeypatch.setenv("IFEVALPP_TEMPLATES", str(copied))
    source = tmp_path / "cases.jsonl"
    source.write_text("".join(json.dumps(case.model_dump(mode="json")) + "\n" for case in cases),
                      encoding="utf-8")
    out = tmp_path / "families.jsonl"
    result = CliRunner().invoke(main, ["generate-families", "--original", str(source), "--out",
                                       str(out), "--no-progress"])
    assert result.exit_code == 2
    assert "requests.json, line 1: not valid JSON" in result.output
    assert not list(tmp_path.glob("families*"))
