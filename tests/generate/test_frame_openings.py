"""Which request frames a prompt says already: one courtesy frame per prompt, so the
generator must hear every one, wherever it stands."""

from __future__ import annotations

from ifevalpp.generate.naturalness import frame_openings


def test_a_frame_that_opens_a_sentence_is_heard():
    assert frame_openings("I would like you to write a poem.") == ["request"]


def test_a_frame_joined_on_after_and_is_heard():
    # Read CJO (1001): "…, and I would like thee to write an itinerary … I'd be grateful if
    # you'd write your response without any commas." asks twice.
    prompt = "I am planning a trip to Japan, and I would like you to write an itinerary."
    assert frame_openings(prompt) == ["request"]


def test_a_frame_said_to_thee_is_heard():
    prompt = "I am planning a trip to Japan, and I would like thee to write an itinerary."
    assert frame_openings(prompt) == ["request"]


def test_make_sure_joined_on_is_counted_once():
    assert frame_openings("Write a poem, and make sure it rhymes.") == ["make sure"]


def test_a_sentence_with_no_frame_has_none():
    assert frame_openings("I am planning a trip to Japan, and my sister is coming too.") == []
