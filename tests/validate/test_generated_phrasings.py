"""The validator accepts the generators' own phrasings (templates/constraints/*.j2).

A cousin whose constraint sentence was rendered from the same parameters must
not be rejected; one rendered from a different number must be.
"""

from __future__ import annotations

import pytest

from ifevalpp.constraints import REGISTRY, get, parse_params
from ifevalpp.validate import validate_case
from tests.helpers import case
from tests.validate.test_locate import EXAMPLES

templating = pytest.importorskip("ifevalpp.constraints.support.wording")


def _renderings(instruction_id: str, kwargs: dict):
    params = parse_params(instruction_id, kwargs)
    for style in templating.STYLES:
        for variant in range(2):
            try:
                yield style, get(instruction_id).render(params, f"{style}:{variant}")
            except Exception:  # noqa: BLE001 - a style this type does not have
                continue


@pytest.mark.parametrize("instruction_id", sorted(set(EXAMPLES) - {"combination:repeat_prompt"}))
def test_a_rendered_constraint_raises_no_error(instruction_id):
    _, kwargs = EXAMPLES[instruction_id]
    for style, sentence in _renderings(instruction_id, kwargs):
        prompt = f"Tell me about lighthouses. {sentence}"
        errors = [finding for finding in validate_case(
            case(1, prompt, (instruction_id, kwargs)), witness=False)
            if finding.severity == "error"]
        assert errors == [], (style, sentence)


COUNTING = {instruction_id for instruction_id, constraint in REGISTRY.items()
            if constraint.count is not None}


@pytest.mark.parametrize("instruction_id", sorted(set(EXAMPLES) & COUNTING))
def test_a_constraint_rendered_with_another_number_is_an_error(instruction_id):
    _, kwargs = EXAMPLES[instruction_id]
    field = get(instruction_id).count.field
    changed = dict(kwargs, **{field: kwargs[field] + 7})
    for style, sentence in _renderings(instruction_id, changed):
        prompt = f"Tell me about lighthouses. {sentence}"
        codes = {finding.code for finding in validate_case(
            case(1, prompt, (instruction_id, kwargs)), witness=False)}
        assert codes & {"REFLECT_NUMBER_MISMATCH", "REFLECT_RELATION_MISMATCH"}, (style, sentence)
