"""IFEval kwargs (either release style) into a type's frozen Params, refusing what a profile
cannot check; cached per registered type."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Optional

from pydantic import ValidationError

from ..errors import ParamsError
from ..profiles import Profile
from .parameters import OFFICIAL_RELATIONS, RELATION_FIELDS, Params, UnknownSetting
from .registry import PARAMS_CACHE, get

if TYPE_CHECKING:
    from .base import Constraint


_SCALARS = frozenset({str, int, float, bool, type(None)})


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        # (keys are distinct, so sorting compares keys alone; a scalar, most values, is frozen
        # inline: this key is built for every cache hit)
        return tuple(sorted([(key, (type(item).__name__, item) if type(item) in _SCALARS
                                   else _freeze(item)) for key, item in value.items()]))
    if isinstance(value, list):
        return ("__list__",) + tuple(_freeze(item) for item in value)
    return (type(value).__name__, value)


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
    if profile is not None:
        profile = constraint.profile_for(profile)
    kwargs = {name: value for name, value in (kwargs or {}).items() if value is not None}
    try:
        cache_key = (instruction_id, profile, _freeze(kwargs))
        cached = PARAMS_CACHE.get(cache_key)
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
    if cache_key is not None and len(PARAMS_CACHE) < 100_000:
        PARAMS_CACHE[cache_key] = params
    return params
