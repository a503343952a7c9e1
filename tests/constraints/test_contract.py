"""The type homes keep the contract: what a type declares names its own parameters and real
types (in the homes and in the template tables), the contract documents every member, the
types import nothing from the stages above them, and nothing outside `ifevalpp/constraints/`
names an instruction id."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from ifevalpp.constraints import REGISTRY, base
from ifevalpp.constraints.base import Constraint
from ifevalpp.constraints.support.interference import declared

PACKAGE = Path(__file__).resolve().parents[2] / "ifevalpp"
ID_LITERAL = re.compile(r'"(?:keywords|language|length_constraints|detectable_content|'
                        r'detectable_format|combination|change_case|startend|punctuation):'
                        r'[a-z_]+"')
TYPES = sorted(REGISTRY)


def test_no_module_outside_the_type_homes_names_an_instruction_id():
    named = [f"{path.relative_to(PACKAGE)}: {match.group()}"
             for path in sorted(PACKAGE.rglob("*.py"))
             if path.relative_to(PACKAGE).parts[0] != "constraints"
             for match in ID_LITERAL.finditer(path.read_text(encoding="utf-8"))]
    assert named == []


def test_every_type_lives_in_its_own_module_under_its_group():
    for instruction_id, constraint in REGISTRY.items():
        group, name = instruction_id.split(":")
        module = type(constraint).__module__
        folder = {"length_constraints": "length", "detectable_content": "content",
                  "detectable_format": "format", "change_case": "case"}.get(group, group)
        assert module == f"ifevalpp.constraints.{folder}.{name}", instruction_id


@pytest.mark.parametrize("instruction_id", TYPES)
def test_declared_fields_are_parameters_of_the_type(instruction_id):
    constraint = REGISTRY[instruction_id]
    fields = set(constraint.Params.model_fields)
    declared = [constraint.request_field, constraint.topic_field]
    if constraint.count is not None:
        declared += [constraint.count.field, constraint.count.relation_field]
    assert {name for name in declared if name is not None} <= fields


@pytest.mark.parametrize("instruction_id", TYPES)
def test_declarations_name_registered_types(instruction_id):
    constraint = REGISTRY[instruction_id]
    named = set(constraint.conflicts_with) | set(constraint.conflict_reasons) | \
        set(constraint.unstored_covered_by)
    assert named <= set(REGISTRY)


@pytest.mark.parametrize("instruction_id", TYPES)
def test_the_finder_reads_a_prompt_without_parameters(instruction_id):
    # The unstored-statement cues read a prompt for types a case does not store.
    prompt = "Write at least 3 paragraphs in English about tea, with no commas at all."
    statements = REGISTRY[instruction_id].statements(prompt, None)
    assert all(0 <= item.span.start <= item.span.end <= len(prompt) for item in statements)


def test_reconfigurable_means_the_type_proposes_settings():
    for constraint in REGISTRY.values():
        assert constraint.reconfigurable == (type(constraint).propose is not Constraint.propose)
    assert not REGISTRY["combination:repeat_prompt"].reconfigurable  # it follows the prompt


IFBENCH_TYPES = __import__("ifevalpp.constraints", fromlist=["suite_ids"]).suite_ids("ifbench")


def test_ifbench_types_stay_out_of_the_registry_the_family_generators_read():
    assert len(IFBENCH_TYPES) == 58
    assert not set(IFBENCH_TYPES) & set(REGISTRY)


@pytest.mark.parametrize("instruction_id", IFBENCH_TYPES)
def test_an_ifbench_type_lives_in_its_own_module_and_keeps_the_contract(instruction_id):
    from ifevalpp.constraints import get

    constraint = get(instruction_id)
    group, name = instruction_id.split(":")
    assert type(constraint).__module__ == \
        f"ifevalpp.constraints.ifbench.{group}.{name.replace('-', '_')}"
    fields = set(constraint.Params.model_fields)
    assert {name for name in (constraint.request_field, constraint.topic_field)
            if name is not None} <= fields
    assert set(constraint.conflicts_with) <= set(REGISTRY) | set(IFBENCH_TYPES)
    assert not constraint.competes_as_format  # never a distractor of an IFEval family
    prompt = "Write at least 3 paragraphs in English about tea, with no commas at all."
    assert all(0 <= item.span.start <= item.span.end <= len(prompt)
               for item in constraint.statements(prompt, None))


def _imported_modules(path: Path) -> set[str]:
    """The modules `path` imports, relative imports resolved against its package."""
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
                found.add(".".join(base + ([node.module] if node.module else [])))
            else:
                found.add(node.module or "")
    return found


def test_the_types_import_nothing_from_the_stages_that_use_them():
    # The stage of the types sits under validate/ and generate/: what a type needs (its
    # harder settings, where a text to repeat sits) lives with it or in constraints/support/.
    reaching_up = [f"{path.relative_to(PACKAGE)}: {module}"
                   for path in sorted((PACKAGE / "constraints").rglob("*.py"))
                   for module in sorted(_imported_modules(path))
                   if module.startswith(("ifevalpp.generate", "ifevalpp.validate"))]
    assert reaching_up == []


def test_the_contract_docstring_names_every_member():
    members = {name for name in vars(Constraint) if not name.startswith("_")}
    members |= set(Constraint.__annotations__)
    described = base.__doc__ or ""
    assert sorted(name for name in members
                  if not re.search(rf"\b{re.escape(name)}\b", described)) == []


def test_every_interferes_list_names_a_type_or_a_group():
    groups = {instruction_id.split(":")[0] for instruction_id in REGISTRY}
    unknown = [f"{item.path} {item.distractor}: {item.name}" for item in declared()
               if item.name not in REGISTRY and item.name not in groups]
    assert declared() and unknown == []


def test_a_type_answers_which_context_sentences_it_refuses():
    # "style-16" asks to close in a way that would change the end and the length of a reply.
    assert "style-16" in REGISTRY["startend:end_checker"].interfering_distractors()
    assert "style-16" in REGISTRY["length_constraints:number_words"].interfering_distractors()
    assert "style-16" not in REGISTRY["punctuation:no_comma"].interfering_distractors()
    for item in declared():
        for instruction_id in REGISTRY:
            if instruction_id == item.name or instruction_id.split(":")[0] == item.name:
                assert item.distractor in REGISTRY[instruction_id].interfering_distractors()
