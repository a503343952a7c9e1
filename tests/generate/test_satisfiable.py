"""Reconfiguration changes a value within range and keeps the set satisfiable."""

from __future__ import annotations

import random

import pytest

from ifevalpp.constraints import REGISTRY, get, parse_params
from ifevalpp.generate.satisfiable import compatible

from generate_examples import EXAMPLES


RECONFIGURABLE = sorted(instruction_id for instruction_id, constraint in REGISTRY.items()
                        if constraint.reconfigurable)


def reconfigure(instruction_id, params, rng, **options):
    return get(instruction_id).reconfigure(params, rng, **options)


def test_the_reconfigurable_types():
    # repeat_prompt follows the prompt, the parameterless types have nothing to change, and a
    # postscript's marker is no setting to change ("P.P.S" with no P.S. before it reads as a slip).
    assert len(RECONFIGURABLE) == 15
    assert "combination:repeat_prompt" not in RECONFIGURABLE
    assert "detectable_content:postscript" not in RECONFIGURABLE


@pytest.mark.parametrize("instruction_id", RECONFIGURABLE)
def test_reconfigure_changes_something_and_stays_official(instruction_id):
    params = parse_params(instruction_id, EXAMPLES[instruction_id])
    rng = random.Random(3)
    for _ in range(40):
        new = reconfigure(instruction_id, params, rng)
        assert new != params
        for name in ("relation", "capital_relation", "let_relation"):
            assert getattr(new, name, "at least") in ("less than", "at least")


def test_revised_profile_may_use_at_most_and_around():
    params = parse_params("length_constraints:number_words",
                          {"num_words": 100, "relation": "at least"})
    rng = random.Random(1)
    relations = {reconfigure("length_constraints:number_words", params, rng,
                             profile="revised").relation for _ in range(200)}
    assert {"at most", "around"} & relations


def test_constraint_reconfigure_seam():
    constraint = get("language:response_language")
    params = parse_params(constraint.id, {"language": "fr"})
    assert constraint.reconfigure(params, random.Random(0)).language != "fr"
    for parameterless in ("punctuation:no_comma", "detectable_content:postscript"):
        example = {"postscript_marker": "P.S."} if "postscript" in parameterless else {}
        with pytest.raises(ValueError):
            get(parameterless).reconfigure(parse_params(parameterless, example),
                                           random.Random(0))


def test_compatible_names_the_clash():
    ids = ["combination:repeat_prompt", "keywords:forbidden_words"]
    params = [parse_params(ids[0], {"prompt_to_repeat": "Write about the sea."}),
              parse_params(ids[1], {"forbidden_words": ["sea"]})]
    assert "sea" in compatible(ids, params)
    ids = ["length_constraints:number_words", "length_constraints:number_sentences"]
    params = [parse_params(ids[0], {"num_words": 30, "relation": "less than"}),
              parse_params(ids[1], {"num_sentences": 20, "relation": "at least"})]
    assert compatible(ids, params) is not None
    params[1] = parse_params(ids[1], {"num_sentences": 3, "relation": "at least"})
    assert compatible(ids, params) is None
