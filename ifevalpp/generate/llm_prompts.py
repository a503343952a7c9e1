"""What the model is asked (rendered from `templates/llm/<kind>.j2`) and how its answer is read.

Pure functions, no network: the backend in `llm.py` sends the messages and
hands the text back here.

* `plan_for` decides the kind-specific hint of one attempt: the presentation of
  a rephrasing (prose, list, requirements first), the kind of distraction
  (context, persona, audience, purpose, style), and whether a reconfiguration
  changes parameters or, when the types have none, the task. The hint rotates
  with the attempt, so a re-ask is a different request.
* `build_messages` renders the system and user message; the user message ends
  with the case as a JSON "item" carrying kind, variant, attempt and seed.
* `parse_answer` is tolerant: reasoning is removed (`respond.split_reasoning`),
  code fences are stripped and the first JSON object in the text is taken,
  then `ModelCousin` (pydantic) validates it.
* `to_composed` turns the answer into a candidate with the kind's promise on
  kwargs: rephrasings and distractors keep every parameter (an answer that
  changes one is rejected); a reconfiguration brings its whole new kwargs list;
  `prompt_to_repeat` follows the new request where the kind allows it.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from typing import Any, Optional, Union

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..constraints import parse_params
from ..errors import IfevalppError
from ..respond import ReasoningHandling, split_reasoning
from ..schema import normalize_kwargs
from .compose import ComposeError, Composed
from ..constraints import get
from ..constraints.support.choosing import relations
from ..constraints.support.wording import environment, templates_dir
from .decompose import repeat_index
from .family import CousinRequest

PRESENTATIONS: tuple[str, ...] = ("prose", "list", "requirements-first")
DISTRACTIONS: tuple[str, ...] = ("context", "persona", "audience", "purpose", "style")


class UnparseableAnswer(ComposeError):
    """The model's text holds no usable JSON answer (the attempt is rejected and re-asked)."""


# ---------------------------------------------------------------- the request


@dataclass(frozen=True)
class Plan:
    """The kind-specific choice for one attempt, recorded in the variant's detail."""

    kind: str
    hint: str
    detail: dict[str, Any] = field(default_factory=dict)


def plan_for(request: CousinRequest) -> Plan:
    """The hint for this attempt; it rotates over attempts so a re-ask differs."""
    turn = request.index - 1 + request.attempt
    if request.kind == "rephrasing":
        hint = PRESENTATIONS[turn % len(PRESENTATIONS)]
        return Plan("rephrasing", hint, {"strategy": "rephrase", "presentation": hint})
    if request.kind == "distractor":
        hint = DISTRACTIONS[(request.index - 1 + 2 * request.attempt) % len(DISTRACTIONS)]
        return Plan("distractor", hint, {"strategy": "distractor", "distractor_kind": hint})
    changeable = any(get(instruction_id).reconfigurable for instruction_id in request.layout.ids)
    hint = "parameters" if changeable else "task"
    return Plan("reconfiguration", hint, {"strategy": hint})


def _statement(instruction_id: str, params: Any) -> str:
    try:
        return get(instruction_id).describe(params)
    except Exception:  # a template gap must not stop the backend: the id and values remain
        return instruction_id


def _repeat_of(request: CousinRequest) -> Optional[dict[str, str]]:
    layout = request.layout
    index = repeat_index(layout.ids)
    if index is None:
        return None
    text = layout.kwargs[index].get(get(layout.ids[index]).request_field or "", "")
    where = layout.repeat.where if layout.repeat is not None else "above"
    return {"text": text, "where": where}


def card_of(request: CousinRequest) -> dict[str, Any]:
    """The case as the model sees it: prompt, requirements, and which try this is."""
    layout = request.layout
    requirements = [{"instruction": instruction_id, "parameters": kwargs,
                     "meaning": _statement(instruction_id, params)}
                    for instruction_id, kwargs, params
                    in zip(layout.ids, layout.kwargs, layout.params)]
    card: dict[str, Any] = {"kind": request.kind, "variant": request.index,
                            "attempt": request.attempt, "seed": request.seed % 2 ** 31,
                            "prompt": layout.prompt, "requirements": requirements}
    repeat = _repeat_of(request)
    if repeat is not None:
        card["prompt_to_repeat"] = repeat["text"]
    return card


@functools.lru_cache(maxsize=8)
def _module(kind: str, root: str) -> Any:
    return environment(root).get_template(f"llm/{kind}.j2").module


def _tidy(text: str) -> str:
    return re.sub(r"\n{3,}", "\n\n", str(text)).strip()


def build_messages(request: CousinRequest, plan: Plan) -> list[dict[str, str]]:
    """System and user message for one attempt, from `templates/llm/<kind>.j2`."""
    module = _module(plan.kind, str(templates_dir()))
    context = {
        "card": json.dumps(card_of(request), ensure_ascii=False, indent=2),
        "hint": plan.hint,
        "repeat": _repeat_of(request),
        "relations": list(relations(request.profile)),
        "siblings": list(request.accepted[1:]),
        "previous": request.previous,
    }
    return [{"role": "system", "content": _tidy(module.system())},
            {"role": "user", "content": _tidy(module.user(context))}]


# ---------------------------------------------------------------- the answer

KwargsAnswer = Union[list[Optional[dict[str, Any]]], dict[str, Optional[dict[str, Any]]]]


