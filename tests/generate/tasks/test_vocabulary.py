"""The words a new task invites (generate/tasks/vocabulary.py): for the word constraints a
task swap carries."""

from __future__ import annotations

import pytest

from ifevalpp.generate.tasks import catalogue
from ifevalpp.generate.tasks.vocabulary import (genre_kinds, invites, subject_nouns, task_words,
                                                vocabulary)


def test_every_genre_and_subject_kind_has_words():
    known = vocabulary()
    for genre in catalogue().genres:
        assert len(known.genres[genre.id]) >= 6, genre.id
    for kind in catalogue().subjects:
        assert len(known.kinds[kind]) >= 4, kind


@pytest.mark.parametrize("subject, nouns", [
    ("a small fishing village on a rocky coast", ["village", "coast"]),
    ("a farmer who wants to fly", ["farmer"]),
    ("a valley covered in vineyards", ["valley", "vineyards"]),
    ("a grandmother learning to skateboard", ["grandmother", "skateboard"]),
    ("how to repot a houseplant", ["houseplant"]),
    ("the history of the bicycle", ["history", "bicycle"]),
])
def test_a_subject_s_nouns_are_the_heads_of_its_phrases(subject, nouns):
    assert subject_nouns(subject) == nouns


def test_a_task_uses_its_subject_and_genre_words_and_suits_its_kind_s_words():
    nouns, uses, suits = task_words("itinerary", ["destination"], ["a seaside town out of season"])
    assert nouns == ("town", "season") and uses[:2] == nouns
    assert "morning" in uses and "lunch" in uses
    assert "visitors" in suits and not set(suits) & set(uses)


def test_a_word_to_include_is_never_one_the_genre_uses_anyway():
    _, uses, suits = task_words("announcement", ["event"], ["a village talent show"])
    assert "date" in uses and "date" not in suits  # every announcement has a date


def test_invites_reads_the_task_back_from_a_prompt():
    genre = next(item for item in catalogue().genres if item.id == "itinerary")
    invited = invites("Plan a weekend in a harbour town.", genre.id, genre_kinds(genre.frames))
    assert {"harbour", "town", "lunch", "visitors", "the"} <= invited
    assert "revolution" not in invited


def test_every_destination_is_a_named_place():
    # Read CFY: "a three-day itinerary for a city built on canals" — a traveller names the place.
    for destination in catalogue().subjects["destination"]:
        assert any(word[:1].isupper() for word in destination.split()), destination
