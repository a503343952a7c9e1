"""What the model is asked (rendered from `templates/llm/<kind>.j2`) and how its answer is read.

Pure functions, no network: the backend in `llm.py` sends the messages and
hands the text back here; `llm_checks.py` holds the proofs an answer must pass.

* `plan_for` decides what one attempt asks for, the same constructs as the
  template backend: a rephrasing's presentation (prose, list, requirements
  first); a distractor's source — one extra format requirement that is another
  instruction type or a catalogue request (`--distractor-style format`, the
  default; "own" requests where the constraints allow them), or irrelevant
  context, a persona, … (`context`; `mixed` alternates); a reconfiguration's
  strategy — harder values (`--reconfigure harder`) or any other values, or a
  new, more demanding task when the case has nothing to change. The hint rotates
  with the attempt, so a re-ask is a different request.
* `build_messages` renders the system and user message; the user message ends
  with the case as a JSON "item" carrying kind, variant, attempt and seed.
* `parse_answer` is tolerant: reasoning is removed (`respond.split_reasoning`),
  code fences are stripped and the first JSON object in the text is taken,
  then `ModelCousin` (pydantic) validates it.
* `to_composed` turns the answer into a candidate with the kind's promise on
  kwargs and the kind's proof: rephrasings and distractors keep every parameter
  (an answer that changes one is rejected); a distractor keeps the original
  word for word and its named requirement is proven compatible; a parameter
  reconfiguration brings its whole new kwargs list, judged harder; a task
  reconfiguration keeps the kwargs and drops the old task; `prompt_to_repeat`
  follows the new request where the kind allows it.
"""

from __future__ import annotations

import functools
import json
import math
import re
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence, Union

from pydantic import (AliasChoices, BaseModel, ConfigDict, Field, ValidationError,
                      field_validator, model_validator)

from ..constraints import get, parse_params
from ..constraints.support.choosing import relations
from ..constraints.support.wording import environment, templates_dir
from ..errors import IfevalppError
from ..respond import ReasoningHandling, split_reasoning
from ..schema import normalize_kwargs
from .compose import ComposeError, Composed
from .decompose import repeat_index
from .family import CousinRequest
from .reconfiguration import task_demands
from .llm_checks import (DistractorOptions, addition, can_get_harder, harder_guide,
                         judge_reconfiguration, other_statements, prove_distractor)

PRESENTATIONS: tuple[str, ...] = ("prose", "list", "requirements-first")
DISTRACTIONS: tuple[str, ...] = ("context", "persona", "audience", "purpose", "style")
FORMAT_SOURCES: tuple[str, ...] = ("catalogue", "instruction")


class UnparseableAnswer(ComposeError):
    """The model's text holds no usable JSON answer (the attempt is rejected and re-asked)."""


# ---------------------------------------------------------------- the request


@dataclass(frozen=True)
class Sibling:
    """A cousin of the same kind kept earlier in this family, as the backend proposed it."""

    index: int
    kwargs: tuple[dict[str, Any], ...]
    params: tuple[Any, ...]
    requirement: Optional[str] = None


@dataclass(frozen=True)
class Plan:
    """The kind-specific choice for one attempt, recorded in the variant's detail."""

    kind: str
    hint: str
    detail: dict[str, Any] = field(default_factory=dict)
    options: Optional[DistractorOptions] = None
    siblings: tuple[Sibling, ...] = ()
    mode: str = "harder"


