"""Family assembly: the original plus validated, mutually distinct cousins per case.

The loop walks the kinds (generate/kinds/) in family order and, for each of a
kind's cousins 1..per_kind, asks the backend for candidates, each from a seed
derived from (run seed, case, kind, index, attempt) (generate/versions.py). A
candidate is kept when

* it keeps its kind's promise (same parameters for rephrasings and distractors,
  a changed parameter or task for reconfigurations, every original statement
  still there for distractors, the text to repeat in the prompt) and is not a
  sibling's again (`CousinKind.refusal`);
* its normalised token edit distance to the original and to every cousin kept
  so far is at least `min_distance` (a long passage the original quotes, which every
  cousin keeps word for word, counts as one token: see `distance.passages`);
* no naturalness rule fires on it (generate/rules/: wording a strict reader would
  rewrite, a rephrasing within 30 characters of a sibling);
* its kwargs fit the instruction types and can hold together (`params.compatible`);
* the validator reports no `error` finding for it.

Otherwise the next attempt (next seed) is tried, up to `max_attempts`; a cousin
that never passes is reported with the last `Rejection`. A kind that falls short for want
of room among its siblings is made again in its kind's `second_passes` (rephrasings each
worded well away from their siblings, with more ways to say what follows the task, and last
under a lower floor; distractors and reconfigurations under a lower floor), and the pass
that makes the most is kept. Rule N119 still refuses a rephrasing within 30 characters of a sibling in every pass.

Candidates come from a `CousinBackend` (generate/backend.py): the template generators by
default, or a model (generate/llm/), which gets the same filter, distinctness rule and bound.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Iterable, Optional, Sequence, Union

from pydantic import BaseModel, Field, PrivateAttr

from ..constraints import get, parse_params
from ..errors import IfevalppError
from ..profiles import Profile, check_profile
from ..schema import (COUSIN_KINDS, Case, GeneratorInfo, Kind, ValidationSummary, Variant,
                      family_key)
from . import kinds, processes
from .backend import TEMPLATE_BACKEND, CousinBackend
from .prompt.casing import in_original_case
from .prompt.slips import mended, mended_request
from .prompt.layout import Layout, build_layout
from .distance import far_enough, passages
from .satisfiable import compatible
from .template_check import check_templates
from .rules import Cousin, violations
from .records import Candidate, ComposeError, CousinRequest, Rejection, StopCousin
from .validation import Validator, errors, load_validator
from .versions import derive_seed, generator_version

DEFAULT_MIN_DISTANCE = 0.15
# Attempts are seeded one by one, so more of them change only the cousins the first ones
# missed: a frame-only rephrasing that must land 0.15 away from two siblings finds one in
# the 13th to 24th draws (2245, 2404), and a third distraction unlike its siblings' (3305).
DEFAULT_MAX_ATTEMPTS = 24
# The share of the distance floor a "floor" or "far-floor" second pass keeps
# (`CousinKind.second_passes`).
WIDE_FLOOR = 0.8
REWORDING_PASSES = ("room", "far", "far-floor")
LOWER_FLOOR_PASSES = ("floor", "far-floor")


def _blocks(prompt: str) -> tuple[str, ...]:
    """Each block the prompt spells out (a run of its lines, "Part 1. Task Summary" …), whole:
    every cousin that keeps the task keeps it word for word."""
    from .prompt.residue import block_line_spans

    runs: list[list[int]] = []
    for start, end in block_line_spans(prompt):
        if runs and prompt[runs[-1][1]:start].strip() == "":
            runs[-1][1] = end
        else:
            runs.append([start, end])
    return tuple(prompt[start:end] for start, end in runs)


class CousinFailure(BaseModel):
    """A cousin that could not be produced: which one, after how many attempts, and why."""

    case: Union[int, str]
    kind: Kind
    index: int
    attempts: int
    reason: str
    code: str = ""
    """The `Rejection` code of the last attempt (what `reason` says in words)."""
    # Whether an attempt before the last was refused for want of room among its siblings
    # (2912: a reconfiguration 0.147 from a sibling, then refused for another reason): a
    # second pass may still make it. Not written out.
    _crowded: bool = PrivateAttr(default=False)


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


def case_key(case: Union[Case, Variant, dict[str, Any]]) -> tuple[Union[int, str], Case]:
    """The family key of an IFEval case (`Case`, an original `Variant`, or the raw dict)."""
    if isinstance(case, dict):
        case = Case.model_validate(case)
    if isinstance(case, Variant):
        key = case.case
        case = Case(key=key, prompt=case.prompt, instruction_id_list=case.instruction_id_list,
                    kwargs=case.kwargs)
        return key, case
    return case.key, case


# ---------------------------------------------------------------- one family


@dataclass(frozen=True)
class _Run:
    """What every family of a run shares."""

    seed: int
    profile: Profile
    validator: Validator
    min_distance: float
    max_attempts: int
    version: str
    backend: CousinBackend
    distractor_style: str
    settings: dict[str, tuple[dict[str, Any], ...]]
    reconfigure: str


@dataclass
class _Family:
    """One case's family as it grows: what every new candidate is compared with."""

    key: Union[int, str]
    layout: Layout
    accepted: list[str]                                   # prompts kept (the original first)
    quoted: tuple[str, ...]                               # passages counted as one token
    kept: dict[str, list[Candidate]] = field(default_factory=dict)  # per kind, in order
    as_mended: str = ""                                   # the original, its slips mended
    inherited: frozenset[tuple[str, str]] = frozenset()   # the original's own number slips
    stated: dict[int, int] = field(default_factory=dict)  # a checked count -> as the user said it

    @property
    def mended_original(self) -> str:
        """The original as every cousin mends it: the rules take its words as the user's
        ("…, make sure to write" -> ". Make sure to write" is no echo of ours)."""
        if not self.as_mended:
            self.as_mended = mended(self.layout.prompt, self.layout.ids, self.layout.kwargs,
                                    self.layout.prompt)
        return self.as_mended


