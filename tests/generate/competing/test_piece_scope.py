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


def test_an_end_phrase_added_beside_an_exact_paragraph_count_is_refused():
    # Read CKH (2215): "End your response with the line "And that is the whole story."" beside
    # exactly two paragraphs: is the line a third?
    from ifevalpp.constraints import get, parse_params
    end = get("startend:end_checker")
    effects = end.competing_effects(parse_params(end.id, {"end_phrase": "That is all."}))
    for ids, kwargs in ((["length_constraints:number_paragraphs"], [{"num_paragraphs": 2}]),
                        (["length_constraints:nth_paragraph_first_word"],
                         [{"num_paragraphs": 2, "nth_paragraph": 1, "first_word": "rain"}])):
        layout = build_layout("Write a story in exactly 2 paragraphs separated by ***. The first "
                              "paragraph starts with the word rain.", ids, kwargs)
        assert "adds_last_line" in effects & demands(layout).refuses, ids
