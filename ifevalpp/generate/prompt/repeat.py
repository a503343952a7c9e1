"""The request to repeat: where it sits in a prompt (read once), and the prompt built around it.

A type that echoes part of the prompt (`Constraint.request_field`: the request to
repeat) has the generators work on that request only: the units are read inside it,
and the cousin's request is rebuilt, set as the parameter word for word, and given the
instruction to repeat it above or below (`around_request`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Sequence

from ...constraints import get
from ...constraints.support.choosing import chance
from ...wording.sampler import Usage
from ..records import ComposeError
from ..rewrite.lexicon import commanded
from ..rewrite.request import last_sentence_asks
from ..sentences import sentences
from .render import render, unlike, wording_context


@dataclass
class RepeatInfo:
    """Where the text to repeat sits and whether the instruction refers to it as above/below."""

    index: int                 # position of the echoing instruction in the instruction list
    start: int                 # the request, prompt[start:end] == prompt_to_repeat
    end: int
    where: str                 # "above" (request first) or "below" (instruction first)
    instruction: str           # the prompt outside the request, stripped


def echo_index(ids: Sequence[str]) -> Optional[int]:
    """The position of the first instruction whose type echoes part of the prompt (None)."""
    for index, instruction_id in enumerate(ids):
        if get(instruction_id).request_field:
            return index
    return None


def find_request(prompt: str, index: int, instruction_id: str,
                 params: Any) -> Optional[RepeatInfo]:
    """Where instruction `index`'s text to repeat sits (`Constraint.request_span`), and which
    side of it the instruction is on (the bigger side, when there is text on both)."""
    found = get(instruction_id).request_span(prompt, params)
    if found is None:
        return None
    start, end = found
    before, after = prompt[:start].strip(), prompt[end:].strip()
    if after and not before:
        where, instruction = "above", after
    elif before and not after:
        where, instruction = "below", before
    elif not before and not after:
        where, instruction = "above", ""
    else:
        # Instruction text on both sides: keep the bigger side as the instruction.
        where = "above" if len(after) >= len(before) else "below"
        instruction = after if where == "above" else before
    return RepeatInfo(index, start, end, where, instruction)


def repeat_text(ids: Sequence[str], params: Sequence[Any], index: int) -> str:
    """The text the original asks to be repeated."""
    return str(getattr(params[index], get(ids[index]).request_field or "", "")).strip()


def _where(text: str, where: str) -> str:
    return text.replace(" above", " " + where) if where == "below" else text


def around_request(repeat: RepeatInfo, ids: Sequence[str], old_params: Sequence[Any],
                   request: str, params: Sequence[Any], rng: Any, *,
                   reword: bool) -> tuple[str, str, str]:
    """(the prompt, the text to repeat, where it stands) for a new `request`: fitted so that
    every other instruction can hold (a comma-free answer needs a comma-free request), with
    the instruction to repeat it said anew (`reword`, on either side), or kept unless it
    quotes the old request."""
    echo_id = ids[repeat.index]
    field_name = get(echo_id).request_field or ""
    request = request.strip()
    written = request
    for instruction_id in dict.fromkeys(ids):
        request = get(instruction_id).fit_request(request)
    if request != written and written != repeat_text(ids, old_params, repeat.index):
        # New words the answer could not copy as they stand ("…, please?" under a comma-free
        # rule would become "… please?"): the generator draws another wording.
        raise ComposeError("the new wording of the request to repeat breaks another rule")
    where = repeat.where
    if reword:
        if chance(rng, 0.3):
            where = "below" if where == "above" else "above"
        # A request of several sentences is "the whole request": a line on why I ask is
        # copied too.
        told = sentences(request, lines=False)
        several = {"several": True} if len(told) > 1 else {}
        if several and not told[0].rstrip().endswith("?") and not last_sentence_asks(told[0]):
            # "It's late here and I can't sleep, so I thought I'd finally ask. Put together …":
            # a line that asks nothing is no part of "my request" to a reader (read CIL on
            # 1922), so the instruction names all the text to copy.
            several["chatty"] = True
        # No question after a bare command ("Put together … Could you …?").
        instruction = unlike(lambda: render(echo_id, params[repeat.index], rng,
                                            usage=_opened(request),
                                            context={**wording_context(
                                                ids, repeat.index, ahead=where == "below"),
                                                **several}),
                             (), after_command=where == "above" and commanded(request))
        instruction = _where(instruction, where)
    else:
        instruction = repeat.instruction
        old = getattr(old_params[repeat.index], field_name).strip()
        if old != request and (old in instruction or old[:40] in instruction):
            # The instruction quotes the old request ("First, repeat \"…\""): say it anew.
            instruction = _where(render(echo_id, params[repeat.index], rng,
                                        usage=_opened(request),
                                        context=wording_context(
                                            ids, repeat.index, ahead=where == "below")), where)
    prompt = (request + "\n\n" + instruction) if where == "above" else (
        instruction + "\n\n" + request)
    return prompt, request, where


def _opened(request: str) -> Usage:
    """A wording usage that knows the frames the request's sentences open with, so the
    instruction to repeat it does not open the same way ("Could you …? Could you make sure
    your text starts with …")."""
    from ..naturalness import frame_openings

    return Usage(taken=tuple(frame_openings(request)))