# The original's own errors a cousin that keeps its settings may carry: a number it states
# other than its check's (337 says 'at least 400 words', its check asks 336), which no such
# cousin can say otherwise without changing the original's request. A request that cannot be
# met (a banned word inside the text to repeat) is never carried: such a case makes no cousins.
INHERITED_CODES = frozenset({"REFLECT_NUMBER_MISMATCH"})


def _finding_key(finding: dict[str, Any]) -> tuple[str, str]:
    """The finding's code and message, the prompt's own wording of the count left out ("the
    prompt says 'at least 400 words' (at least 400)" -> "the prompt says (at least 400)"): a
    rephrasing says the same count in words of its own."""
    message = re.sub(r"says '[^']*' \(", "says (", str(finding.get("message")))
    return str(finding.get("code")), message


def _stated(layout: Layout, inherited: frozenset[tuple[str, str]]) -> dict[int, int]:
    """For a count the original states other than its check (`INHERITED_CODES`: 337 says
    'at least 400 words' and checks 336), the checked value -> the value the user said, so a
    rephrasing says it as the user did (reads CLK, CLM, CLO: "at least 336 words" is a number
    no person asks for)."""
    if not inherited:
        return {}
    said: dict[int, int] = {}
    for instruction_id, params in zip(layout.ids, layout.params):
        spec = get(instruction_id).count
        if spec is None:
            continue
        checked = getattr(params, spec.field, None)
        numerals = {number for statement in get(instruction_id).statements(layout.prompt, params)
                    if statement.role == "count" for number in statement.numerals}
        if isinstance(checked, int) and len(numerals) == 1 and checked not in numerals:
            said[checked] = numerals.pop()
    return said


def _said_as_stated(prompt: str, stated: dict[int, int]) -> str:
    """`prompt` with each checked count of `stated` said as the original says it."""
    for checked, said in stated.items():
        prompt = re.sub(rf"(?<![\d.,]){checked}(?![\d,]|\.\d)", str(said), prompt)
    return prompt


def _inherited(original: Variant) -> frozenset[tuple[str, str]]:
    """The original's errors a cousin that keeps its settings may keep (`INHERITED_CODES`)."""
    return frozenset(_finding_key(finding) for finding in errors(original.validation.findings)
                     if finding.get("code") in INHERITED_CODES)


def _as_inherited(finding: dict[str, Any]) -> dict[str, Any]:
    """A finding the cousin keeps from the original's words: a warning that says so."""
    return {**finding, "severity": "warning",
            "message": f"{finding.get('message')} (the original's own words, kept whole)"}


def _request(run: _Run, family: _Family, kind: Kind, index: int, attempt: int,
             previous: Optional[Rejection], wide: str = "") -> CousinRequest:
    cousin_seed = derive_seed(run.seed, family.key, kind, index, attempt)
    return CousinRequest(case=family.key, layout=family.layout, kind=kind, index=index,
                         attempt=attempt, seed=cousin_seed, rng=random.Random(cousin_seed),
                         profile=run.profile, accepted=tuple(family.accepted),
                         previous=previous, distractor_style=run.distractor_style,
                         settings=run.settings, reconfigure=run.reconfigure,
                         family_seed=derive_seed(run.seed, family.key, kind, 0, 0), wide=wide,
                         kept_kwargs=tuple(sibling.kwargs for sibling in family.kept.get(kind, [])))


