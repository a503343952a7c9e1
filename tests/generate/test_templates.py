"""Templates: every type phrased four ways, every parameter stated."""

from __future__ import annotations


import pytest

from ifevalpp.constraints import REGISTRY, get, parse_params
from ifevalpp.constraints.support.wording import STYLES

from generate_examples import EXAMPLES

RELATION_WORDS = {"less than": ("less than", "fewer than"),
                  "at least": ("at least", "or more", "no fewer than")}
NUMBERS = {6: "six", 7: "seven", 9: "nine", 5: "five", 4: "four", 3: "three", 8: "eight"}


def _stated(text: str, value) -> bool:
    if isinstance(value, list):
        return all(_stated(text, item) for item in value)
    if isinstance(value, int):
        return str(value) in text or NUMBERS.get(value, "\0") in text.lower() or (
            value == 2 and "second" in text)
    if value == "de":
        return "German" in text
    if value in RELATION_WORDS:
        return any(word in text for word in RELATION_WORDS[value])
    return str(value).lower() in text.lower()


@pytest.mark.parametrize("instruction_id", sorted(REGISTRY))
def test_four_styles_and_every_parameter_stated(instruction_id):
    params = parse_params(instruction_id, EXAMPLES.get(instruction_id, {}))
    texts = set()
    for style in STYLES:
        for variant in range(get(instruction_id).variants(style)):
            text = get(instruction_id).render_variant(params, style, variant)
            texts.add(text)
            if instruction_id == "combination:repeat_prompt":
                continue  # the request itself is placed by the generator
            for name, value in params.model_dump().items():
                assert _stated(text, value), f"{style}:{variant} omits {name}: {text!r}"
    assert len(texts) >= 4


def test_constraint_render_delegates_to_the_templates():
    constraint = get("length_constraints:number_words")
    params = parse_params(constraint.id, {"num_words": 120, "relation": "at least"})
    assert constraint.render(params, "imperative") == "Answer with at least 120 words."
    assert constraint.render(params, "question:1") != constraint.render(params, "question:0")


def test_english_case_templates_say_english():
    for instruction_id in ("change_case:english_capital", "change_case:english_lowercase"):
        params = parse_params(instruction_id, {})
        for style in STYLES:
            for variant in range(get(instruction_id).variants(style)):
                assert "English" in get(instruction_id).render_variant(params, style, variant)
