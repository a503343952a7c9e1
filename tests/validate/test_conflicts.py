"""The conflict table on the classes, and the witness that backs it with evidence."""

from __future__ import annotations

from itertools import combinations

import pytest

from ifevalpp.constraints import REGISTRY, check
from ifevalpp.constraints import parse_params
from ifevalpp.constraints.support.case import CaseContext, Item
from ifevalpp.validate.conflicts import table_reason
from ifevalpp.validate.witness import build_witness


def _context(prompt: str, *instructions: tuple[str, dict]) -> CaseContext:
    items = [Item(position=index, instruction_id=instruction_id,
                  params=parse_params(instruction_id, kwargs))
             for index, (instruction_id, kwargs) in enumerate(instructions)]
    return CaseContext(key=1, prompt=prompt, items=items)


def test_conflicts_with_is_symmetric():
    one_sided = [(first, second) for first, constraint in REGISTRY.items()
                 for second in constraint.conflicts_with
                 if first not in REGISTRY[second].conflicts_with]
    assert one_sided == []


def test_conflicts_with_names_only_registered_types():
    assert [second for constraint in REGISTRY.values() for second in constraint.conflicts_with
            if second not in REGISTRY] == []


def test_every_table_pair_has_a_documented_reason():
    pairs = {tuple(sorted((first, second))) for first, constraint in REGISTRY.items()
             for second in constraint.conflicts_with}
    assert len(pairs) == 14
    undocumented = [pair for pair in sorted(pairs)
                    if table_reason(*pair) in (None, "see the conflict table")]
    assert undocumented == []


def test_a_reason_is_given_for_a_declared_pair_and_by_one_side_only():
    for first, constraint in REGISTRY.items():
        assert set(constraint.conflict_reasons) <= constraint.conflicts_with, first
        for second in constraint.conflict_reasons:
            assert first not in REGISTRY[second].conflict_reasons, (first, second)


def test_the_table_lists_what_the_issue_names():
    json_partners = REGISTRY["detectable_format:json_format"].conflicts_with
    assert {"detectable_format:title", "detectable_content:postscript",
            "detectable_format:multiple_sections", "detectable_format:number_bullet_lists",
            "combination:two_responses", "startend:quotation"} <= json_partners
    assert "change_case:english_lowercase" in REGISTRY["change_case:english_capital"].conflicts_with


def test_end_phrase_with_a_quotation_wrap_is_not_a_conflict():
    # The end checker strips the wrapping quotes first, so both can pass.
    assert "startend:quotation" not in REGISTRY["startend:end_checker"].conflicts_with
    response = '"The tide came in slowly over the flats. Any questions?"'
    assert check("startend:quotation", response)
    assert check("startend:end_checker", response, {"end_phrase": "Any questions?"})


def test_two_responses_really_break_the_paragraph_checker():
    response = "First answer about tides.\n******\nSecond answer about tides."
    assert check("combination:two_responses", response)
    assert not check("length_constraints:number_paragraphs", response, {"num_paragraphs": 2})


NO_PARAMS_EXAMPLES = {
    "combination:two_responses": {}, "detectable_format:json_format": {},
    "detectable_format:title": {}, "startend:quotation": {}, "punctuation:no_comma": {},
    "change_case:english_lowercase": {}, "change_case:english_capital": {},
    "detectable_format:constrained_response": {},
}


@pytest.mark.parametrize("pair", [pair for pair in combinations(sorted(NO_PARAMS_EXAMPLES), 2)
                                  if pair[1] not in REGISTRY[pair[0]].conflicts_with])
def test_a_witness_exists_for_every_parameterless_pair_outside_the_table(pair):
    context = _context("Answer the question.", *[(name, {}) for name in pair])
    assert build_witness(context) is not None, pair


def test_witness_passes_every_checker_of_a_busy_case():
    context = _context(
        "Write about tea.",
        ("length_constraints:number_words", {"relation": "at least", "num_words": 120}),
        ("length_constraints:number_sentences", {"relation": "less than", "num_sentences": 6}),
        ("detectable_format:title", {}),
        ("detectable_content:postscript", {"postscript_marker": "P.S."}),
        ("keywords:existence", {"keywords": ["kettle"]}),
        ("keywords:forbidden_words", {"forbidden_words": ["the"]}),
        ("punctuation:no_comma", {}),
        ("startend:end_checker", {"end_phrase": "Enjoy your cup."}),
        ("detectable_format:number_highlighted_sections", {"num_highlights": 2}),
    )
    response = build_witness(context)
    assert response is not None
    for item in context.items:
        assert check(item.instruction_id, response, item.params.model_dump()), item.instruction_id


def test_witness_writes_in_the_requested_language():
    context = _context("Answer in Finnish.", ("language:response_language", {"language": "fi"}),
                       ("length_constraints:number_sentences",
                        {"relation": "at least", "num_sentences": 3}))
    response = build_witness(context)
    assert response is not None
    assert check("language:response_language", response, {"language": "fi"})


def test_witness_respects_paragraph_and_blank_line_counts_together():
    context = _context(
        "Write.", ("length_constraints:number_paragraphs", {"num_paragraphs": 3}),
        ("length_constraints:nth_paragraph_first_word",
         {"num_paragraphs": 3, "nth_paragraph": 2, "first_word": "meanwhile"}))
    assert build_witness(context) is not None