def _judge(run: _Run, family: _Family, request: CousinRequest,
           candidate: Candidate) -> Union[Variant, Rejection]:
    """The variant a candidate becomes, or why it is refused (in the order of the module
    docstring)."""
    kind = kinds.get(request.kind)
    refusal = kind.refusal(family.layout, candidate, family.kept.get(kind.name, [])) or \
        kind.easier(family.layout, candidate, run.profile)
    if refusal is not None:
        return refusal
    floor = run.min_distance * (WIDE_FLOOR if request.wide in LOWER_FLOOR_PASSES else 1.0)
    ok, distance = far_enough(candidate.prompt, family.accepted, floor, family.quoted)
    if not ok:
        return Rejection("too-close", f"too close to the original or a sibling (normalised edit "
                                      f"distance {distance:.3f} < {floor:g})")
    unnatural = violations(Cousin(prompt=candidate.prompt, original=family.layout.prompt,
                                  original_mended=family.mended_original,
                                  ids=family.layout.ids, kwargs=candidate.kwargs,
                                  original_kwargs=family.layout.kwargs, kind=kind.name,
                                  siblings=tuple(family.accepted),
                                  must_differ=kind.rewords_all,
                                  keeps_original=kind.keeps_original))
    if unnatural:
        return Rejection("unnatural", f"unnatural: {unnatural[0].code}: {unnatural[0].text}")
    try:
        variant = Variant(
            key=family_key(family.key, kind.name, request.index), case=family.key,
            kind=kind.name, index=request.index, prompt=candidate.prompt,
            instruction_id_list=list(family.layout.ids), kwargs=candidate.kwargs,
            generator=GeneratorInfo(backend=run.backend.name, version=run.version,
                                    seed=request.seed,
                                    detail={"attempt": request.attempt,
                                            **({"pass": request.wide} if request.wide else {}),
                                            **candidate.detail.record()}),
            distractor=candidate.distractor)
        new_params = [parse_params(instruction_id, kwargs) for instruction_id, kwargs
                      in zip(variant.instruction_id_list, variant.kwargs)]
    except (IfevalppError, ValueError) as exc:
        return Rejection("invalid-kwargs", f"invalid kwargs: {exc}")
    clash = compatible(variant.instruction_id_list, new_params, profile=run.profile)
    if clash:
        return Rejection("unsatisfiable", f"unsatisfiable: {clash}")
    findings = run.validator(variant)
    if family.inherited and list(variant.kwargs) == list(family.layout.kwargs):
        findings = [_as_inherited(finding) if _finding_key(finding) in family.inherited
                    else finding for finding in findings]
    found = errors(findings)
    if found:
        return Rejection("validator", f"validator: {found[0].get('code')}: "
                                      f"{found[0].get('message')}")
    return variant.model_copy(update={"validation": ValidationSummary(ok=True,
                                                                       findings=findings)})


def _cousins(run: _Run, family: _Family, kind: Kind,
             per_kind: int) -> tuple[list[Variant], list[CousinFailure]]:
    """The cousins of `kind` and the ones that could not be made. A kind that falls short for
    want of room (`_crowded`: its first cousins took the wordings the last needed, or a long
    original leaves a distractor too near its siblings) is made again in each of its
    `second_passes` (`CousinRequest.wide`) until one makes them all; the pass that makes the
    most is kept, the first on a tie, so a family made in full the first time comes out as
    before."""
    start, kept = len(family.accepted), list(family.kept.get(kind, []))
    made, missed = _pass(run, family, kind, per_kind)
    best = (made, missed, family.accepted, family.kept.get(kind, []))
    for wide in kinds.get(kind).second_passes if any(map(_crowded, missed)) else ():
        family.accepted, family.kept[kind] = family.accepted[:start], list(kept)
        again, still = _pass(run, family, kind, per_kind, wide=wide, misses=len(best[1]))
        if len(again) > len(best[0]):
            best = (again, still, family.accepted, family.kept.get(kind, []))
        if not still:
            break
    family.accepted, family.kept[kind] = best[2], best[3]
    return best[0], best[1]


def _crowded(failure: CousinFailure) -> bool:
    """Whether a cousin failed for want of room among its siblings (too close to one, or a
    rewording within 30 characters of one) on its last attempt or an earlier one, the one
    failure a second pass can mend."""
    return failure._crowded or _crowding(failure.code, failure.reason)


