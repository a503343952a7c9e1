"""The joint witness: one response that passes the case's constraints and the added request.

A competing requirement is only offered when it is proven compatible: the validator's
witness for the case (`validate.witness.build_witness`), changed to follow a catalogue
request (`FormatRequest.apply`), must still pass every checked constraint and break none
of the request's own bans; another instruction type is built into the witness itself.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ...constraints import check
from ...constraints.support.case import CaseContext, Item
from ..prompt.layout import Layout
from .catalogue import FormatRequest, catalogue
from .fit import refused


def witness_for(prompt: str, ids: Sequence[str], params: Sequence[Any],
                profile: str) -> Optional[str]:
    """The validator's witness for these instructions under this prompt, or None."""
    from ...validate.witness import build_witness

    items = [Item(position, instruction_id, item) for position, (instruction_id, item)
             in enumerate(zip(ids, params))]
    return build_witness(CaseContext(key=None, prompt=prompt, items=items, profile=profile))


def case_witness(layout: Layout, profile: str) -> Optional[str]:
    """The witness of the case's own constraints."""
    return witness_for(layout.prompt, layout.ids, layout.params, profile)


def joint_witness(layout: Layout, request: FormatRequest, profile: str,
                  witness: Optional[str]) -> Optional[str]:
    """The case's witness changed to follow `request`, if it still passes every checked
    constraint and breaks none of the request's bans; else None."""
    if witness is None:
        return None
    edited = request.apply(witness)
    if request.violates(edited):
        return None
    for instruction_id, kwargs in zip(layout.ids, layout.kwargs):
        if not check(instruction_id, edited, kwargs, prompt=layout.prompt, profile=profile):
            return None
    return edited


def compatible_requests(layout: Layout, profile: str) -> list[FormatRequest]:
    """Catalogue requests that the case's constraints accept, proven by a joint witness, and
    that compete: a plain answer to the task does not already follow them (no "open with a
    greeting" on an email, no "no emoji" on an essay: generate/plain_answer.py)."""
    from ..piece import features

    wanted = refused(layout)
    witness = case_witness(layout, profile)
    plain = features(layout)
    return [request for request in catalogue() if wanted.accepts(request)
            and request.suits(layout.prompt) and not request.plain_follows(plain)
            and not request.unfit_for & plain
            and joint_witness(layout, request, profile, witness) is not None]
