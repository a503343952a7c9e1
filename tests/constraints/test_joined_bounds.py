"""Two bounds joined by "and"/"but" share the unit written once after the second."""

from __future__ import annotations

import pytest

from ifevalpp.constraints.support.count_phrases import counts


@pytest.mark.parametrize("prompt, unit", [
    ("Answer in no fewer than 600 and under 700 words.", "words"),
    ("Use at least 3 but fewer than 10 sentences.", "sentences"),
    ("Write no fewer than 2 and no more than 5 paragraphs.", "paragraphs"),
])
def test_the_first_bound_takes_the_unit_of_the_second(prompt, unit):
    assert [count.unit for count in counts(prompt)] == [unit, unit]


def test_a_bare_number_before_and_takes_no_unit():
    found = counts("List 3 and then at most 5 bullet points.")
    assert found[0].unit is None
