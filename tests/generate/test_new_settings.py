"""New settings for a reconfiguration (generate/new_settings.py): which constraints may change."""

from __future__ import annotations

from ifevalpp.generate.new_settings import targets
from ifevalpp.generate.prompt.layout import build_layout


def test_exact_count_tied_to_a_spelled_out_block_is_not_reconfigured():
    prompt = ("Give me three tips, following this format:\nTip one\n***\nTip two\n***\n"
              "Tip three\nAnswer in lowercase letters only.")
    layout = build_layout(prompt, ["length_constraints:number_paragraphs",
                              "change_case:english_lowercase"], [{"num_paragraphs": 3}, {}])
    assert 0 not in targets(layout)
