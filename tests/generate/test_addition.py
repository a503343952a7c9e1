"""A sentence added to a prompt kept whole (generate/addition.py): how long, and where."""

from __future__ import annotations

import pytest

from ifevalpp.generate.addition import ends_sentence, first_long_enough, needed_tokens, place


@pytest.mark.parametrize("text, ends", [("Write a poem.", True), ('Reply with "Done."', True),
                                        ('Split paragraphs by line breaks ("\\n\\n")', False),
                                        ("End your reply with P.P.S", False)])
def test_a_closing_quote_ends_a_sentence_only_after_a_stop(text, ends):
    assert ends_sentence(text) is ends


def test_after_a_prompt_that_ends_a_sentence_the_addition_runs_on():
    assert place("Write a poem.", "Keep it short.", "after") == "Write a poem. Keep it short."


def test_after_an_unfinished_line_it_goes_on_a_paragraph_of_its_own():
    assert place("End your reply with P.P.S", "Keep it short.", "after") == \
        "End your reply with P.P.S\n\nKeep it short."


def test_beside_a_prompt_of_several_lines_it_stands_apart_before_or_after():
    prompt = "Write a poem.\nMake it rhyme."
    assert place(prompt, "Keep it short.", "before") == "Keep it short.\n\n" + prompt
    assert place(prompt, "Keep it short.", "after") == prompt + "\n\nKeep it short."


def test_a_long_addition_may_be_asked_to_stand_apart():
    long = "A " + "very " * 40 + "long sentence."
    assert place("Write a poem.", long, "after", own_paragraph_over=160) == \
        "Write a poem.\n\n" + long
    assert place("Write a poem.", long, "after") == "Write a poem. " + long


def test_inside_it_follows_the_task_sentence():
    assert place("Write a poem. Keep it short.", "It is for my aunt.", "inside", after=13) == \
        "Write a poem. It is for my aunt. Keep it short."


def test_the_first_wording_long_enough_is_taken_else_the_longest():
    prompt = " ".join(["word"] * 50)  # 10 tokens needed
    assert needed_tokens(prompt) == 10
    wordings = ["Short one.", "A wording with exactly ten tokens in it , yes .", "Longer still " * 5]
    assert first_long_enough(prompt, 3, lambda turn: wordings[turn]) == wordings[1]
    assert first_long_enough(prompt, 1, lambda turn: wordings[turn]) == wordings[0]