def plan_for(request: CousinRequest, options: Optional[DistractorOptions] = None,
             siblings: Sequence[Sibling] = ()) -> Plan:
    """The hint for this attempt; it rotates over attempts so a re-ask differs. `options`:
    what a format distractor may be for this case; `siblings`: this kind's cousins kept."""
    turn = request.index - 1 + request.attempt
    siblings = tuple(siblings)
    if request.kind == "rephrasing":
        hint = PRESENTATIONS[turn % len(PRESENTATIONS)]
        return Plan("rephrasing", hint, {"strategy": "rephrase", "presentation": hint})
    if request.kind == "distractor":
        style = request.distractor_style
        if style == "mixed":
            style = "format" if (request.index + request.attempt) % 2 else "context"
        refused = None
        if style == "format":
            if options is not None and not options.empty:
                hint = FORMAT_SOURCES[(request.index + request.attempt) % 2]
                if hint == "instruction" and not options.types:
                    hint = "catalogue"
                if hint == "catalogue" and not (options.catalogue or options.allow_free):
                    hint = "instruction"
                return Plan("distractor", hint, {"strategy": "distractor", "style": "format"},
                            options=options, siblings=siblings)
            refused = "no competing format requirement is compatible with these constraints"
        hint = DISTRACTIONS[(request.index - 1 + 2 * request.attempt) % len(DISTRACTIONS)]
        detail = {"strategy": "distractor", "style": "context", "distractor_kind": hint}
        if refused:
            detail["format_refused"] = refused
        return Plan("distractor", hint, detail, siblings=siblings)
    layout = request.layout
    changeable = (can_get_harder(layout) if request.reconfigure == "harder" else
                  any(get(instruction_id).reconfigurable for instruction_id in layout.ids))
    hint = "parameters" if changeable else "task"
    detail: dict[str, Any] = {"strategy": hint}
    if hint == "task":
        detail["task_source"] = "model"
    return Plan("reconfiguration", hint, detail, siblings=siblings, mode=request.reconfigure)


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


def _fields(instruction_id: str, profile: str) -> str:
    """A type's parameters as the model should write them ("num_bullets: integer")."""
    schema = get(instruction_id).Params.model_json_schema()
    parts = []
    for name, spec in schema.get("properties", {}).items():
        if "enum" in spec:
            allowed = [value for value in spec["enum"] if value in relations(profile)]
            kind = "one of " + ", ".join(json.dumps(value) for value in allowed or spec["enum"])
        else:
            kind = {"integer": "a whole number", "string": "text",
                    "array": "a list of words"}.get(spec.get("type", ""), "a value")
        parts.append(f"{name}: {kind}")
    return "; ".join(parts)


def _requirement_meaning(requirement: Any) -> str:
    """What a catalogue requirement asks, from the description line of its grammar file."""
    path = templates_dir() / "requirements" / f"{requirement.id}.grammar"
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].split(" (")[0].strip()
    return requirement.id.replace("-", " ")


def _distractor_context(request: CousinRequest, plan: Plan) -> dict[str, Any]:
    options = plan.options
    if options is None:
        return {}
    types, requests = [], []
    if plan.hint == "instruction":
        for instruction_id, example in options.types:
            params = parse_params(instruction_id, example, profile=request.profile)
            types.append({"id": instruction_id, "fields": _fields(instruction_id, request.profile),
                          "example": json.dumps(example, ensure_ascii=False),
                          "meaning": " ".join(_statement(instruction_id, params).split())})
    else:
        requests = [{"id": requirement.id, "meaning": _requirement_meaning(requirement)}
                    for requirement in options.catalogue]
    repeat = _repeat_of(request)
    return {"types": types, "requests": requests,
            "own": plan.hint == "catalogue" and options.allow_free,
            "used": [sibling.requirement for sibling in plan.siblings if sibling.requirement],
            "min_words": max(6, math.ceil(0.2 * len(request.layout.prompt.split()))),
            "where": "before" if repeat is not None and repeat["where"] == "below" else "after"}


def _reconfiguration_context(request: CousinRequest, plan: Plan) -> dict[str, Any]:
    layout = request.layout
    if plan.hint == "task":
        needs, avoids, low, high = task_demands(layout)
        return {"needs": sorted(needs), "avoids": sorted(avoids), "low": low, "high": high}
    earlier = [{"version": sibling.index, "kwargs": json.dumps(list(sibling.kwargs),
                                                               ensure_ascii=False)}
               for sibling in plan.siblings]
    return {"guide": harder_guide(layout) if plan.mode == "harder" else [], "earlier": earlier}


def build_messages(request: CousinRequest, plan: Plan) -> list[dict[str, str]]:
    """System and user message for one attempt, from `templates/llm/<kind>.j2`."""
    module = _module(plan.kind, str(templates_dir()))
    context = {
        "card": json.dumps(card_of(request), ensure_ascii=False, indent=2),
        "hint": plan.hint,
        "mode": plan.mode,
        "variant": request.index,
        "repeat": _repeat_of(request),
        "relations": list(relations(request.profile)),
        "siblings": list(request.accepted[1:]),
        "previous": request.previous,
    }
    if plan.kind == "distractor":
        context.update(_distractor_context(request, plan))
    elif plan.kind == "reconfiguration":
        context.update(_reconfiguration_context(request, plan))
    return [{"role": "system", "content": _tidy(module.system())},
            {"role": "user", "content": _tidy(module.user(context))}]