def _crowding(code: str, reason: str) -> bool:
    """Whether a rejection is for want of room among the siblings."""
    return code == "too-close" or reason.startswith("unnatural: near-duplicate")


def _pass(run: _Run, family: _Family, kind: Kind, per_kind: int, wide: str = "",
          misses: Optional[int] = None) -> tuple[list[Variant], list[CousinFailure]]:
    """The cousins 1..`per_kind` of `kind` made in turn, and the ones that failed; a second pass
    stops at its `misses`-th failure, since it can then make no more than the pass it is to
    beat."""
    made: list[Variant] = []
    missed: list[CousinFailure] = []
    for index in range(1, per_kind + 1):
        outcome = _cousin(run, family, kind, index, wide)
        if isinstance(outcome, CousinFailure):
            missed.append(outcome)
            if misses is not None and len(missed) >= misses:
                break
        else:
            made.append(outcome)
    return made, missed


def _cousin(run: _Run, family: _Family, kind: Kind, index: int,
            wide: str = "") -> Union[Variant, CousinFailure]:
    """The `index`-th cousin of `kind`: the first candidate kept, or the last rejection."""
    rejection = Rejection("not-attempted", "not attempted")
    crowded = False
    tried = run.max_attempts
    for attempt in range(tried):
        request = _request(run, family, kind, index, attempt, rejection if attempt else None,
                           wide)
        try:
            candidate = run.backend.propose(request)
        except StopCousin as exc:
            rejection, tried = Rejection("stopped", str(exc)), attempt + 1
            break
        except (ComposeError, ValueError) as exc:
            rejection = Rejection("generation", f"generation: {exc}")
            continue
        # An original typed without capitals keeps its cousins without them.
        candidate.prompt = in_original_case(family.layout.prompt, candidate.prompt,
                                            family.layout.ids, candidate.kwargs)
        # The user's slips are mended in every cousin, a distractor's kept original too
        # ("May name is Naomi" was counted against all three distractors: read YB).
        candidate.prompt = mended(candidate.prompt, family.layout.ids, candidate.kwargs,
                                  family.layout.prompt)
        # A request to repeat shown mended is the text the reply copies (read CFY on 3272).
        candidate.kwargs = mended_request(family.layout.ids, candidate.kwargs, candidate.prompt)
        if family.stated and list(candidate.kwargs) == list(family.layout.kwargs):
            candidate.prompt = _said_as_stated(candidate.prompt, family.stated)
        outcome = _judge(run, family, request, candidate)
        if isinstance(outcome, Rejection):
            rejection = outcome
            crowded = crowded or _crowding(outcome.code, outcome.message)
            continue
        family.accepted.append(candidate.prompt)
        family.kept.setdefault(kind, []).append(candidate)
        return outcome
    failure = CousinFailure(case=family.key, kind=kind, index=index, attempts=tried,
                            reason=rejection.message, code=rejection.code)
    failure._crowded = crowded
    return failure


def _original(key: Union[int, str], case: Case, validator: Validator) -> Variant:
    original = Variant(key=family_key(key, "original", 0), case=key, kind="original", index=0,
                       prompt=case.prompt, instruction_id_list=list(case.instruction_id_list),
                       kwargs=list(case.kwargs), generator=GeneratorInfo(backend="original"))
    findings = validator(original)
    return original.model_copy(update={"validation": ValidationSummary(
        ok=not errors(findings), findings=findings)})


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
    key, case = case_key(case)
    run = _Run(seed=seed, profile=profile, validator=validator or load_validator(profile)[0],
               min_distance=min_distance, max_attempts=max_attempts,
               version=version or backend.version or generator_version(), backend=backend,
               distractor_style=distractor_style, settings=settings or {},
               reconfigure=reconfigure)
    variants: list[Variant] = [_original(key, case, run.validator)]
    failures: list[CousinFailure] = []
    try:
        layout = build_layout(case.prompt, case.instruction_id_list, case.kwargs)
    except IfevalppError as exc:
        failures = [CousinFailure(case=key, kind=kind, index=index, attempts=0,
                                  reason=f"cannot read the case: {exc}", code="unreadable-case")
                    for kind in kinds for index in range(1, per_kind + 1)]
        return variants, failures
    # What every cousin keeps word for word (a quoted passage, a statement that asks more
    # than its types can say anew) is not what makes two prompts differ: one token each.
    # A statement of a constraint a kept one already states stays as it is too (said anew,
    # the constraint would be said twice).
    held = frozenset().union(*(unit.owners for unit in layout.units if unit.kept))
    kept = tuple(unit.text for unit in layout.units
                 if unit.kept or (unit.owners and unit.owners <= held)) \
        + _blocks(case.prompt)
    family = _Family(key=key, layout=layout, accepted=[case.prompt],
                     quoted=tuple(sorted(set(passages(case.prompt)) | set(kept), key=len,
                                         reverse=True)),
                     inherited=_inherited(variants[0]))
    family.stated = _stated(layout, family.inherited)
    for kind in kinds:
        made, missed = _cousins(run, family, kind, per_kind)
        variants += made
        failures += missed
    return variants, failures


