"""The rewriter's lexicon: which verbs of making take which objects (generate/rewrite/lexicon.py)."""

from __future__ import annotations


def test_one_never_puts_together_a_sentence_or_a_conversation():
    # Read BDS: "Put together a long sentence about tax filing", "put together the
    # conversation you have with him".
    from ifevalpp.generate.rewrite.lexicon import verb_fits

    assert not verb_fits("put together", "a long sentence about tax filing")
    assert not verb_fits("put together", "the conversation you have with him")
    assert verb_fits("put together", "an essay about tax filing")
    assert verb_fits("recast", "the following sentence")


def test_a_short_piece_is_never_put_together():
    # Reads CKN, CKP: "put together a haiku", "Could you put together a tweet …?".
    from ifevalpp.generate.rewrite.lexicon import verb_fits

    for piece in ("a haiku about the sea", "a tweet for a bakery", "a joke about owls",
                  "a limerick about a cat"):
        assert not verb_fits("put together", piece)
    assert verb_fits("compose", "a haiku about the sea")