# ---------------------------------------------------------------- the answer

KwargsAnswer = Union[list[Optional[dict[str, Any]]], dict[str, Optional[dict[str, Any]]]]


PROMPT_KEYS: tuple[str, ...] = ("prompt", "new_prompt", "rewritten_prompt")


class DistractorChoice(BaseModel):
    """The requirement a format distractor added, as the model names it."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    id: str = Field(min_length=1, validation_alias=AliasChoices(
        "id", "instruction_id", "requirement", "name"))
    kwargs: Optional[dict[str, Any]] = Field(
        default=None, validation_alias=AliasChoices("kwargs", "parameters"))

    @model_validator(mode="before")
    @classmethod
    def _bare_id(cls, value: Any) -> Any:
        return {"id": value} if isinstance(value, str) else value


class ModelCousin(BaseModel):
    """The JSON object the model returns."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    prompt: str = Field(min_length=1, validation_alias=AliasChoices(*PROMPT_KEYS))
    kwargs: Optional[KwargsAnswer] = Field(
        default=None, validation_alias=AliasChoices("kwargs", "parameters"))
    prompt_to_repeat: Optional[str] = None
    distractor: Optional[DistractorChoice] = None

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
                 field_reasoning: Optional[str] = None,
                 need_distractor: bool = False) -> ModelCousin:
    """Read the model's text; UnparseableAnswer (a ComposeError) says why it cannot be used.
    `need_distractor`: the answer must name the requirement it added (a format distractor)."""
    answer = split_reasoning(content, field_reasoning, ReasoningHandling()).response
    cut = " (the answer was cut off at max_tokens)" if finish_reason == "length" else ""
    if not answer.strip():
        raise UnparseableAnswer(f"unparseable model output: empty answer{cut}")
    try:
        parsed = ModelCousin.model_validate(extract_json(answer, PROMPT_KEYS))
    except UnparseableAnswer:
        raise UnparseableAnswer(f"unparseable model output: no JSON object in "
                                f"{_shorten(answer)!r}{cut}") from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ())) or "answer"
        raise UnparseableAnswer(f"unparseable model output: {where}: "
                                f"{first.get('msg', 'invalid')}{cut}") from None
    if need_distractor and parsed.distractor is None:
        raise UnparseableAnswer(f"unparseable model output: distractor: Field required (the "
                                f"answer must name the requirement it added){cut}")
    return parsed


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


def _repeat_text(answer: ModelCousin, given: Optional[list[dict[str, Any]]],
                 repeat: Optional[int], field_name: str) -> Optional[str]:
    if repeat is None:
        return None
    text = answer.prompt_to_repeat or (given[repeat].get(field_name) if given is not None
                                       else None)
    return text.strip() if text else None


def _format_distractor(answer: ModelCousin, request: CousinRequest, plan: Plan,
                       kwargs: list[dict[str, Any]]) -> Composed:
    """The distractor the answer describes, once its requirement is proven compatible."""
    assert plan.options is not None and answer.distractor is not None
    layout = request.layout
    added, where = addition(layout.prompt, answer.prompt, edge_only=True)
    choice = answer.distractor
    chosen = prove_distractor(layout, answer.prompt, added, choice.id, choice.kwargs,
                              profile=request.profile, witness=plan.options.witness)
    same = [sibling.index for sibling in plan.siblings
            if sibling.requirement == chosen.requirement]
    if same and plan.options.count > len(plan.siblings):
        raise ComposeError(f"distractor {same[0]} already adds {chosen.requirement}; add "
                           f"another requirement")
    detail = {**plan.detail, "distractor": chosen.record, "requirement": chosen.requirement,
              "source": chosen.source, "position": where}
    return Composed(answer.prompt, kwargs, detail)


