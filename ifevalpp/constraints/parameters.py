"""The parameter types every instruction type's `Params` is built from (STYLE 3: a validated
type defined once, reused by every model), and the count relation they share."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictInt, StrictStr

from ..errors import ParamsError
from ..profiles import Profile

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
    """Base of every Params model: frozen (safe to share), unknown keys rejected. Each model's
    validator is built on its first use (defer_build): a run checks a few of the ~80 types."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class NoParams(Params):
    """For instruction types that take no parameters."""


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

class UnknownSetting(Params):
    """Kwargs the ifevalpp-paper profile accepts although no Params fits them: an unknown
    relation or language. The IFEval++ release's checker then returns a falsy value for
    every response, so every verdict is False; other profiles refuse such kwargs."""

    model_config = ConfigDict(frozen=True, extra="allow")



# The fields that hold a count relation, whatever the type.
RELATION_FIELDS: tuple[str, ...] = ("relation", "let_relation", "capital_relation")
