"""Templates are found inside the package, so a plain wheel install can generate families."""

from pathlib import Path

import ifevalpp
from ifevalpp.constraints import instruction_ids
from ifevalpp.constraints.support.wording import template_name
from ifevalpp.resources import templates_dir


def test_templates_live_inside_the_package_directory(monkeypatch):
    monkeypatch.delenv("IFEVALPP_TEMPLATES", raising=False)
    assert templates_dir() == (Path(ifevalpp.__file__).resolve().parent / "templates")


def test_every_instruction_type_has_a_constraint_template():
    folder = Path(ifevalpp.__file__).resolve().parent / "templates"
    for instruction_id in instruction_ids():
        assert (folder / template_name(instruction_id)).is_file(), instruction_id
