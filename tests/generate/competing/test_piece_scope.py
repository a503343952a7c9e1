"""A checked statement said of the piece takes no line added outside the piece."""

from __future__ import annotations

from ifevalpp.generate.competing.fit import demands, said_of_the_piece
from ifevalpp.generate.prompt.layout import build_layout

NO_COMMA = "punctuation:no_comma"


def test_a_comma_ban_said_of_the_song_refuses_a_postscript():
    # Read AIA: "Commas are not allowed in the song." then a P.S. the check reads too.
    layout = build_layout("Write a song about a rented room. Commas are not allowed in the song.",
                          [NO_COMMA], [{}])
    assert said_of_the_piece(layout)
    assert {"adds_first_line", "adds_last_line"} <= demands(layout).refuses


def test_a_comma_ban_said_of_the_answer_leaves_a_postscript_free():
    layout = build_layout("Write a song about a rented room. Do not use any commas in your "
                          "answer.", [NO_COMMA], [{}])
    assert not said_of_the_piece(layout)
    assert "adds_last_line" not in demands(layout).refuses


def test_a_statement_whose_subject_is_the_piece_speaks_of_the_piece():
    layout = build_layout("Write a haiku about a lion. Your haiku should not contain any commas.",
                          [NO_COMMA], [{}])
    assert said_of_the_piece(layout)


def test_a_piece_the_task_names_only_in_its_request_is_no_scope():
    layout = build_layout("Write a song about a rented room in the house. Do not use any commas.",
                          [NO_COMMA], [{}])
    assert not said_of_the_piece(layout)


def test_an_answer_that_fills_a_spelled_out_template_takes_no_list_or_table():
    # "… set out the main points as a numbered list" beside two movie slots (read CJW, 3335).
    layout = build_layout("Recommend two films. Lay them out like this:\n[Film 1]\n[Description]"
                          "\n******\n[Film 2]\n[Description]\n\nDo not use any commas.",
                          [NO_COMMA], [{}])
    assert {"numbered_list", "uses_table", "adds_bullets", "changes_shape"} <= \
        demands(layout).refuses


def test_an_answer_without_a_template_may_take_a_list():
    layout = build_layout("Recommend two films. Do not use any commas.", [NO_COMMA], [{}])
    assert "numbered_list" not in demands(layout).refuses