# ---------------------------------------------------------------- every family


def seen_settings(cases: Iterable[Case]) -> dict[str, tuple[dict[str, Any], ...]]:
    """Every instruction id of the run with the distinct kwargs it has there, in order (a
    distractor that is another type takes a real setting from these)."""
    seen: dict[str, list[dict[str, Any]]] = {}
    for item in cases:
        for instruction_id, kwargs in zip(item.instruction_id_list, item.kwargs):
            if dict(kwargs or {}) not in seen.setdefault(instruction_id, []):
                seen[instruction_id].append(dict(kwargs or {}))
    return {instruction_id: tuple(found) for instruction_id, found in sorted(seen.items())}


def family_kinds(asked: Sequence[str]) -> list[Kind]:
    """The kinds asked for, in family order; ValueError for one that does not exist."""
    unknown = [kind for kind in asked if kind not in kinds.REGISTRY]
    if unknown:
        raise ValueError(f"unknown kinds {unknown}; choose from {', '.join(kinds.REGISTRY)}")
    return [kind for kind in kinds.REGISTRY if kind in asked]  # type: ignore[misc]  # registry keys are the Kind literals


def _in_threads(items: Sequence[tuple[Union[int, str], Case]], one: Callable[[Case], Any],
                backend: CousinBackend, progress: Optional[Callable[[int], None]]) -> list[Any]:
    """`one` of every case, `backend.workers` at once, in input order."""
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
    return [future.result() for future in futures]


def generate_families(cases: Iterable[Union[Case, Variant, dict[str, Any]]], *, seed: int = 0,
                      per_kind: int = 3, kinds: Sequence[Kind] = COUSIN_KINDS,
                      profile: Profile = "official",
                      min_distance: float = DEFAULT_MIN_DISTANCE,
                      max_attempts: int = DEFAULT_MAX_ATTEMPTS,
                      validator: Optional[Validator] = None,
                      progress: Optional[Callable[[int], None]] = None,
                      backend: CousinBackend = TEMPLATE_BACKEND,
                      distractor_style: str = "format", reconfigure: str = "harder",
                      only: Optional[Collection[str]] = None, jobs: int = 1) -> FamilyResult:
    """Grow every case into a family (library entry point; the CLI only adapts it).

    `cases` are IFEval cases (`Case`, an original `Variant`, or the raw dict);
    non-original variants are skipped. `progress`, if given, is called with 1
    after each case. `backend` proposes the candidates (default: templates); with
    `backend.workers` > 1 that many cases are worked on at once, and the result
    is still in input order. `only` (case keys): grow just those cases, with
    everything the others lend (tasks to borrow, settings seen) as in a whole run, so
    each family is the one the whole run makes. `jobs` > 1: a single-worker backend
    (the templates) grows the cases in that many forked processes (`processes`);
    the result is the same.
    """
    check_profile(profile)
    check_templates()
    kinds = family_kinds(kinds)
    items = [case_key(case) for case in cases
             if not (isinstance(case, Variant) and case.kind != "original")]
    if validator is None:
        validator, validator_name = load_validator(profile)
    else:
        validator_name = getattr(validator, "__name__", "custom")
    version = backend.version or generator_version()
    settings = seen_settings(item for _, item in items)
    if only is not None:
        wanted = {str(key) for key in only}
        items = [(key, item) for key, item in items if str(key) in wanted]
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

    if backend.workers <= 1 and processes.usable(jobs, len(items)):
        families = processes.in_processes([case for _, case in items], one, jobs, progress)
    elif backend.workers <= 1 or len(items) <= 1:
        families = []
        for _, case in items:
            families.append(one(case))
            if progress is not None:
                progress(1)
    else:
        families = _in_threads(items, one, backend, progress)
    for variants, failures in families:
        result.variants.extend(variants)
        result.failures.extend(failures)
    return result
