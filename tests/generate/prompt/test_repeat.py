"""The request to repeat: read once, where it sits, and the prompt built around it
(generate/prompt/repeat.py, `Constraint.request_span`)."""

from __future__ import annotations

import random

from ifevalpp.constraints import get, parse_params
from ifevalpp.generate.prompt.layout import build_layout
from ifevalpp.generate.prompt.repeat import around_request

REPEAT = "combination:repeat_prompt"
REQUEST = "Write a limerick about a sleepy owl."


def _layout(prompt):
    return build_layout(prompt, [REPEAT], [{"prompt_to_repeat": REQUEST}])


def test_the_request_is_where_the_type_says_it_is():
    prompt = f"{REQUEST}\n\nBefore answering, repeat the request above word for word."
    params = parse_params(REPEAT, {"prompt_to_repeat": REQUEST})
    assert get(REPEAT).request_span(prompt, params) == (0, len(REQUEST))
    layout = _layout(prompt)
    assert (layout.repeat.start, layout.repeat.end) == (0, len(REQUEST))
    assert layout.echo == 0


def test_a_request_before_its_instruction_is_above_and_after_it_below():
    above = _layout(f"{REQUEST}\n\nBefore answering, repeat the request above word for word.")
    below = _layout(f"Before answering, repeat the request below word for word.\n\n{REQUEST}")
    assert (above.repeat.where, below.repeat.where) == ("above", "below")
    assert above.repeat.instruction.startswith("Before answering, repeat")


def test_a_request_the_prompt_does_not_hold_is_not_found():
    layout = _layout("Write a haiku. First repeat the request word for word, then answer.")
    assert layout.repeat is None and layout.echo == 0
    assert get(REPEAT).request_span("Write a haiku.", layout.params[0]) is None


def test_units_are_read_inside_the_request_only():
    layout = _layout(f"{REQUEST}\n\nBefore answering, repeat the request above word for word.")
    assert [unit.text for unit in layout.units] == [REQUEST]


def test_a_new_request_becomes_the_text_to_repeat_with_the_instruction_kept():
    layout = _layout(f"{REQUEST}\n\nBefore answering, repeat the request above word for word.")
    new = "Write a limerick about a wide-awake owl."
    prompt, repeated, where = around_request(layout.repeat, layout.ids, layout.params, new,
                                             layout.params, random.Random(0), reword=False)
    assert (repeated, where) == (new, "above")
    assert prompt == new + "\n\nBefore answering, repeat the request above word for word."


def test_an_instruction_quoting_the_old_request_is_said_anew():
    quoted = f'First repeat "{REQUEST}" word for word, then answer.'
    layout = _layout(f"{REQUEST}\n\n{quoted}")
    new = "Write a limerick about a wide-awake owl."
    prompt, _, _ = around_request(layout.repeat, layout.ids, layout.params, new, layout.params,
                                  random.Random(0), reword=False)
    assert REQUEST not in prompt and prompt.startswith(new)


def test_a_new_wording_of_the_request_that_another_rule_would_mangle_is_refused():
    import random

    import pytest

    from ifevalpp.generate.prompt.layout import build_layout
    from ifevalpp.generate.prompt.repeat import around_request
    from ifevalpp.generate.records import ComposeError
    request = "Write a list of apple products and do not use any commas."
    layout = build_layout(f"{request}\nRepeat the request above word for word, then answer.",
                          ["punctuation:no_comma", "combination:repeat_prompt"],
                          [{}, {"prompt_to_repeat": request}])
    with pytest.raises(ComposeError):
        around_request(layout.repeat, layout.ids, layout.params,
                       "Could you write a list of apple products, please?", layout.params,
                       random.Random(0), reword=True)


def _instructions_to_repeat(new: str) -> list[str]:
    """The instruction said around `new`, a new request to repeat, over a few seeds."""
    layout = _layout(f"{REQUEST}\n\nBefore answering, repeat the request above word for word.")
    return [around_request(layout.repeat, layout.ids, layout.params, new, layout.params,
                           random.Random(seed), reword=True)[0].replace(new, "").strip()
            for seed in range(12)]


def test_a_request_of_several_sentences_is_named_whole_when_said_anew():
    for instruction in _instructions_to_repeat("Write a limerick about an owl. Make it funny."):
        assert "whole request" in instruction, instruction


def test_a_request_that_opens_on_a_line_asking_nothing_is_copied_as_all_the_text():
    # Read CIL (1922): "copying my whole request below" before "It's late here and I can't
    # sleep, so I thought I'd finally ask. Put together …": is the first line the request?
    for instruction in _instructions_to_repeat("A colleague mentioned you might be good at "
                                               "this. Write a limerick about an owl."):
        assert "request" not in instruction, instruction
        assert "all the text" in instruction or "everything" in instruction, instruction
