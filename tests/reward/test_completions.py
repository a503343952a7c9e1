"""completion_text and prompt_text: the graded answer in every shape a trainer hands over."""

from __future__ import annotations

import pytest

from ifevalpp.reward.completions import completion_text, prompt_text


@pytest.mark.parametrize("completion, text", [
    pytest.param("plain answer", "plain answer", id="string"),
    pytest.param([{"role": "assistant", "content": "chat answer"}], "chat answer",
                 id="trl-conversational"),
    pytest.param({"role": "assistant", "content": "one message"}, "one message",
                 id="a-single-message"),
    pytest.param([{"content": "no role given"}], "no role given", id="message-without-role"),
    pytest.param([{"role": "assistant", "content": "draft"}, {"role": "tool", "content": "42"},
                  {"role": "assistant", "content": "final"}], "final",
                 id="last-assistant-message-after-a-tool-call"),
    pytest.param([{"role": "assistant", "content": [{"type": "text", "text": "part one, "},
                                                    {"type": "image", "url": "x.png"},
                                                    {"type": "text", "text": "part two"}]}],
                 "part one, part two", id="typed-content-parts"),
    pytest.param([{"role": "user", "content": "only a user turn"}], None, id="no-assistant"),
    pytest.param([{"role": "assistant", "content": None}], None, id="null-content"),
    pytest.param(None, None, id="none"),
    pytest.param(3.5, None, id="a-number"),
])
def test_completion_text(completion, text):
    assert completion_text(completion) == text


def test_think_blocks_are_cut_and_the_answer_stripped():
    assert completion_text("<think>plan it</think>\n\n  The answer.  ") == "The answer."


def test_a_lone_closing_tag_ends_reasoning_the_template_opened():
    assert completion_text("planning quietly</think>The answer.") == "The answer."


def test_keep_reasoning_returns_the_text_untouched():
    text = "<think>plan it</think>The answer."
    assert completion_text(text, keep_reasoning=True) == text


def test_think_blocks_inside_a_chat_message_are_cut_too():
    assert completion_text([{"role": "assistant",
                             "content": "<think>x</think>Answer"}]) == "Answer"


@pytest.mark.parametrize("prompt, text", [
    ("plain prompt", "plain prompt"),
    ([{"role": "system", "content": "be brief"}, {"role": "user", "content": "the request"}],
     "the request"),
    (None, None),
])
def test_prompt_text(prompt, text):
    assert prompt_text(prompt) == text
