"""What the model is asked: the messages of one attempt, rendered from `templates/llm/<kind>.j2`.

Pure functions, no network: the backend (llm/backend.py) sends the messages. The
user message ends with the case as a JSON "item" carrying kind, variant, attempt
and seed; the kind adds what its prompt needs (`CousinKind.model_context`): the
requirements a format distractor may add, or how each setting gets harder.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any, Optional

from ...constraints import get
from ...constraints.support.choosing import relations
from ...constraints.support.wording import environment, templates_dir
from ..records import CousinRequest
from .plan import ModelPlan


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


@functools.lru_cache(maxsize=8)
def _module(kind: str, root: str) -> Any:
    return environment(root).get_template(f"llm/{kind}.j2").module


def _tidy(text: str) -> str:
    return re.sub(r"\n{3,}", "\n\n", str(text)).strip()


def build_messages(request: CousinRequest, plan: ModelPlan) -> list[dict[str, str]]:
    """System and user message for one attempt, from `templates/llm/<kind>.j2`."""
    from .. import kinds

    module = _module(plan.kind, str(templates_dir()))
    context = {
        "card": json.dumps(card_of(request), ensure_ascii=False, indent=2),
        "hint": plan.hint,
        "mode": plan.mode,
        "variant": request.index,
        "repeat": repeat_of(request),
        "relations": list(relations(request.profile)),
        "siblings": list(request.accepted[1:]),
        "previous": request.previous.message if request.previous is not None else None,
    }
    context.update(kinds.get(request.kind).model_context(request, plan))
    return [{"role": "system", "content": _tidy(module.system())},
            {"role": "user", "content": _tidy(module.user(context))}]
