"""A count of bullets, sections or paragraphs against the items a task fixes itself."""

from __future__ import annotations

from ifevalpp.generate.competing.fit import contradicts_items, counts_contradict
from ifevalpp.generate.piece import task_items

from .cases import BULLETS, lowercase, typed


def test_a_task_names_its_days_steps_and_listed_names():
    assert task_items(lowercase("Plan a 9-day walking holiday in the Alps.")) == (False, 9)
    assert task_items(lowercase("Suggest 4 names for a pet tortoise.")) == (False, 4)
    assert task_items(lowercase("Describe the top 7 rivers of a made-up continent.")) == (False, 7)
    assert task_items(lowercase("Sum up the harvests of the following farms: Oakby, Fenwick, "
                                "Redmoor and Little Hay.")) == (False, 4)
    assert task_items(lowercase("Draw up an outline for a talk on pond life.")) == (True, None)
    assert task_items(lowercase("Write a haiku about frost on a gate.")) == (False, None)


def test_an_exact_layout_count_refuses_what_the_task_fixes_otherwise():
    itinerary = lowercase("Write an itinerary for a 6-day trip along a canal.")
    assert contradicts_items(itinerary, {"num_bullets": 2})
    assert contradicts_items(itinerary, {"num_sections": 3})
    assert not contradicts_items(itinerary, {"num_sections": 6})
    essay = lowercase("Write an essay about the smell of old libraries.")
    assert not contradicts_items(essay, {"num_bullets": 3})
    assert counts_contradict((True, None), {"num_bullets": 4})
    assert not counts_contradict((True, None), {"num_paragraphs": 4})


def test_no_typed_bullet_count_beside_a_list_of_many_days():
    layout = lowercase("Write an itinerary for a 10-day cycling trip around a lake.")
    assert typed(layout, BULLETS, {"num_bullets": 2}) is None