def _context_distractor(answer: ModelCousin, request: CousinRequest, plan: Plan,
                        kwargs: list[dict[str, Any]]) -> Composed:
    added, _ = addition(request.layout.prompt, answer.prompt, edge_only=False)
    stray = other_statements(added)
    if stray:
        raise ComposeError(f"the addition states a requirement: {stray[0]}")
    return Composed(answer.prompt, kwargs, dict(plan.detail))


def _new_task(answer: ModelCousin, request: CousinRequest, plan: Plan,
              kwargs: list[dict[str, Any]], repeat: Optional[int]) -> Composed:
    """A task reconfiguration: the kwargs stay (but the request to repeat), the task goes."""
    layout = request.layout
    for position, (instruction_id, before, after) in enumerate(zip(layout.ids, layout.kwargs,
                                                                   kwargs)):
        if position != repeat and not _same(instruction_id, before, after):
            raise ComposeError(f"{instruction_id} kwargs changed in a task reconfiguration "
                               f"(the requirements stay as they are)")
    start, end = layout.region()
    kept = [unit.text for unit in layout.task_units()
            if not unit.owners and start <= unit.start and unit.end <= end
            and len(unit.text.split()) >= 4 and unit.text in answer.prompt]
    if kept:
        raise ComposeError(f"the original task is still there ({kept[0][:60]!r}); write a new "
                           f"task")
    result = [dict(item) for item in layout.kwargs]
    if repeat is not None:
        if kwargs[repeat] == result[repeat]:
            raise ComposeError(f"{get(layout.ids[repeat]).request_field} is the old request; a new "
                               f"task brings a new request to repeat")
        result[repeat] = kwargs[repeat]
    return Composed(answer.prompt, result, dict(plan.detail))


def to_composed(answer: ModelCousin, request: CousinRequest, plan: Plan) -> Composed:
    """The candidate the answer describes; ComposeError when it breaks the kind's promise or
    its proof fails."""
    layout = request.layout
    ids = list(layout.ids)
    original = [dict(item) for item in layout.kwargs]
    repeat = repeat_index(ids)
    field_name = get(ids[repeat]).request_field or "" if repeat is not None else ""
    given = _aligned(answer.kwargs, ids)
    if plan.kind in ("rephrasing", "distractor"):
        if given is not None:
            for position, (instruction_id, before, after) in enumerate(zip(ids, original, given)):
                if position != repeat and not _same(instruction_id, before, after):
                    raise ComposeError(f"{instruction_id} kwargs changed in a {plan.kind}")
        kwargs = original
        text = _repeat_text(answer, given, repeat, field_name)
        if repeat is not None and text and text != original[repeat].get(field_name, "").strip():
            if plan.kind == "distractor":
                raise ComposeError(f"{field_name} changed in a distractor")
            kwargs[repeat] = {**kwargs[repeat], field_name: text}
        if plan.kind == "distractor":
            if plan.options is not None:
                return _format_distractor(answer, request, plan, kwargs)
            return _context_distractor(answer, request, plan, kwargs)
        return Composed(answer.prompt, kwargs, dict(plan.detail))
    if given is None:
        if plan.hint == "parameters":
            raise ComposeError("the answer has no kwargs (a reconfiguration returns the new "
                               "parameters)")
        given = original
    # Settings the answer kept are written as the original has them (same bytes).
    kwargs = [dict(before) if position != repeat and _same(instruction_id, before, after)
              else after for position, (instruction_id, before, after)
              in enumerate(zip(ids, original, given))]
    if repeat is not None:
        text = _repeat_text(answer, given, repeat, field_name)
        kwargs[repeat] = {**kwargs[repeat],
                          field_name: text or original[repeat].get(field_name, "")}
    if plan.hint == "task":
        return _new_task(answer, request, plan, kwargs, repeat)
    try:
        new_params = [parse_params(instruction_id, item, profile=request.profile)
                      for instruction_id, item in zip(ids, kwargs)]
    except (IfevalppError, ValueError) as exc:
        raise ComposeError(f"invalid kwargs: {exc}") from None
    judged = judge_reconfiguration(layout, new_params, mode=plan.mode,
                                   siblings=[(sibling.index, sibling.params)
                                             for sibling in plan.siblings])
    return Composed(answer.prompt, kwargs, {**plan.detail, **judged, "reconfigure": plan.mode})
