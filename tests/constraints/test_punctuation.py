"""punctuation:no_comma: not one ASCII comma (U+002C)."""

from __future__ import annotations

import pytest

from ifevalpp.constraints import REGISTRY, check


def test_blank_response_fails_no_comma(blank_response, profile):
    assert check("punctuation:no_comma", blank_response, profile=profile) is False


def test_blank_response_fails_no_comma_although_the_bare_checker_accepts_it():
    # The blank rule lives in strict mode, not in the checker.
    assert REGISTRY["punctuation:no_comma"].check("   ", None) is True
    assert check("punctuation:no_comma", "   ") is False


@pytest.mark.parametrize("response, expected", [
    pytest.param("No commas here.", True, id="plain-text-passes"),
    pytest.param("Apples, pears.", False, id="ascii-comma-fails"),
    pytest.param("1,000 apples", False, id="thousands-separator-fails"),
    pytest.param("Last word,", False, id="trailing-comma-fails"),
    pytest.param("Apples\uff0c pears.", True, id="fullwidth-comma-allowed"),
    pytest.param("Apples\u3001 pears.", True, id="ideographic-comma-allowed"),
    pytest.param("Apples\u060c pears.", True, id="arabic-comma-allowed"),
    pytest.param("Apples\u201a pears.", True, id="low-single-quote-allowed"),
    pytest.param("Apples\ufe50 pears.", True, id="small-comma-allowed"),
    pytest.param("Apples; pears: plums.", True, id="other-punctuation-allowed"),
])
def test_no_comma(response, expected, profile):
    assert check("punctuation:no_comma", response, profile=profile) is expected
