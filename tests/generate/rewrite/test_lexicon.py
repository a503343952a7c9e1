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
