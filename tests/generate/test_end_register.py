"""An end line chosen for the kind of piece it closes."""

from __future__ import annotations

import random

from ifevalpp.constraints import get, parse_params
from ifevalpp.constraints.support.choosing import words
from ifevalpp.generate.new_settings import piece_register
from ifevalpp.generate.piece import end_register, text_features
from ifevalpp.generate.prompt.layout import build_layout

END = "startend:end_checker"


def test_the_register_follows_the_kind_of_piece():
    assert end_register(text_features("Write a limerick about a cheese shop.")) == "verse"
    assert end_register(text_features("Draft an email to my landlady.")) == "letter"
    assert end_register(text_features("Write a tweet about a late train.")) == "social"
    assert end_register(text_features("Tell a bedtime story about a mole.")) == "story"
    assert end_register(text_features("How do magnets work?")) == "answer"


def test_a_new_end_line_suits_the_piece():
    layout = build_layout('Write a haiku about moss. End with the phrase "Ask me more."',
                          [END], [{"end_phrase": "Ask me more."}])
    piece = piece_register(layout)
    assert piece == "verse"
    constraint = get(END)
    for seed in range(10):
        new = constraint.reconfigure(layout.params[0], random.Random(seed), piece=piece)
        assert new.end_phrase in words()["end_phrase_pieces"]["verse"]
        assert constraint.suits_piece(new, "verse")
    assert not constraint.suits_piece(parse_params(END, {"end_phrase": "Stay curious."}),
                                      "letter")
