"""What a case refuses a competing requirement: the size and kind of piece its task asks for
(generate/competing/fit.py)."""

from __future__ import annotations

import pytest

from ifevalpp.generate.competing.fit import one_sentence, piece_features
from ifevalpp.generate.competing.witness import compatible_requests
from ifevalpp.generate.prompt.layout import build_layout

from .cases import BULLETS, PLACEHOLDERS, lowercase, typed

@pytest.mark.parametrize("prompt", [
    'Rewrite the sentence: "The cat slept on the warm mat all day."',
    "Write a long sentence about the first snow of winter.",
    'Criticise this line in a funny way: "Every cloud has a silver lining."',
])
def test_a_piece_of_one_sentence_is_read_as_one(prompt):
    assert one_sentence(lowercase(prompt))


@pytest.mark.parametrize("prompt", [
    "Write an essay about the first snow of winter.",
    "Write a story of at least ten sentences about a dog.",
])
def test_a_longer_piece_is_not_read_as_one_sentence(prompt):
    assert not one_sentence(lowercase(prompt))


def test_a_sentence_to_rewrite_takes_no_list_layout_or_second_sentence():
    layout = lowercase('Rewrite the sentence: "The cat slept on the warm mat all day."')
    offered = {requirement.id for requirement in compatible_requests(layout, "official")}
    assert not offered & {"numbered-list", "rhetorical-question", "table", "heading-per-section"}
    assert typed(layout, BULLETS, {"num_bullets": 3}) is None
    assert typed(layout, PLACEHOLDERS, {"num_placeholders": 1}) is None


def test_a_song_is_read_as_verse_and_an_essay_is_not():
    def verse_features(layout):
        return piece_features(layout, verse_only=True)

    song = build_layout("Write a song about trains. Do not use any commas.",
                        ["punctuation:no_comma"], [{}])
    essay = build_layout("Write an essay about trains. Do not use any commas.",
                         ["punctuation:no_comma"], [{}])
    assert "poem" in verse_features(song)
    assert verse_features(essay) is None


def test_an_answer_in_angular_brackets_takes_no_line_breaks():
    # Read CFR (1802): "each sentence on its own line" would split a bracketed answer of
    # several sentences, where the title check finds nothing on one line.
    from ifevalpp.generate.competing.fit import demands
    title = "detectable_format:title"
    boxed = build_layout("Is that a good explanation for a 10-year-old? Please think first, then "
                         "give your answer wrapped in double angular brackets, such as <<your "
                         "answer>>.", [title], [{}])
    assert "adds_lines" in demands(boxed).refuses
    titled = build_layout("Write a poem about the sea. Give it a title in double angular "
                          "brackets, such as <<title>>.", [title], [{}])
    assert "adds_lines" not in demands(titled).refuses


def test_a_riddle_is_asked_for_no_semicolon():
    # Read CKG (3623): "join two closely linked clauses with a semicolon" beside a short riddle.
    layout = lowercase("Write a riddle about a lighthouse keeper who never sleeps.")
    offered = {requirement.id for requirement in compatible_requests(layout, "official")}
    assert offered and "semicolon" not in offered
