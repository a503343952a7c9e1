"""Harder count values: direction, plausible numbers, increasing difficulty, bounds."""

from __future__ import annotations

import pytest

from ifevalpp.constraints.support.harder import candidates, direction, harder_value, nice


@pytest.mark.parametrize("relation, step", [("at least", 1), ("less than", -1), ("at most", -1),
                                            ("around", 0)])
def test_direction_of_each_relation(relation, step):
    assert direction(relation) == step


@pytest.mark.parametrize("value, shown", [(7, 7), (19.4, 19), (23, 25), (96, 100), (347, 350),
                                          (1234, 1200), (4620, 4500)])
def test_nice_numbers_are_what_a_person_writes(value, shown):
    assert nice(value) == shown


def test_at_least_gets_larger_and_increasingly_hard():
    values = [harder_value(300, "at least", i, ceiling=2000) for i in (1, 2, 3)]
    assert 300 < values[0] < values[1] < values[2] <= 900


def test_less_than_gets_smaller_and_increasingly_hard():
    values = [harder_value(100, "less than", i, floor=10) for i in (1, 2, 3)]
    assert 100 > values[0] > values[1] > values[2] >= 34


def test_small_counts_step_by_one():
    assert [harder_value(3, "at least", i) for i in (1, 2, 3)] == [4, 6, 7]
    assert [harder_value(5, "less than", i, floor=2) for i in (1, 2, 3)] == [4, 3, 2]


def test_no_harder_value_outside_the_allowed_range():
    assert harder_value(2, "less than", 1, floor=2) is None
    assert harder_value(500, "at least", 1, ceiling=500) is None
    assert all(v <= 600 for v in candidates(500, "at least", floor=0, ceiling=600))


def test_around_has_no_harder_value():
    assert harder_value(200, "around", 1) is None


def test_ladder_values_are_offered():
    assert 450 in candidates(300, "at least", floor=0, ceiling=2000, ladder=(450, 5000))
    assert 5000 not in candidates(300, "at least", floor=0, ceiling=2000, ladder=(450, 5000))


def test_never_more_than_max_factor_harder():
    assert max(candidates(100, "at least", floor=0, ceiling=10**6)) <= 300
    assert min(candidates(90, "less than", floor=0, ceiling=10**6)) >= 30


def test_index_outside_range_is_refused():
    with pytest.raises(ValueError, match="index 4 is not within 1..3"):
        harder_value(300, "at least", 4)


@pytest.mark.parametrize("current, relation, expected", [
    (50, "at least", [60, 70, 80]),
    (25, "at least", [30, 35, 40]),
    (40, "less than", [30, 25, 20]),
])
def test_harder_values_are_round_numbers_a_person_would_ask_for(current, relation, expected):
    assert candidates(current, relation, floor=1, ceiling=10**6, max_factor=1.5) == expected


@pytest.mark.parametrize("current, relation", [(25, "less than"), (24, "less than"),
                                               (14, "at least"), (300, "at least")])
def test_each_harder_value_is_a_real_step_beyond_the_one_before(current, relation):
    values = candidates(current, relation, floor=1, ceiling=10**6, max_factor=1.5)
    for easier, harder in zip(values, values[1:]):
        assert abs(harder - easier) >= max(1, 0.1 * easier), values


def test_a_word_that_starts_the_last_paragraph_stays_on_the_last_one():
    import random

    from ifevalpp.constraints import get

    nth = get("length_constraints:nth_paragraph_first_word")
    params = nth.Params(num_paragraphs=7, nth_paragraph=7, first_word="summary")
    harder = nth.harder(params, random.Random(0), step=2)
    assert harder.num_paragraphs > 7 and harder.nth_paragraph == harder.num_paragraphs


def test_a_word_that_starts_a_middle_paragraph_stays_where_it_was():
    import random

    from ifevalpp.constraints import get

    nth = get("length_constraints:nth_paragraph_first_word")
    params = nth.Params(num_paragraphs=5, nth_paragraph=2, first_word="however")
    assert nth.harder(params, random.Random(0)).nth_paragraph == 2


def test_a_third_step_reaches_further_when_the_usual_reach_holds_two():
    # At least 500 words under a reach of 1.5 times gave 600 and 700, and the third step asked
    # for 700 again (case 1069 had no third reconfiguration).
    ladder = (400, 500, 600, 700, 800, 1000, 1200)
    values = [harder_value(500, "at least", i, ceiling=1500, ladder=ladder, max_factor=1.5)
              for i in (1, 2, 3)]
    assert values == [600, 700, 800]
    assert [harder_value(10, "at least", i, ceiling=60, max_factor=1.5) for i in (1, 2, 3)] == \
        [12, 14, 16]


def test_a_reach_further_still_stays_under_the_ceiling():
    # Eight highlights under a ceiling of twelve: ten, eleven, and nothing a step beyond.
    assert [harder_value(8, "at least", i, ceiling=12, max_factor=1.5) for i in (1, 2, 3)] == \
        [10, 11, 11]


def test_a_word_count_near_its_ceiling_may_go_past_it_in_proportion_to_the_original():
    # 1219 asks "sneaker" ten times: 12 was the only harder count, so its second and third
    # reconfigurations repeated the first. A stock request stays under the ceiling.
    from ifevalpp.constraints import get, parse_params

    frequency = get("keywords:frequency")
    asked = [frequency.harder(parse_params("keywords:frequency", {
        "keyword": "sneaker", "relation": "at least", "frequency": 10}), None, step=step)
        for step in (1, 2, 3)]
    counts = [params.frequency for params in asked]
    assert counts == sorted(counts) and len(set(counts)) == 3 and counts[-1] <= 16
    assert frequency.harder_limits("at least", 4)[1] == frequency.harder_ceiling
    assert get("length_constraints:number_sentences").harder_limits("at least", 60)[1] == 60
