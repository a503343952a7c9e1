"""Format distractors: the original prompt plus one competing format requirement.

IFEval++ keeps the original prompt and appends one requirement about the form of the
answer that the checked constraints do not cover, so the model must juggle a
competing instruction. Ours is another of the instruction types (odd siblings, when
one fits: generate/competing/typed.py) or a request from the catalogue in
`templates/requirements/` (a heading per section, a closing question, a numbered
list, an emoji-free reply, …: generate/competing/catalogue.py), worded by its
grammar. It is used only when it is proven compatible:

* the types' own declarations — `refuses_effects` (what a type cannot have a
  distractor add: a fixed end, a JSON-only reply, no capitals) and the texts a
  response must contain at its start or end (`requires`) — accept its declared
  effects, and nothing it forbids is something the constraints need
  (generate/competing/fit.py);
* the joint witness: one response passes every checked constraint and the
  requirement (generate/competing/witness.py).

Proposes: the sentence after the prompt (before it, when the request to repeat comes
last). Only the original constraints are scored; the record names the requirement in
its `distractor` field ({"text": …} or {"instruction_id", "kwargs"}), and the kwargs
stay the original's. Promises what every distractor promises (kinds/distractor.py).

A model is offered the types or the catalogue requests the case accepts (alternating
with the attempt), names the one it added, and the backend proves it
(`llm.checks.prove_distractor`): the same declarations and joint witness.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from ...constraints import get, parse_params
from ...constraints.support.choosing import relations, seeded_random
from ...constraints.support.wording import templates_dir
from ...wording import Sampler
from ..addition import (ends_sentence, first_long_enough, needed_tokens, place, said_also,
                        side_of_request, unframed)
from ..prompt.layout import Layout
from ..new_settings import piece_register
from ..distance import tokens
from ..llm.answers import ModelCousin
from ..llm.checks import addition, prove_distractor
from ..llm.card import repeat_of, statement_of
from ..llm.plan import ModelPlan
from ..records import Candidate, ComposeError, CousinRequest, Detail
from ..versions import stream_seed
from ..competing.catalogue import FormatRequest
from ..competing.typed import typed_distractor
from ..competing.witness import compatible_requests

if TYPE_CHECKING:
    from ..llm.checks import DistractorOptions

# Siblings per kind in the default families (`--per-kind 3`): the stride of a retry.
SIBLING_STRIDE = 3
# Why a case gets no format distractor (a context one stands in, saying so).
NOTHING_COMPATIBLE = "no competing format requirement is compatible with these constraints"
# Where a model's competing requirement comes from, alternating with the attempt.
MODEL_SOURCES: tuple[str, ...] = ("catalogue", "instruction")


@dataclass(kw_only=True)
class FormatDetail(Detail):
    """Which competing requirement a distractor added, and where."""

    requirement: str                       # an instruction id or a catalogue request id
    position: str                          # after | before
    style: str = "format"


def _case_start(case_seed: int, size: int) -> int:
    """A start in the pool fixed per case (each cousin has its own seed, so a seeded draw
    would let siblings meet)."""
    return stream_seed(case_seed, "catalogue start") % size


def _catalogue_sentence(layout: Layout, pool: Sequence[FormatRequest], sampler: Sampler,
                        first: int) -> tuple[str, FormatRequest]:
    """The `first`-th request of the pool, or the next of this sibling's (three on) when none
    of its 24 wordings is long enough for the prompt; the longest wording found."""
    needed = needed_tokens(layout.prompt)
    # Before the prompt (the request to repeat comes last), no "One more thing, …" and no
    # frame pointing at a task not yet named.
    ahead = side_of_request(layout) == "before" or None
    # Only an answer to the asker asks "a question for me": a letter, a tweet or a poem
    # asks its own reader (strict reads BB).
    register = piece_register(layout)
    to_asker = register == "answer" or None
    # A letter or an email asks the one it is written to, not "the reader" (read CIP on 292).
    to_recipient = register == "letter" or None
    verse = register == "verse" or None  # a song has listeners, not readers (read EA)
    sentence, request = "", pool[first % len(pool)]
    for step in range(min(4, max(1, len(pool) // SIBLING_STRIDE))):
        trying = pool[(first + SIBLING_STRIDE * step) % len(pool)]
        # Later tries may say it comes on top ("One more thing, …"), which is longer.
        candidate = first_long_enough(layout.prompt, 24, lambda turn: unframed(
            layout.prompt, lambda: trying.render(
                sampler, {"ahead": ahead, "added": True, "to_asker": to_asker,
                           "to_recipient": to_recipient, "verse": verse,
                           "said_also": said_also(layout.prompt) or None},
                rule="addition" if turn >= 2 and not ahead
                else "sentence").text, tries=3))
        if len(tokens(candidate)) > len(tokens(sentence)):
            sentence, request = candidate, trying
        if len(tokens(sentence)) >= needed:
            break
    return sentence, request


def add_format_distractor(layout: Layout, rng: Any, index: int, *, attempt: int = 0,
                          profile: str = "official",
                          options: Optional[Sequence[FormatRequest]] = None,
                          settings: Optional[Mapping[str, Sequence[dict[str, Any]]]] = None,
                          case_seed: int = 0) -> Candidate:
    """The `index`-th distractor cousin: the prompt untouched plus one competing format
    requirement the constraints accept: another instruction type (odd indices, when one
    fits) or a catalogue request."""
    picker = seeded_random(rng)
    typed_first = bool(settings) and (index + attempt) % 2 == 1
    if typed_first:
        placed = _typed(layout, picker, profile, settings, index // 2 + 2 * attempt, case_seed)
        if placed is not None:
            return placed
    pool = list(options) if options is not None else compatible_requests(layout, profile)
    if not pool:
        # No catalogue request competes here (a one-sentence answer in quotes): another type
        # may still, before a context sentence stands in.
        placed = (None if typed_first or not settings else
                  _typed(layout, picker, profile, settings, index + 2 * attempt, case_seed))
        if placed is None:
            raise ComposeError(NOTHING_COMPATIBLE)
        return placed
    # Siblings get different requirements: from a seeded start, sibling i takes the i-th,
    # and a retry (or a fallback) moves three on, so that the three siblings of a family
    # never meet on one requirement while the pool is larger than their steps.
    first = _case_start(case_seed, len(pool)) + index - 1 + SIBLING_STRIDE * attempt
    sentence, request = _catalogue_sentence(layout, pool, Sampler(picker), first)
    return _place(layout, sentence, {"text": sentence}, request.id)


def _typed(layout: Layout, picker: Any, profile: str,
           settings: Mapping[str, Sequence[dict[str, Any]]], turn: int, case_seed: int
           ) -> Optional[Candidate]:
    """The `turn`-th instruction type that competes here, placed; None when none does."""
    typed = typed_distractor(layout, picker, profile, settings, turn=turn, case_seed=case_seed)
    if typed is None:
        return None
    instruction_id, kwargs, sentence = typed
    return _place(layout, sentence, {"instruction_id": instruction_id, "kwargs": kwargs},
                  instruction_id)


def _place(layout: Layout, sentence: str, distractor: dict[str, Any], name: str) -> Candidate:
    """The original prompt with `sentence` after it, as IFEval++ appends it: frames such as
    "Before you finish, …" or "One more thing: …" read wrong in front of the request. Only a
    request that must be repeated from the end of the prompt pushes it to the front."""
    position = side_of_request(layout) or "after"
    kwargs = [dict(item) for item in layout.kwargs]
    prompt = place(layout.prompt, sentence, position)
    if position == "before" and layout.repeat is not None:
        # "In this task, repeat the request below …" then the request: a requirement joins
        # the instructions it stands beside, never ahead of "In this task, …" (strict read AS).
        end = len(layout.prompt[:layout.repeat.start].rstrip())
        if end and ends_sentence(layout.prompt[:end]):
            prompt = place(layout.prompt, sentence, "inside", after=end)
    return Candidate(prompt, kwargs,
                     FormatDetail(requirement=name, position=position), distractor=distractor)


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


def _request_meaning(request: FormatRequest) -> str:
    """What a catalogue request asks, from the description line of its grammar file."""
    path = templates_dir() / "requirements" / f"{request.id}.grammar"
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].split(" (")[0].strip()
    return request.id.replace("-", " ")


class FormatDistractor:
    """The format style of the distractor kind (kinds/distractor.py chooses the style)."""

    style = "format"

    def propose(self, request: CousinRequest) -> Candidate:
        return add_format_distractor(request.layout, request.rng, request.index,
                                     attempt=request.attempt, profile=request.profile,
                                     settings=request.settings or {},
                                     case_seed=request.family_seed)

    # ------------------------------------------------------------ the model backend

    def model_hint(self, request: CousinRequest,
                   options: Optional[DistractorOptions]) -> Optional[str]:
        """Where this attempt's requirement comes from (a type or a catalogue request, as the
        case allows); None when nothing can be proven compatible."""
        if options is None or options.empty:
            return None
        hint = MODEL_SOURCES[(request.index + request.attempt) % 2]
        if hint == "instruction" and not options.types:
            hint = "catalogue"
        if hint == "catalogue" and not (options.catalogue or options.allow_free):
            hint = "instruction"
        return hint

    def model_context(self, request: CousinRequest, plan: ModelPlan) -> dict[str, Any]:
        """The requirements on offer (with their fields and meaning), those siblings added,
        how long the addition should be and where it goes."""
        options = plan.options
        assert options is not None
        types, requests = [], []
        if plan.hint == "instruction":
            for instruction_id, example in options.types:
                params = parse_params(instruction_id, example, profile=request.profile)
                types.append({"id": instruction_id,
                              "fields": _fields(instruction_id, request.profile),
                              "example": json.dumps(example, ensure_ascii=False),
                              "meaning": " ".join(statement_of(instruction_id, params).split())})
        else:
            requests = [{"id": item.id, "meaning": _request_meaning(item)}
                        for item in options.catalogue]
        repeat = repeat_of(request)
        return {"types": types, "requests": requests,
                "own": plan.hint == "catalogue" and options.allow_free,
                "used": [sibling.requirement for sibling in plan.siblings if sibling.requirement],
                "min_words": max(6, math.ceil(0.2 * len(request.layout.prompt.split()))),
                "where": "before" if repeat is not None and repeat["where"] == "below"
                else "after"}

    def model_candidate(self, answer: ModelCousin, request: CousinRequest, plan: ModelPlan,
                        kwargs: list[dict[str, Any]]) -> Candidate:
        """The distractor the answer describes, once its requirement is proven compatible and
        is not a sibling's while others are on offer."""
        assert plan.options is not None and answer.distractor is not None
        layout = request.layout
        added, where = addition(layout.prompt, answer.prompt, edge_only=True)
        named = answer.distractor
        chosen = prove_distractor(layout, answer.prompt, added, named.id, named.kwargs,
                                  profile=request.profile, witness=plan.options.witness)
        same = [sibling.index for sibling in plan.siblings
                if sibling.requirement == chosen.requirement]
        if same and plan.options.count > len(plan.siblings):
            raise ComposeError(f"distractor {same[0]} already adds {chosen.requirement}; add "
                               f"another requirement")
        detail = plan.detail.updated(requirement=chosen.requirement, source=chosen.source,
                                     position=where)
        return Candidate(answer.prompt, kwargs, detail, distractor=chosen.record)
