"""The Constraint contract and the registry every stage asks.

One class per instruction type knows everything about that type: its
parameters (`Params`, a frozen pydantic model), how to check a response, and
(filled in by the validator and generator work) where a prompt states it, how
to phrase it, and how to pick another valid setting. Classes register
themselves with `@register`; nothing else keeps a table of instruction ids.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, ClassVar, Literal, Optional

from pydantic import (AfterValidator, BaseModel, ConfigDict, Field, StrictInt, StrictStr,
                      ValidationError)

from ..errors import ParamsError, UnknownInstructionError
from ..profiles import Profile

# ---------------------------------------------------------------- shared parameter types

Relation = Literal["less than", "at least", "at most", "around"]
OFFICIAL_RELATIONS: frozenset[str] = frozenset({"less than", "at least"})
Count = Annotated[StrictInt, Field(ge=0)]
PositiveCount = Annotated[StrictInt, Field(ge=1)]
NonEmptyText = Annotated[StrictStr, Field(min_length=1)]


def _stripped_non_blank(value: str) -> str:
    stripped = value.strip()
    if not stripped:
        raise ValueError("must not be blank")
    return stripped


# Text the checker compares after stripping (markers, splitter words, keywords).
StrippedText = Annotated[StrictStr, AfterValidator(_stripped_non_blank)]

# Language codes langdetect can return; a response_language outside them could never pass.
LANGUAGE_CODES: tuple[str, ...] = (
    "af", "ar", "bg", "bn", "ca", "cs", "cy", "da", "de", "el", "en", "es", "et", "fa", "fi", "fr",
    "gu", "he", "hi", "hr", "hu", "id", "it", "ja", "kn", "ko", "lt", "lv", "mk", "ml", "mr", "ne",
    "nl", "no", "pa", "pl", "pt", "ro", "ru", "sk", "sl", "so", "sq", "sv", "sw", "ta", "te", "th",
    "tl", "tr", "uk", "ur", "vi", "zh-cn", "zh-tw")


class Params(BaseModel):
    """Base of every Params model: frozen (safe to share), unknown keys rejected."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class NoParams(Params):
    """For instruction types that take no parameters."""


class Span(BaseModel):
    """Where a prompt states a constraint: character offsets into the prompt and the text there."""

    model_config = ConfigDict(frozen=True)

    start: int
    end: int
    text: str


def compare(count: int, relation: str, target: int, *, tolerance: int,
            profile: Profile) -> bool:
    """Apply a count relation. 'less than' is strict (<) and 'at least' is >= in every profile.

    'at most' and 'around' exist in the revised and ifevalpp-paper profiles; the
    official evaluator refuses them, and so do we rather than guess.
    """
    if relation == "less than":
        return count < target
    if relation == "at least":
        return count >= target
    if profile == "official":
        raise ParamsError(f"relation {relation!r} is only checked by the 'revised' and "
                          f"'ifevalpp-paper' profiles; the official evaluator accepts 'less "
                          f"than' and 'at least'", field="relation")
    if relation == "at most":
        return count <= target
    if relation == "around":
        return abs(count - target) <= tolerance
    raise ParamsError(f"unknown relation {relation!r}", field="relation")  # pragma: no cover


# ---------------------------------------------------------------- the contract


class Constraint:
    """One verifiable instruction type. Subclasses set `id` and `Params` and implement `check`.

    `check` is a pure function of (response, params, prompt, profile): nothing
    is stored on the instance, so one instance serves every thread and every
    loose-mode variant.
    """

    id: ClassVar[str]
    Params: ClassVar[type[Params]] = NoParams
    # Instruction ids this type can never hold together with (kept symmetric by a test).
    conflicts_with: ClassVar[frozenset[str]] = frozenset()
    # Counts compared with 'around' pass within this distance (revised profile).
    around_tolerance: ClassVar[int] = 0
    # Parameters the checker hands to the regex engine: in every profile, or only in 'official'.
    regex_fields: ClassVar[tuple[str, ...]] = ()
    official_regex_fields: ClassVar[tuple[str, ...]] = ()
    # Fields besides the count relations whose unknown value the IFEval++ release answers with
    # False instead of refusing (e.g. a language langdetect never names).
    paper_unknown_fails: ClassVar[tuple[str, ...]] = ()
    # Profiles whose verdicts on this type can differ (valid params, same text): profile ->
    # group. Profiles not listed share one group. Scoring under several profiles checks once
    # per group; a test checks the groups on real and adversarial texts.
    verdict_groups: ClassVar[dict[str, str]] = {}

    @property
    def group(self) -> str:
        return self.id.split(":", 1)[0]

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        raise NotImplementedError

    # Seams for the validator and the generators.
    def locate(self, prompt: str, params: Any) -> list[Span]:
        """Where `prompt` states this constraint (the validator and the generators rewrite there)."""
        from ..validate.locate import locate  # late: the validator imports this registry
        return locate(self.id, prompt, params)

    def render(self, params: Any, style: str) -> str:
        """Phrase the constraint: style 'imperative', 'declarative', 'question' or 'list'
        (':<n>' picks a variant), from templates/constraints/<id>.j2."""
        from ..generate.templating import parse_style, render_constraint
        return render_constraint(self.id, params, *parse_style(style))

    def reconfigure(self, params: Any, rng: Any, *, profile: Profile = "official") -> Any:
        """A different valid setting (ValueError for a type without parameters to change)."""
        from ..generate.params import reconfigure
        return reconfigure(self.id, params, rng, profile=profile)

    def __repr__(self) -> str:
        return f"<Constraint {self.id}>"


