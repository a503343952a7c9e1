"""Cutting a prompt into units (generate/prompt/segment.py), one behaviour per test."""

from __future__ import annotations

from ifevalpp.generate.prompt.segment import segment


def test_a_sentence_wrapped_onto_the_next_line_is_one_unit():
    text = "Write two ads. Mark the beginning\nof each ad with Ad 1 and Ad 2. Keep it short."
    units = [text[start:end] for start, end, _ in segment(text)]
    assert units == ["Write two ads.", "Mark the beginning\nof each ad with Ad 1 and Ad 2.",
                     "Keep it short."]


def test_a_line_break_after_a_full_stop_still_starts_a_new_unit():
    text = "Write two ads.\nthen stop."
    assert [text[start:end] for start, end, _ in segment(text)] == ["Write two ads.", "then stop."]
