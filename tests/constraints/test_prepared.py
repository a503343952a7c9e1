"""Checking many responses to one prompt: types and parameters prepared once, same verdicts."""

from __future__ import annotations

import pytest

from ifevalpp.constraints import check, check_loose, prepare, verdicts

IDS = ["punctuation:no_comma", "keywords:existence", "length_constraints:number_words",
       "change_case:english_lowercase"]
KWARGS = [{}, {"keywords": ["tea"]}, {"relation": "less than", "num_words": 6}, None]
RESPONSES = ["green tea, hot", "Green tea warms the hands", "*tea*\nno commas here", "",
             "tea tea tea tea tea tea tea", "Sure:\ntea is good\nThanks"]


@pytest.mark.parametrize("profile", ["official", "revised", "ifevalpp-paper"])
@pytest.mark.parametrize("mode, one", [("strict", check), ("loose", check_loose)])
def test_prepared_verdicts_equal_check_and_check_loose(profile, mode, one):
    prepared = prepare(IDS, KWARGS, profile)
    for response in RESPONSES:
        expected = [one(instruction_id, response, kwargs, profile=profile)
                    for instruction_id, kwargs in zip(IDS, KWARGS)]
        assert verdicts(prepared, response, profile=profile, mode=mode) == expected


def test_stopping_at_the_first_failure_gives_the_verdicts_up_to_it():
    prepared = prepare(IDS, KWARGS)
    assert verdicts(prepared, "green tea, hot", stop_at_failure=True) == [False]


def test_bad_parameters_raise_when_prepared():
    with pytest.raises(Exception, match="num_words"):
        prepare(["length_constraints:number_words"], [{"relation": "less than"}])
