"""Properties of every checker on arbitrary text with any valid parameters.

* No checker raises, in either profile, strict or loose, on any Unicode text
  (no surrogates) rich in the characters the checkers look at.
* A strict pass is always a loose pass.
* A blank response fails strict and loose.

Parameters are drawn per instruction type from its Params model. The official
checker hands some string parameters to the regex engine as they are
(keywords, forbidden words, the section splitter, a postscript marker other
than P.S./P.P.S); a regex metacharacter there would crash the official
evaluator too, so those fields draw letters and digits only.
"""

from __future__ import annotations

import typing

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ifevalpp.constraints import REGISTRY, check, check_loose, instruction_ids

SETTINGS = settings(derandomize=True, database=None, deadline=None, max_examples=1500,
                    suppress_health_check=[HealthCheck.too_slow])

OFFICIAL_RELATIONS = ["less than", "at least"]
ALL_RELATIONS = ["less than", "at least", "at most", "around"]

# String fields the official checker compiles as (part of) a regular expression.
REGEX_FIELDS = {"keyword", "keywords", "forbidden_words", "section_spliter",
                "postscript_marker"}
RELATION_FIELDS = {"relation", "let_relation", "capital_relation"}

words = st.text(alphabet=st.characters(categories=("L", "Nd")), min_size=1, max_size=8)
letters = st.characters(exclude_categories=("Cs",)).filter(
    lambda c: len(c.strip().lower()) == 1)

# Pieces of markup the checkers react to, mixed into arbitrary text.
FRAGMENTS = [
    "\n", "\n\n", "\n\n\n\n", "\r\n", " ", "\t", "\u00a0", "\u3000", "*", "**", "***", "******",
    "* ", "- ", "---", "[", "]", "[x]", "[]", "<<", ">>", "<<Title>>", '"', "\u201c", "\u201d",
    "```json", "```Json", "```", "{", "}", '{"a": 1}', "NaN", "\ufeff", ",", "\uff0c", ".", "!",
    "?", "'", "P.S.", "p.p.s", "SECTION 1", "SECTION II", "My answer is yes.", "THE", "tea",
    "I", "Dr.", "\U0001F600", "12345",
]
responses = st.lists(st.one_of(st.text(max_size=20), st.sampled_from(FRAGMENTS)),
                     max_size=12).map("".join)


def _field_strategy(name: str, field, profile: str) -> st.SearchStrategy:
    annotation = field.annotation
    if name in RELATION_FIELDS:
        return st.sampled_from(OFFICIAL_RELATIONS if profile == "official" else ALL_RELATIONS)
    if typing.get_origin(annotation) is typing.Literal:
        return st.sampled_from(typing.get_args(annotation))
    if annotation is int:
        low = next((m.ge for m in field.metadata if hasattr(m, "ge")), 0)
        return st.integers(min_value=low, max_value=50)
    if name == "postscript_marker":
        return st.one_of(st.sampled_from(["P.S.", "P.P.S"]), words)
    if name == "letter":
        return letters
    if typing.get_origin(annotation) is list:
        assert name in REGEX_FIELDS, f"decide how to draw list field {name!r}"
        return st.lists(words, min_size=1, max_size=3)
    if annotation is str:
        return words if name in REGEX_FIELDS else st.text(min_size=1, max_size=20)
    raise AssertionError(f"no strategy for field {name!r} ({annotation!r}); add one")


def _kwargs_strategy(instruction_id: str, profile: str) -> st.SearchStrategy:
    fields = REGISTRY[instruction_id].Params.model_fields
    return st.fixed_dictionaries({name: _field_strategy(name, field, profile)
                                  for name, field in fields.items()})


@st.composite
def cases(draw):
    """(instruction id, kwargs, profile) with kwargs valid for that type and profile."""
    instruction_id = draw(st.sampled_from(instruction_ids()))
    profile = draw(st.sampled_from(["official", "revised"]))
    return instruction_id, draw(_kwargs_strategy(instruction_id, profile)), profile


def test_every_params_field_has_a_strategy():
    for instruction_id in instruction_ids():
        for profile in ("official", "revised"):
            _kwargs_strategy(instruction_id, profile)


@SETTINGS
@given(case=cases(), response=responses)
def test_no_checker_raises_on_arbitrary_text(case, response):
    instruction_id, kwargs, profile = case
    assert check(instruction_id, response, kwargs, profile=profile) in (True, False)
    assert check_loose(instruction_id, response, kwargs, profile=profile) in (True, False)


@SETTINGS
@given(case=cases(), response=responses)
def test_strict_pass_implies_loose_pass(case, response):
    instruction_id, kwargs, profile = case
    if check(instruction_id, response, kwargs, profile=profile):
        assert check_loose(instruction_id, response, kwargs, profile=profile)


@settings(derandomize=True, database=None, deadline=None, max_examples=100)
@given(case=cases(),
       response=st.text(alphabet=st.sampled_from(" \t\n\r\u00a0\u2003\u3000"), max_size=6))
def test_blank_response_fails_strict_and_loose(case, response):
    instruction_id, kwargs, profile = case
    assert not check(instruction_id, response, kwargs, profile=profile)
    assert not check_loose(instruction_id, response, kwargs, profile=profile)