PROMPT_KEYS: tuple[str, ...] = ("prompt", "new_prompt", "rewritten_prompt")


class ModelCousin(BaseModel):
    """The JSON object the model returns."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    prompt: str = Field(min_length=1, validation_alias=AliasChoices(*PROMPT_KEYS))
    kwargs: Optional[KwargsAnswer] = Field(
        default=None, validation_alias=AliasChoices("kwargs", "parameters"))
    prompt_to_repeat: Optional[str] = None

    @field_validator("prompt", "prompt_to_repeat")
    @classmethod
    def _strip(cls, value: Optional[str]) -> Optional[str]:
        return value.strip() if isinstance(value, str) else value


_FENCE = re.compile(r"```[ \t]*[A-Za-z]*[ \t]*\n?(.*?)```", re.DOTALL)


def extract_json(text: str, prefer: tuple[str, ...] = ()) -> dict[str, Any]:
    """The answer's JSON object: the whole text, else inside a code fence, else the first
    `{...}` that decodes to an object, favouring one with a key in `prefer` over an object
    nested in a cut-off answer."""
    sources = [text] + [match.group(1) for match in _FENCE.finditer(text)]
    for source in sources:
        try:
            value = json.loads(source.strip())
        except ValueError:
            continue
        if isinstance(value, dict):
            return value
    decoder = json.JSONDecoder()
    first: Optional[dict[str, Any]] = None
    for source in sources:
        for match in re.finditer(r"\{", source):
            try:
                value, _ = decoder.raw_decode(source, match.start())
            except ValueError:
                continue
            if isinstance(value, dict):
                if not prefer or any(key in value for key in prefer):
                    return value
                first = first or value
    if first is not None:
        return first
    raise UnparseableAnswer("no JSON object in the answer")


def _shorten(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def parse_answer(content: Optional[str], *, finish_reason: Optional[str] = None,
                 field_reasoning: Optional[str] = None) -> ModelCousin:
    """Read the model's text; UnparseableAnswer (a ComposeError) says why it cannot be used."""
    answer = split_reasoning(content, field_reasoning, ReasoningHandling()).response
    cut = " (the answer was cut off at max_tokens)" if finish_reason == "length" else ""
    if not answer.strip():
        raise UnparseableAnswer(f"unparseable model output: empty answer{cut}")
    try:
        return ModelCousin.model_validate(extract_json(answer, PROMPT_KEYS))
    except UnparseableAnswer:
        raise UnparseableAnswer(f"unparseable model output: no JSON object in "
                                f"{_shorten(answer)!r}{cut}") from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ())) or "answer"
        raise UnparseableAnswer(f"unparseable model output: {where}: "
                                f"{first.get('msg', 'invalid')}{cut}") from None


def _aligned(given: Optional[KwargsAnswer], ids: list[str]) -> Optional[list[dict[str, Any]]]:
    """The answer's kwargs as one dict per instruction, in order (a dict keyed by id is
    accepted when the ids are distinct)."""
    if given is None:
        return None
    if isinstance(given, dict):
        if len(set(ids)) != len(ids) or set(given) != set(ids):
            raise ComposeError(f"kwargs keyed by {sorted(given)} do not match the instructions "
                               f"{ids}")
        given = [given[instruction_id] for instruction_id in ids]
    if len(given) != len(ids):
        raise ComposeError(f"the answer has {len(given)} kwargs entries for {len(ids)} "
                           f"instructions")
    return [normalize_kwargs(item) for item in given]


def _same(instruction_id: str, before: dict[str, Any], after: dict[str, Any]) -> bool:
    if normalize_kwargs(before) == normalize_kwargs(after):
        return True
    try:
        return parse_params(instruction_id, before) == parse_params(instruction_id, after)
    except (IfevalppError, ValueError):
        return False


def to_composed(answer: ModelCousin, request: CousinRequest, plan: Plan) -> Composed:
    """The candidate the answer describes; ComposeError when it breaks the kind's promise."""
    ids = list(request.layout.ids)
    original = [dict(item) for item in request.layout.kwargs]
    repeat = repeat_index(ids)
    field_name = get(ids[repeat]).request_field or "" if repeat is not None else ""
    given = _aligned(answer.kwargs, ids)
    if plan.kind in ("rephrasing", "distractor"):
        if given is not None:
            for position, (instruction_id, before, after) in enumerate(zip(ids, original, given)):
                if position != repeat and not _same(instruction_id, before, after):
                    raise ComposeError(f"{instruction_id} kwargs changed in a {plan.kind}")
        kwargs = original
        if repeat is not None:
            text = answer.prompt_to_repeat or (given[repeat].get(field_name)
                                               if given is not None else None)
            if text and text.strip() != original[repeat].get(field_name, "").strip():
                if plan.kind == "distractor":
                    raise ComposeError(f"{field_name} changed in a distractor")
                kwargs[repeat] = {**kwargs[repeat], field_name: text.strip()}
    else:
        if given is None:
            if plan.hint == "parameters":
                raise ComposeError("the answer has no kwargs (a reconfiguration returns the new "
                                   "parameters)")
            given = original
        kwargs = given
        if repeat is not None:
            text = answer.prompt_to_repeat or kwargs[repeat].get(field_name)
            kwargs[repeat] = {**kwargs[repeat],
                              field_name: (text or "").strip()
                              or original[repeat].get(field_name, "")}
    return Composed(answer.prompt, kwargs, dict(plan.detail))
