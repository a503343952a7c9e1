"""The typed records a cousin passes through: a request, a candidate, a rejection.

A backend is asked for one candidate cousin at a time (`CousinRequest`); it answers
with a `Candidate` — the prompt, its kwargs, the kind's typed `Detail` (written into
`Variant.generator.detail`) and, for a format distractor, the requirement it adds.
The family loop keeps the candidate or refuses it with a `Rejection`: a stable code
the code reads, and the message a person (or the model, on its next try) reads.
No code reads a message back.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Literal, Optional, Union

from ..profiles import Profile
from ..schema import Kind

if TYPE_CHECKING:
    from .prompt.layout import Layout


# The model backend's name in `GeneratorInfo.backend` (generate/llm/ takes it from here, so
# nothing else needs to import openai to recognise its cousins).
MODEL_BACKEND = "openai"


class ComposeError(ValueError):
    """This layout cannot be turned into the requested cousin (the message says why)."""


class StopCousin(Exception):
    """Raised by a backend when asking again cannot help (the endpoint keeps failing)."""


RejectionCode = Literal[
    "not-attempted",    # max_attempts was 0
    "unreadable-case",  # the case's prompt could not be taken apart
    "stopped",          # the backend gave up (StopCousin)
    "generation",       # the kind could not build it (ComposeError, ValueError)
    "promise",          # it breaks what its kind promises
    "dropped",          # it no longer says something the original asks (generate/fairness.py)
    "stray-token",      # it holds markup nobody wrote (a stitched fragment)
    "doubled-example",  # it gives two examples for one requirement
    "repeat-trap",      # the text to repeat already holds a word the case caps
    "same-settings",    # a reconfiguration with a sibling's settings
    "same-requirement", # a distractor adding what a sibling adds
    "too-close",        # within the edit distance of a prompt kept before
    "invalid-kwargs",   # its kwargs do not parse
    "unsatisfiable",    # its constraints cannot hold together
    "validator",        # the validator reports an error
]


@dataclass(frozen=True)
class Rejection:
    """Why a candidate (or a whole cousin) was refused."""

    code: RejectionCode
    message: str

    def __str__(self) -> str:
        return self.message


@dataclass(kw_only=True)
class Detail:
    """What a kind records about how it made a cousin (`Variant.generator.detail`).

    Each kind subclasses it (a dataclass, `kw_only`); the fields are written in declaration
    order and unset ones left out, so a record holds only what applies. `model` and
    `request` say which model wrote a cousin and the cache key of its answer (model
    backend)."""

    model: Optional[str] = None
    request: Optional[str] = None

    def record(self) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for item in fields(self):
            value = getattr(self, item.name)
            if value is not None:
                found[item.name] = (list(value) if isinstance(value, list) else
                                    dict(value) if isinstance(value, dict) else value)
        return found

    def updated(self, **changes: Any) -> "Detail":
        """A copy with `changes` (the same kind of detail)."""
        return replace(self, **changes)


@dataclass
class Candidate:
    """A proposed cousin, before the family loop accepts or refuses it."""

    prompt: str
    kwargs: list[dict[str, Any]]
    detail: Detail
    distractor: Optional[dict[str, Any]] = None
    """The competing requirement a format distractor adds (`Variant.distractor`)."""


@dataclass(frozen=True)
class CousinRequest:
    """What a backend is told when asked for one candidate cousin."""

    case: Union[int, str]
    layout: Layout
    kind: Kind
    index: int
    attempt: int
    seed: int
    rng: random.Random
    profile: Profile
    accepted: tuple[str, ...]                 # prompts kept so far (the original first)
    previous: Optional[Rejection] = None      # why the last attempt was refused
    distractor_style: str = "format"          # format | context | mixed
    settings: Any = None                      # instruction id -> kwargs seen in the run
    reconfigure: str = "harder"               # harder | any
    family_seed: int = 0                      # the same for every cousin of the family's kind
    kept_kwargs: tuple[Any, ...] = ()         # the settings of the kind's cousins kept so far
    wide: str = ""                            # a second pass (CousinKind.second_passes)
