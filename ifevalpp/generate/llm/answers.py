"""How a model's answer is read: tolerant JSON parsing, then the kwargs it carries.

* `parse_answer` — reasoning is removed (`respond.split_reasoning`), code fences are
  stripped and the first JSON object in the text is taken, then `ModelCousin`
  (pydantic) validates it; `UnparseableAnswer` says why an answer cannot be used.
* `aligned`, `same`, `kept_kwargs` — the answer's kwargs one per instruction, and
  the promise of the kinds that keep every parameter (rephrasings, distractors):
  a changed one is a rejection; the request to repeat may follow a new wording.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, Union

from pydantic import (AliasChoices, BaseModel, ConfigDict, Field, ValidationError,
                      field_validator, model_validator)

from ...constraints import get, parse_params
from ...errors import IfevalppError
from ...reasoning import ReasoningHandling, split_reasoning
from ...schema import normalize_kwargs
from ..records import ComposeError, CousinRequest

if TYPE_CHECKING:
    from ..prompt.layout import Layout


class UnparseableAnswer(ComposeError):
    """The model's text holds no usable JSON answer (the attempt is rejected and re-asked)."""


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


def aligned(given: Optional[KwargsAnswer], ids: list[str]) -> Optional[list[dict[str, Any]]]:
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


def same(instruction_id: str, before: dict[str, Any], after: dict[str, Any]) -> bool:
    if normalize_kwargs(before) == normalize_kwargs(after):
        return True
    try:
        return parse_params(instruction_id, before) == parse_params(instruction_id, after)
    except (IfevalppError, ValueError):
        return False


def repeat_text(answer: ModelCousin, given: Optional[list[dict[str, Any]]],
                 repeat: Optional[int], field_name: str) -> Optional[str]:
    if repeat is None:
        return None
    text = answer.prompt_to_repeat or (given[repeat].get(field_name) if given is not None
                                       else None)
    return text.strip() if text else None


@dataclass(frozen=True)
class Answered:
    """An answer's kwargs (one per instruction, None when it gave none) beside the case's."""

    ids: list[str]
    original: list[dict[str, Any]]
    given: Optional[list[dict[str, Any]]]
    repeat: Optional[int]          # the position of the request to repeat, if any
    field_name: str                # its field ("" without one)

    def repeated(self, answer: ModelCousin) -> Optional[str]:
        """The text to repeat as the answer gives it (None: it gives none)."""
        return repeat_text(answer, self.given, self.repeat, self.field_name)


def answered(answer: ModelCousin, layout: Layout) -> Answered:
    ids = list(layout.ids)
    repeat = layout.echo
    return Answered(ids=ids, original=[dict(item) for item in layout.kwargs],
                    given=aligned(answer.kwargs, ids), repeat=repeat,
                    field_name=get(ids[repeat]).request_field or "" if repeat is not None
                    else "")


def kept_kwargs(answer: ModelCousin, request: CousinRequest, kind: str, *,
                request_may_change: bool) -> list[dict[str, Any]]:
    """The case's kwargs for a kind that keeps every parameter (with `request_may_change`,
    the text to repeat follows the answer's new wording of the request); ComposeError when
    the answer changed one."""
    found = answered(answer, request.layout)
    original, repeat, field_name = found.original, found.repeat, found.field_name
    if found.given is not None:
        for position, (instruction_id, before, after) in enumerate(zip(found.ids, original,
                                                                       found.given)):
            if position != repeat and not same(instruction_id, before, after):
                raise ComposeError(f"{instruction_id} kwargs changed in a {kind}")
    text = found.repeated(answer)
    if repeat is not None and text and text != original[repeat].get(field_name, "").strip():
        if not request_may_change:
            raise ComposeError(f"{field_name} changed in a {kind}")
        original[repeat] = {**original[repeat], field_name: text}
    return original
