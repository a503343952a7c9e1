"""Family assembly: the original plus validated, mutually distinct cousins per case.

For each case and each requested kind, cousins 1..per_kind are generated from a
seed derived from (global seed, case, kind, index, attempt) with SHA-256 —
never Python's `hash()` — so a run is reproducible byte for byte. A candidate
is kept when

* its kwargs fit the instruction types and the kind's promise holds (same
  parameters for rephrasings and distractors, a changed parameter or task for
  reconfigurations, every original statement still there for distractors);
* the validator reports no `error` finding for it;
* a reconfiguration's new settings are not a sibling's;
* its normalised token edit distance to the original and to every cousin kept
  so far is at least `min_distance` (a long passage the original quotes, which every
  cousin keeps word for word, counts as one token: see `distance.passages`).

Otherwise the next attempt (next seed) is tried, up to `max_attempts`; a
cousin that never passes is reported with the last reason.

Candidates come from a `CousinBackend`: the template generators by default, or
a model (`llm.py`), which gets the same filter, distinctness rule and bound.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import inspect
import random
from collections import Counter
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path
from typing import Any, Callable, Iterable, Optional, Sequence, Union

from pydantic import BaseModel, Field

from .. import __version__
from ..constraints import REGISTRY, get, parse_params
from ..errors import IfevalppError
from ..profiles import Profile, check_profile
from ..schema import (COUSIN_KINDS, Case, GeneratorInfo, Kind, ValidationSummary, Variant,
                      family_key)
from .compose import ComposeError, Composed
from .decompose import Layout, build_layout
from .distance import far_enough, passages
from .distractor import add_distractor
from .params import compatible
from .reconfiguration import reconfigure_case
from .rephrasing import rephrase
from ..constraints.support.wording import templates_dir

DEFAULT_MIN_DISTANCE = 0.15
DEFAULT_MAX_ATTEMPTS = 12


class CousinFailure(BaseModel):
    """A cousin that could not be produced: which one, after how many attempts, and why."""

    case: Union[int, str]
    kind: Kind
    index: int
    attempts: int
    reason: str


class FamilyResult(BaseModel):
    """Every variant produced (originals included) and the cousins that fell short."""

    variants: list[Variant] = Field(default_factory=list)
    failures: list[CousinFailure] = Field(default_factory=list)
    cases: list[Union[int, str]] = Field(default_factory=list)
    kinds: list[Kind] = Field(default_factory=list)
    per_kind: int = 3
    seed: int = 0
    profile: Profile = "official"
    validator: str = ""
    version: str = ""
    backend: str = "template"
    distractor_style: str = "format"
    reconfigure: str = "harder"

    @property
    def expected_cousins(self) -> int:
        return self.per_kind * len(self.kinds)

    def complete_cases(self) -> list[Union[int, str]]:
        failed = {str(failure.case) for failure in self.failures}
        return [case for case in self.cases if str(case) not in failed]

    def coverage(self) -> float:
        return len(self.complete_cases()) / len(self.cases) if self.cases else 1.0

    def counts(self) -> dict[str, int]:
        return dict(sorted(Counter(variant.kind for variant in self.variants).items()))

    def failures_by_case(self) -> dict[str, list[str]]:
        report: dict[str, list[str]] = {}
        for failure in self.failures:
            report.setdefault(str(failure.case), []).append(
                f"{failure.kind}:{failure.index}: {failure.reason}")
        return report


# ---------------------------------------------------------------- seeds and versions


def derive_seed(seed: int, case: Union[int, str], kind: str, index: int, attempt: int) -> int:
    """A 63-bit seed from the run seed and the cousin's identity (stable across processes)."""
    material = f"ifevalpp/{seed}/{case}/{kind}/{index}/{attempt}".encode("utf-8")
    return int.from_bytes(hashlib.sha256(material).digest()[:8], "big") >> 1


