"""The case as a model backend sees it: each requirement in a sentence, the text to repeat,
and the card of one attempt. Read by the kinds too (a format distractor words a requirement
by `statement_of`), so it imports no kind.
"""

from __future__ import annotations

from typing import Any, Optional

from ...constraints import get
from ..records import CousinRequest


def statement_of(instruction_id: str, params: Any) -> str:
    """What the instruction asks, in one sentence (the type's `describe`)."""
    try:
        return get(instruction_id).describe(params)
    except Exception:  # a template gap must not stop the backend: the id and values remain
        return instruction_id


def repeat_of(request: CousinRequest) -> Optional[dict[str, str]]:
    """The text to repeat and where it stands, for a case that has one."""
    layout = request.layout
    index = layout.echo
    if index is None:
        return None
    text = layout.kwargs[index].get(get(layout.ids[index]).request_field or "", "")
    where = layout.repeat.where if layout.repeat is not None else "above"
    return {"text": text, "where": where}


def card_of(request: CousinRequest) -> dict[str, Any]:
    """The case as the model sees it: prompt, requirements, and which try this is."""
    layout = request.layout
    requirements = [{"instruction": instruction_id, "parameters": kwargs,
                     "meaning": statement_of(instruction_id, params)}
                    for instruction_id, kwargs, params
                    in zip(layout.ids, layout.kwargs, layout.params)]
    card: dict[str, Any] = {"kind": request.kind, "variant": request.index,
                            "attempt": request.attempt, "seed": request.seed % 2 ** 31,
                            "prompt": layout.prompt, "requirements": requirements}
    repeat = repeat_of(request)
    if repeat is not None:
        card["prompt_to_repeat"] = repeat["text"]
    return card