class UnknownSetting(Params):
    """Kwargs the ifevalpp-paper profile accepts although no Params fits them: an unknown
    relation or language. The IFEval++ release's checker then returns a falsy value for
    every response, so every verdict is False; other profiles refuse such kwargs."""

    model_config = ConfigDict(frozen=True, extra="allow")


REGISTRY: dict[str, Constraint] = {}


def register(cls: type[Constraint]) -> type[Constraint]:
    """Class decorator: make `cls` the checker for `cls.id`."""
    if cls.id in REGISTRY:
        raise RuntimeError(f"instruction id {cls.id!r} registered twice")
    REGISTRY[cls.id] = cls()
    return cls


def get(instruction_id: str) -> Constraint:
    try:
        return REGISTRY[instruction_id]
    except KeyError:
        raise UnknownInstructionError(
            f"unknown instruction id {instruction_id!r}; known ids: "
            f"{', '.join(sorted(REGISTRY))}", field="instruction_id") from None


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((key, _freeze(item)) for key, item in value.items()))
    if isinstance(value, list):
        return ("__list__",) + tuple(_freeze(item) for item in value)
    return (type(value).__name__, value)


_PARAMS_CACHE: dict[tuple[str, Optional[str], Any], Params] = {}
RELATION_FIELDS: tuple[str, ...] = ("relation", "let_relation", "capital_relation")


def _require_profile(constraint: Constraint, params: Params, profile: Profile) -> None:
    """Refuse what `profile` cannot check: revised-only relations, parameters that are bad regexes."""
    if profile == "official":
        for name in RELATION_FIELDS:
            value = getattr(params, name, None)
            if value is not None and value not in OFFICIAL_RELATIONS:
                raise ParamsError(f"{constraint.id}: relation {value!r} is only checked by the "
                                  f"'revised' and 'ifevalpp-paper' profiles; the official "
                                  f"evaluator accepts 'less than' and 'at least'", field=name)
    fields = constraint.regex_fields + (
        constraint.official_regex_fields if profile == "official" else ())
    for name in fields:
        values = getattr(params, name)
        for value in values if isinstance(values, list) else [values]:
            try:
                re.compile(value.lower())
            except re.error as exc:
                raise ParamsError(f"{constraint.id}: {value!r} is not a valid regular expression "
                                  f"({exc}), and the {profile} checker uses it as one",
                                  field=name) from None


def _only_unknown_settings(constraint: Constraint, exc: ValidationError) -> bool:
    """Every error is an unknown text value of a relation (or a paper_unknown_fails) field."""
    lenient = set(RELATION_FIELDS) | set(constraint.paper_unknown_fails)
    return all(error.get("type") == "literal_error" and isinstance(error.get("input"), str)
               and len(error.get("loc", ())) == 1 and error["loc"][0] in lenient
               for error in exc.errors())


def parse_params(instruction_id: str, kwargs: Optional[dict[str, Any]] = None,
                 profile: Optional[Profile] = None) -> Params:
    """Validate IFEval kwargs (either release style) into the type's frozen Params; cached.

    With a `profile`, also refuse what that profile cannot check (e.g. 'at most'
    under 'official'); without one, accept what the official or revised profile can check.
    'ifevalpp-paper' alone also takes an unknown relation or language, as the IFEval++
    release does, and fails every response on it (`UnknownSetting`).
    """
    constraint = get(instruction_id)
    kwargs = {name: value for name, value in (kwargs or {}).items() if value is not None}
    try:
        cache_key = (instruction_id, profile, _freeze(kwargs))
        cached = _PARAMS_CACHE.get(cache_key)
    except TypeError:  # unhashable oddity: validate without caching
        cache_key, cached = None, None
    if cached is not None:
        return cached
    try:
        params = constraint.Params.model_validate(kwargs)
    except ValidationError as exc:
        if profile == "ifevalpp-paper" and _only_unknown_settings(constraint, exc):
            return UnknownSetting.model_validate(kwargs)
        first = exc.errors()[0]
        field = ".".join(str(part) for part in first.get("loc", ())) or None
        raise ParamsError(f"{instruction_id}: {first.get('msg')} (got {kwargs!r})",
                          field=field) from None
    if profile is not None:
        _require_profile(constraint, params, profile)
    if cache_key is not None and len(_PARAMS_CACHE) < 100_000:
        _PARAMS_CACHE[cache_key] = params
    return params
