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
from typing import Any

from ...constraints.support.choosing import relations
from ...constraints.support.wording import environment, templates_dir
from ..records import CousinRequest
from .card import card_of, repeat_of
from .plan import ModelPlan


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