@functools.lru_cache(maxsize=8)
def _templates_digest(root: str, only: Optional[str] = None) -> str:
    """Digest of the templates; `only` restricts it to one subfolder. The template backend's
    digest leaves out `llm/` (the model backend's prompts), which it never reads."""
    digest = hashlib.sha256()
    base = Path(root)
    for path in sorted(base.rglob("*")):
        top = path.relative_to(base).parts[0]
        if (top != only) if only is not None else (top == "llm"):
            continue
        if path.is_file() and path.suffix in (".j2", ".json", ".grammar"):
            digest.update(path.relative_to(base).as_posix().encode("utf-8") + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


def plugin_types_digest() -> Optional[str]:
    """Digest of the registered types defined outside ifevalpp (their ids, source files and
    wording), or None when there are none: a plug-in edit changes the version too."""
    outside = sorted((instruction_id, constraint) for instruction_id, constraint in
                     REGISTRY.items() if not type(constraint).__module__.startswith("ifevalpp."))
    if not outside:
        return None
    digest = hashlib.sha256()
    for instruction_id, constraint in outside:
        cls = type(constraint)
        digest.update(instruction_id.encode("utf-8") + b"\0" + cls.__module__.encode("utf-8"))
        source = inspect.getsourcefile(cls)
        for part in (Path(source).read_bytes() if source else b"",
                     (constraint.wording_source or "").encode("utf-8"),
                     Path(constraint.wording_path).read_bytes() if constraint.wording_path
                     else b""):
            digest.update(b"\0" + part)
    return digest.hexdigest()[:12]


def generator_version() -> str:
    """Package version plus a digest of the templates, so a template edit changes the version
    (and of plug-in types, when any are registered)."""
    version = f"{__version__}+tpl.{_templates_digest(str(templates_dir()))}"
    plugins = plugin_types_digest()
    return version if plugins is None else f"{version}+types.{plugins}"


# ---------------------------------------------------------------- validation


Validator = Callable[[Variant], list[dict[str, Any]]]


def load_validator(profile: Profile = "official") -> tuple[Validator, str]:
    """The project's validator as the generators' filter; returns (function, name).

    The witness search only ever adds a warning, while errors come from the schema,
    reflection and coherence checks, so the filter skips it for speed."""
    from ..validate import validate_case

    def run(variant: Variant) -> list[dict[str, Any]]:
        return [finding.model_dump(mode="json")
                for finding in validate_case(variant, profile, witness=False)]

    return run, "ifevalpp.validate.validate_case"


# ---------------------------------------------------------------- the loop


def _case_key(case: Union[Case, Variant, dict[str, Any]]) -> tuple[Union[int, str], Case]:
    if isinstance(case, dict):
        case = Case.model_validate(case)
    if isinstance(case, Variant):
        key = case.case
        case = Case(key=key, prompt=case.prompt, instruction_id_list=case.instruction_id_list,
                    kwargs=case.kwargs)
        return key, case
    return case.key, case


def _promise(kind: str, layout: Layout, composed: Composed) -> Optional[str]:
    """The kind's own guarantee; a reason string when it is broken."""
    original = layout.kwargs
    new = composed.kwargs
    repeat = layout.repeat.index if layout.repeat is not None else None
    if kind in ("rephrasing", "distractor"):
        for position, (before, after) in enumerate(zip(original, new)):
            if position == repeat and kind == "rephrasing":
                continue
            if before != after:
                return f"{layout.ids[position]} kwargs changed in a {kind}"
    if kind == "distractor":
        for unit in layout.units:
            if unit.owners and unit.text not in composed.prompt:
                return "an original constraint statement is missing"
    if kind == "reconfiguration":
        if composed.detail.get("strategy") == "parameters" and all(
                before == after for position, (before, after) in enumerate(zip(original, new))
                if position != repeat):
            return "no parameter changed"
    if repeat is not None:
        field_name = get(layout.ids[repeat]).request_field or ""
        text = new[repeat][field_name]
        if text not in composed.prompt:
            return f"{field_name} is not in the new prompt"
    return None


GENERATORS: dict[str, Callable[..., Composed]] = {
    "rephrasing": rephrase,
    "distractor": add_distractor,
    "reconfiguration": reconfigure_case,
}


@dataclasses.dataclass(frozen=True)
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
    previous: Optional[str] = None            # why the last attempt was rejected
    distractor_style: str = "format"          # format | context | mixed
    settings: Any = None                      # instruction id -> kwargs seen in the run
    reconfigure: str = "harder"               # harder | any


class StopCousin(Exception):
    """Raised by a backend when asking again cannot help (the endpoint keeps failing)."""


@dataclasses.dataclass(frozen=True)
class CousinBackend:
    """Where candidates come from; every candidate then passes the same filter."""

    name: str
    propose: Callable[[CousinRequest], Composed]
    version: Optional[str] = None             # default: generator_version()
    workers: int = 1                          # cases generated at once (threads)
    abort: Optional[Callable[[], None]] = None  # called when a threaded run stops early


def template_propose(request: CousinRequest) -> Composed:
    """The offline generators (rephrasing.py, format_distractor.py or distractor.py,
    reconfiguration.py)."""
    if request.kind == "distractor":
        style = request.distractor_style
        if style == "mixed":
            style = "format" if (request.index + request.attempt) % 2 else "context"
        if style == "format":
            from .format_distractor import add_format_distractor
            try:
                return add_format_distractor(request.layout, request.rng, request.index,
                                             attempt=request.attempt, profile=request.profile,
                                             settings=request.settings or {})
            except ComposeError as exc:
                # No competing requirement can be proven compatible (no witness for the
                # case, or every one clashes): say so, and add a context distractor instead.
                composed = add_distractor(request.layout, request.rng, request.index,
                                          attempt=request.attempt)
                composed.detail.update(style="context", format_refused=str(exc))
                return composed
    generator = GENERATORS[request.kind]
    if request.kind == "reconfiguration":
        return generator(request.layout, request.rng, request.index,
                         profile=request.profile, attempt=request.attempt,
                         direction=request.reconfigure)
    if request.kind == "rephrasing":
        # After a candidate too close to its family, the next keeps away from it.
        close = bool(request.previous and request.previous.startswith("too close"))
        return generator(request.layout, request.rng, request.index, attempt=request.attempt,
                         siblings=request.accepted if close else ())
    return generator(request.layout, request.rng, request.index, attempt=request.attempt)


TEMPLATE_BACKEND = CousinBackend("template", template_propose)


def _errors(findings: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [finding for finding in findings if finding.get("severity") == "error"]


def generate_family(case: Union[Case, Variant, dict[str, Any]], *, seed: int = 0,
                    per_kind: int = 3, kinds: Sequence[Kind] = COUSIN_KINDS,
                    profile: Profile = "official",
                    validator: Optional[Validator] = None,
                    min_distance: float = DEFAULT_MIN_DISTANCE,
                    max_attempts: int = DEFAULT_MAX_ATTEMPTS,
                    version: Optional[str] = None,
                    backend: CousinBackend = TEMPLATE_BACKEND,
                    distractor_style: str = "format",
                    settings: Optional[dict[str, tuple[dict[str, Any], ...]]] = None,
                    reconfigure: str = "harder"
                    ) -> tuple[list[Variant], list[CousinFailure]]:
    """The family of one case: its original and up to `per_kind` cousins of each kind.
    `settings` (instruction id -> kwargs seen in the run) lets a distractor be another
    instruction type with a real setting."""
    key, case = _case_key(case)
    validator = validator or load_validator(profile)[0]
    version = version or backend.version or generator_version()
    original = Variant(key=family_key(key, "original", 0), case=key, kind="original", index=0,
                       prompt=case.prompt, instruction_id_list=list(case.instruction_id_list),
                       kwargs=list(case.kwargs), generator=GeneratorInfo(backend="original"))
    findings = validator(original)
    original = original.model_copy(update={"validation": ValidationSummary(
        ok=not _errors(findings), findings=findings)})
    variants = [original]
    failures: list[CousinFailure] = []
    try:
        layout = build_layout(case.prompt, case.instruction_id_list, case.kwargs)
    except IfevalppError as exc:
        for kind in kinds:
            for index in range(1, per_kind + 1):
                failures.append(CousinFailure(case=key, kind=kind, index=index, attempts=0,
                                              reason=f"cannot read the case: {exc}"))
        return variants, failures
    accepted = [case.prompt]
    quoted = passages(case.prompt)  # a quoted passage counts as one token in the distance
    reconfigured: list[list[dict[str, Any]]] = []  # settings of the reconfigurations kept
    for kind in kinds:
        for index in range(1, per_kind + 1):
            reason = "not attempted"
            tried = max_attempts
            kept = False
            for attempt in range(max_attempts):
                cousin_seed = derive_seed(seed, key, kind, index, attempt)
                rng = random.Random(cousin_seed)
                request = CousinRequest(case=key, layout=layout, kind=kind, index=index,
                                        attempt=attempt, seed=cousin_seed, rng=rng,
                                        profile=profile, accepted=tuple(accepted),
                                        previous=reason if attempt else None,
                                        distractor_style=distractor_style,
                                        settings=settings or {}, reconfigure=reconfigure)
                try:
                    composed = backend.propose(request)
                except StopCousin as exc:
                    reason, tried = str(exc), attempt + 1
                    break
                except (ComposeError, ValueError) as exc:
                    reason = f"generation: {exc}"
                    continue
                broken = _promise(kind, layout, composed)
                if not broken and kind == "reconfiguration" and \
                        composed.detail.get("strategy") == "parameters" and \
                        composed.kwargs in reconfigured:
                    broken = "the same settings as a sibling reconfiguration"
                if broken:
                    reason = broken
                    continue
                ok, distance = far_enough(composed.prompt, accepted, min_distance, quoted)
                if not ok:
                    reason = (f"too close to the original or a sibling (normalised edit "
                              f"distance {distance:.3f} < {min_distance})")
                    continue
                try:
                    detail = dict(composed.detail)
                    distractor = detail.pop("distractor", None)
                    if distractor is not None and not isinstance(distractor, dict):
                        detail["distractor"] = distractor  # a context distractor's id
                    variant = Variant(
                        key=family_key(key, kind, index), case=key, kind=kind, index=index,
                        prompt=composed.prompt, instruction_id_list=list(layout.ids),
                        kwargs=composed.kwargs,
                        generator=GeneratorInfo(backend=backend.name, version=version,
                                                seed=cousin_seed,
                                                detail={"attempt": attempt, **detail}),
                        distractor=distractor if isinstance(distractor, dict) else None)
                    new_params = [parse_params(instruction_id, kwargs) for instruction_id, kwargs
                                  in zip(variant.instruction_id_list, variant.kwargs)]
                except (IfevalppError, ValueError) as exc:
                    reason = f"invalid kwargs: {exc}"
                    continue
                clash = compatible(variant.instruction_id_list, new_params, profile=profile)
                if clash:
                    reason = f"unsatisfiable: {clash}"
                    continue
                findings = validator(variant)
                errors = _errors(findings)
                if errors:
                    first = errors[0]
                    reason = (f"validator: {first.get('code')}: {first.get('message')}")
                    continue
                variant = variant.model_copy(update={"validation": ValidationSummary(
                    ok=True, findings=findings)})
                variants.append(variant)
                accepted.append(composed.prompt)
                if kind == "reconfiguration" and composed.detail.get("strategy") == "parameters":
                    reconfigured.append(composed.kwargs)
                kept = True
                break
            if not kept:
                failures.append(CousinFailure(case=key, kind=kind, index=index,
                                              attempts=tried, reason=reason))
    return variants, failures


def seen_settings(cases: Iterable[Case]) -> dict[str, tuple[dict[str, Any], ...]]:
    """Every instruction id of the run with the distinct kwargs it has there, in order (a
    distractor that is another type takes a real setting from these)."""
    seen: dict[str, list[dict[str, Any]]] = {}
    for item in cases:
        for instruction_id, kwargs in zip(item.instruction_id_list, item.kwargs):
            if dict(kwargs or {}) not in seen.setdefault(instruction_id, []):
                seen[instruction_id].append(dict(kwargs or {}))
    return {instruction_id: tuple(found) for instruction_id, found in sorted(seen.items())}


def generate_families(cases: Iterable[Union[Case, Variant, dict[str, Any]]], *, seed: int = 0,
                      per_kind: int = 3, kinds: Sequence[Kind] = COUSIN_KINDS,
                      profile: Profile = "official",
                      min_distance: float = DEFAULT_MIN_DISTANCE,
                      max_attempts: int = DEFAULT_MAX_ATTEMPTS,
                      validator: Optional[Validator] = None,
                      progress: Optional[Callable[[int], None]] = None,
                      backend: CousinBackend = TEMPLATE_BACKEND,
                      distractor_style: str = "format", reconfigure: str = "harder"
                      ) -> FamilyResult:
    """Grow every case into a family (library entry point; the CLI only adapts it).

    `cases` are IFEval cases (`Case`, an original `Variant`, or the raw dict);
    non-original variants are skipped. `progress`, if given, is called with 1
    after each case. `backend` proposes the candidates (default: templates); with
    `backend.workers` > 1 that many cases are worked on at once, and the result
    is still in input order.
    """
    check_profile(profile)
    unknown = [kind for kind in kinds if kind not in COUSIN_KINDS]
    if unknown:
        raise ValueError(f"unknown kinds {unknown}; choose from {', '.join(COUSIN_KINDS)}")
    kinds = [kind for kind in COUSIN_KINDS if kind in kinds]
    items = []
    for case in cases:
        if isinstance(case, Variant) and case.kind != "original":
            continue
        items.append(_case_key(case))
    if validator is None:
        validator, validator_name = load_validator(profile)
    else:
        validator_name = getattr(validator, "__name__", "custom")
    version = backend.version or generator_version()
    settings = seen_settings(item for _, item in items)
    result = FamilyResult(cases=[key for key, _ in items], kinds=list(kinds), per_kind=per_kind,
                          seed=seed, profile=profile, validator=validator_name, version=version,
                          backend=backend.name, distractor_style=distractor_style,
                          reconfigure=reconfigure)

    def one(case: Case) -> tuple[list[Variant], list[CousinFailure]]:
        return generate_family(
            case, seed=seed, per_kind=per_kind, kinds=kinds, profile=profile,
            validator=validator, min_distance=min_distance, max_attempts=max_attempts,
            version=version, backend=backend, distractor_style=distractor_style,
            settings=settings, reconfigure=reconfigure)

    def collect(variants: list[Variant], failures: list[CousinFailure]) -> None:
        result.variants.extend(variants)
        result.failures.extend(failures)

    if backend.workers <= 1 or len(items) <= 1:
        for _, case in items:
            collect(*one(case))
            if progress is not None:
                progress(1)
        return result
    with ThreadPoolExecutor(max_workers=backend.workers) as pool:
        futures = [pool.submit(one, case) for _, case in items]
        try:
            for future in as_completed(futures):
                future.result()  # the first failure (or Ctrl-C) ends the run at once
                if progress is not None:
                    progress(1)
        except BaseException:
            for future in futures:
                future.cancel()
            if backend.abort is not None:
                backend.abort()
            raise
    for future in futures:
        collect(*future.result())
    return result
