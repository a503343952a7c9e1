"""Typed records shared by every stage: cases, family variants, responses, results, manifests.

Raw JSON becomes one of these models in exactly one place (the loaders), so the
rest of the code never guesses about missing keys or kwargs styles.
"""

from __future__ import annotations

import re
from typing import Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .profiles import Profile

Kind = Literal["original", "rephrasing", "distractor", "reconfiguration"]
KINDS: tuple[Kind, ...] = ("original", "rephrasing", "distractor", "reconfiguration")
COUSIN_KINDS: tuple[Kind, ...] = ("rephrasing", "distractor", "reconfiguration")
# Names other releases use for our kinds (IFEval++ calls reconfiguration `ct_alteration`).
KIND_ALIASES: dict[str, Kind] = {
    "original": "original",
    "rephrasing": "rephrasing",
    "rephrase": "rephrasing",
    "distractor": "distractor",
    "reconfiguration": "reconfiguration",
    "ct_alteration": "reconfiguration",
}


def normalize_kwargs(kwargs: Optional[dict[str, Any]]) -> dict[str, Any]:
    """Drop keys whose value is None: the Hugging Face release writes every key, null when unused.

    Only None means absent; 0, "" and [] are real values and are kept.
    """
    if not kwargs:
        return {}
    return {name: value for name, value in kwargs.items() if value is not None}


class Case(BaseModel):
    """One IFEval prompt with its instructions and their parameters (kwargs aligned by position)."""

    model_config = ConfigDict(frozen=True)

    key: Union[int, str]
    prompt: str
    instruction_id_list: list[str]
    kwargs: list[dict[str, Any]]

    @field_validator("kwargs", mode="before")
    @classmethod
    def _drop_null_kwargs(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [normalize_kwargs(item) if isinstance(item, dict) or item is None else item
                    for item in value]
        return value

    @model_validator(mode="after")
    def _aligned(self) -> "Case":
        if len(self.kwargs) != len(self.instruction_id_list):
            raise ValueError(
                f"instruction_id_list has {len(self.instruction_id_list)} entries but kwargs has "
                f"{len(self.kwargs)}; they must align one to one")
        return self


class GeneratorInfo(BaseModel):
    """How a variant was made: reproducible from backend, version and seed."""

    backend: str = "original"
    version: str = ""
    seed: Optional[int] = None
    detail: dict[str, Any] = Field(default_factory=dict)


class ValidationSummary(BaseModel):
    ok: bool = True
    findings: list[dict[str, Any]] = Field(default_factory=list)


_FAMILY_KEY = re.compile(r"^(?P<case>[^:]+):(?P<kind>[A-Za-z_]+)(?::(?P<index>\d+))?$")


def parse_family_key(key: Union[int, str]) -> tuple[str, Kind, int]:
    """Split `case:kind:index` (also IFEval++'s `case:ct_alteration:i` and `case:original`).

    A bare IFEval key (an int or digits) is that case's original.
    """
    text = str(key)
    if ":" not in text:
        return text, "original", 0
    match = _FAMILY_KEY.match(text)
    if not match or match.group("kind") not in KIND_ALIASES:
        raise ValueError(f"key {text!r} is not of the form case:kind:index with kind in "
                         f"{sorted(KIND_ALIASES)}")
    kind = KIND_ALIASES[match.group("kind")]
    index = int(match.group("index")) if match.group("index") is not None else 0
    return match.group("case"), kind, index


def family_key(case: Union[int, str], kind: Kind, index: int) -> str:
    return f"{case}:{kind}:{index}"


class Variant(Case):
    """One prompt of a family: the original (index 0) or a cousin (index 1..n of its kind)."""

    key: str
    case: Union[int, str]
    kind: Kind
    index: int = Field(ge=0)
    generator: GeneratorInfo = Field(default_factory=GeneratorInfo)
    validation: ValidationSummary = Field(default_factory=ValidationSummary)

    @field_validator("kind", mode="before")
    @classmethod
    def _kind_alias(cls, value: Any) -> Any:
        return KIND_ALIASES.get(value, value) if isinstance(value, str) else value


class ResponseRecord(BaseModel):
    """One model answer. `error` set means the request failed: the answer is missing, not wrong."""

    model_config = ConfigDict(extra="allow")

    key: Optional[Union[int, str]] = None
    prompt: Optional[str] = None
    response: Optional[str] = None
    sample: int = Field(default=0, ge=0)
    reasoning: Optional[str] = None
    finish_reason: Optional[str] = None
    usage: Optional[dict[str, Any]] = None
    latency_s: Optional[float] = None
    error: Optional[str] = None
    attempts: Optional[int] = None
    endpoint: Optional[str] = None

    @model_validator(mode="after")
    def _has_response_or_error(self) -> "ResponseRecord":
        if self.error is None and self.response is None:
            raise ValueError("a response record needs 'response' (or 'error' for a failed request)")
        if self.key is None and self.prompt is None:
            raise ValueError("a response record needs 'key' or 'prompt' to be matched to a case")
        return self

    @property
    def failed(self) -> bool:
        return self.error is not None


class ScoredResponse(BaseModel):
    """Verdicts for one response: one boolean per instruction, strict and loose."""

    key: Union[int, str]
    prompt: str
    instruction_id_list: list[str]
    strict: list[bool]
    loose: list[bool]
    follow_all_strict: bool
    follow_all_loose: bool
    profile: Profile
    case: Optional[Union[int, str]] = None
    kind: Optional[Kind] = None
    index: Optional[int] = None
    sample: int = 0
    # Set when there was no usable response and the protocol scores that as failing
    # (`--missing fail`): why it is missing.
    missing_reason: Optional[str] = None


class MissingResponse(BaseModel):
    """A case with no usable response: excluded from every metric and reported."""

    key: Union[int, str]
    sample: Optional[int] = None
    reason: str
