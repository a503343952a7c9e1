"""Helpers for the per-group checker specifications in tests/constraints/.

Each test module here covers one group of instruction types. Tables are written
as literal (response, kwargs, expected) rows; these fixtures only save typing:

* `verdicts(id, response, kwargs)` -> (official, revised) strict verdicts, so a
  FIDELITY.md fact reads as `== (True, False)` with both profiles side by side.
* `profile` runs a test once per profile, for behaviour both profiles share.
* `every_key_style(kwargs)` rewrites kwargs the way the Hugging Face release
  stores them: every IFEval key present, null where the instruction does not
  use it.
* `permissive_kwargs[id]` gives kwargs under which an empty text would pass the
  bare checker (e.g. "less than 5 words"), to show that a blank response still
  fails strict mode.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import pytest

from ifevalpp.constraints import check

PROFILE_NAMES = ("official", "revised")

# Every kwargs key found in the Hugging Face copy of IFEval.
_EVERY_KEY = (
    "num_highlights", "relation", "num_words", "num_placeholders", "prompt_to_repeat",
    "num_paragraphs", "nth_paragraph", "first_word", "num_bullets", "language", "keywords",
    "section_spliter", "num_sections", "capital_relation", "capital_frequency", "keyword",
    "frequency", "forbidden_words", "end_phrase", "letter", "let_frequency", "let_relation",
    "postscript_marker",
)


@pytest.fixture(params=PROFILE_NAMES)
def profile(request: pytest.FixtureRequest) -> str:
    """Both profiles, one test run each (for behaviour the profiles share)."""
    return request.param


@pytest.fixture
def verdicts() -> Callable[..., tuple[bool, bool]]:
    """(official, revised) strict verdicts of one instruction on one response."""

    def _verdicts(instruction_id: str, response: str,
                  kwargs: Optional[dict[str, Any]] = None, *,
                  prompt: Optional[str] = None) -> tuple[bool, bool]:
        return (check(instruction_id, response, kwargs, prompt=prompt, profile="official"),
                check(instruction_id, response, kwargs, prompt=prompt, profile="revised"))

    return _verdicts


@pytest.fixture
def every_key_style() -> Callable[[Optional[dict[str, Any]]], dict[str, Any]]:
    """kwargs as the Hugging Face release stores them: every key, null when unused."""

    def _every_key_style(kwargs: Optional[dict[str, Any]]) -> dict[str, Any]:
        expanded: dict[str, Any] = {key: None for key in _EVERY_KEY}
        expanded.update(kwargs or {})
        return expanded

    return _every_key_style


@pytest.fixture
def permissive_kwargs() -> dict[str, Optional[dict[str, Any]]]:
    """kwargs under which the bare checker would accept an empty text, where that is possible."""
    return {
        "change_case:capital_word_frequency": {"capital_frequency": 3,
                                               "capital_relation": "less than"},
        "change_case:english_capital": None,
        "change_case:english_lowercase": None,
        "combination:repeat_prompt": {"prompt_to_repeat": "Say hi."},
        "combination:two_responses": None,
        "detectable_content:number_placeholders": {"num_placeholders": 0},
        "detectable_content:postscript": {"postscript_marker": "P.S."},
        "detectable_format:constrained_response": None,
        "detectable_format:json_format": None,
        "detectable_format:multiple_sections": {"section_spliter": "SECTION",
                                                "num_sections": 0},
        "detectable_format:number_bullet_lists": {"num_bullets": 0},
        "detectable_format:number_highlighted_sections": {"num_highlights": 0},
        "detectable_format:title": None,
        "keywords:existence": {"keywords": ["tea"]},
        "keywords:forbidden_words": {"forbidden_words": ["tea"]},
        "keywords:frequency": {"keyword": "tea", "frequency": 3, "relation": "less than"},
        "keywords:letter_frequency": {"letter": "e", "let_frequency": 3,
                                      "let_relation": "less than"},
        "language:response_language": {"language": "en"},
        "length_constraints:nth_paragraph_first_word": {"num_paragraphs": 1, "nth_paragraph": 1,
                                                        "first_word": "tea"},
        "length_constraints:number_paragraphs": {"num_paragraphs": 1},
        "length_constraints:number_sentences": {"num_sentences": 3, "relation": "less than"},
        "length_constraints:number_words": {"num_words": 3, "relation": "less than"},
        "punctuation:no_comma": None,
        "startend:end_checker": {"end_phrase": "Bye."},
        "startend:quotation": None,
    }


# Blank responses: empty, ASCII whitespace, and Unicode whitespace that str.strip removes.
BLANK_RESPONSES = {
    "empty": "",
    "spaces": "   ",
    "newlines-and-tab": "\n\n\t\n",
    "no-break-space": "\u00a0\u00a0",
    "ideographic-space": "\u3000",
}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test asking for `blank_response` runs once per kind of blank text."""
    if "blank_response" in metafunc.fixturenames:
        metafunc.parametrize("blank_response", list(BLANK_RESPONSES.values()),
                             ids=list(BLANK_RESPONSES))
