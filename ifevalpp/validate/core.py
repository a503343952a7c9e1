"""`validate_case`: every check on one case; `validate_records`: a whole file, with a summary.

A case may come as a `Case`, a `Variant` or a raw dict straight from a JSONL
line; a raw record's structural problems become SCHEMA_* findings instead of
exceptions, so one bad line never hides the others.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from typing import Any, Callable, Iterable, Mapping, Optional, Union

from pydantic import BaseModel, ValidationError

from .. import constraints
from ..constraints.registry import REGISTRY, is_known
from ..constraints.support.case import CaseContext, Item
from ..constraints.support.phrases import Span
from ..constraints.support.statements import Statement
from ..io import iter_text_lines, parse_json_line, require_records
from ..profiles import Profile, check_profile
from ..progress import step_counter
from ..schema import Case
from .conflicts import conflicts
from .findings import Finding, make_finding
from .reflect import reflect
from .unstored import typos, unstored
from .witness import build_witness

CaseLike = Union[Case, Mapping[str, Any]]

_OFFICIAL_RELATIONS = frozenset({"less than", "at least"})
_RELATION_FIELDS = ("relation", "let_relation", "capital_relation")


def statements(instruction_id: str, prompt: str, params: Any) -> list[Statement]:
    """Everything the prompt states about one constraint (its type's finder)."""
    return constraints.get(instruction_id).statements(prompt, params)


def locate(instruction_id: str, prompt: str, params: Any) -> list[Span]:
    """The distinct spans (sorted) where the prompt states the constraint."""
    return constraints.get(instruction_id).locate(prompt, params)


def validate_case(case: CaseLike, profile: Profile = "official", *,
                  witness: bool = True) -> list[Finding]:
    """Every finding for one case: schema, reflection, coherence, and (optionally) the witness."""
    check_profile(profile)
    findings: list[Finding] = []
    parsed = _read(case, findings)
    if parsed is None:
        return findings
    key, prompt, ids, kwargs_list = parsed
    items, clean = _parse_items(key, ids, kwargs_list, profile, findings)
    context = CaseContext(key=key, prompt=prompt, items=items, profile=profile)
    findings += reflect(context)
    findings += unstored(context)
    findings += typos(context)
    coherence = conflicts(context)
    findings += coherence
    unavailable = any(constraints.get(item.instruction_id).unavailable() for item in items)
    if witness and clean and items and not coherence and not unavailable:
        if build_witness(context) is None:
            findings.append(make_finding(
                key, None, "AMBIGUOUS_NO_WITNESS",
                "no response passing all of " +
                ", ".join(dict.fromkeys(item.instruction_id for item in items)) +
                " could be built, though no conflict rule applies; the conflict table may be "
                "missing an entry"))
    return findings


def _read(case: CaseLike, findings: list[Finding]) -> Optional[
        tuple[Any, str, list[str], list[dict[str, Any]]]]:
    if isinstance(case, Case):
        return case.key, case.prompt, list(case.instruction_id_list), [dict(kw) for kw in
                                                                        case.kwargs]
    if not isinstance(case, Mapping):
        findings.append(make_finding(None, None, "SCHEMA_RECORD",
                                     f"record: expected a JSON object, got {type(case).__name__}"))
        return None
    key = case.get("key")
    problems = []
    if key is None:
        problems.append("'key' is missing")
    prompt = case.get("prompt")
    if not isinstance(prompt, str) or not prompt.strip():
        problems.append("'prompt' is missing or not a non-empty string")
    ids = case.get("instruction_id_list")
    if not isinstance(ids, list) or not all(isinstance(value, str) for value in ids):
        problems.append("'instruction_id_list' is missing or not a list of strings")
    kwargs_list = case.get("kwargs")
    if kwargs_list is None and isinstance(ids, list):
        problems.append("'kwargs' is missing")
    elif kwargs_list is not None and not isinstance(kwargs_list, list):
        problems.append("'kwargs' is not a list")
    if problems:
        findings.append(make_finding(key, None, "SCHEMA_RECORD", "record: " + "; ".join(problems)))
        return None
    ids_list: list[str] = list(ids)  # type: ignore[arg-type]  # the problems checked above return unless ids is a list
    kwargs_values: list[Any] = list(kwargs_list)  # type: ignore[arg-type]  # the problems checked above return unless kwargs is a list
    if len(ids_list) != len(kwargs_values):
        findings.append(make_finding(
            key, None, "SCHEMA_MISALIGNED",
            f"instruction_id_list has {len(ids_list)} entries but kwargs has "
            f"{len(kwargs_values)}; expected one kwargs object per instruction"))
        return None
    cleaned = []
    for position, (instruction_id, kwargs) in enumerate(zip(ids_list, kwargs_values)):
        if kwargs is None:
            kwargs = {}
        if not isinstance(kwargs, dict):
            findings.append(make_finding(
                key, instruction_id, "SCHEMA_INVALID_KWARG",
                f"kwargs[{position}]: expected an object, got {type(kwargs).__name__}"))
            kwargs = None
        cleaned.append(kwargs)
    return key, str(prompt), ids_list, cleaned


def _parse_items(key: Any, ids: list[str], kwargs_list: list[Optional[dict[str, Any]]],
                 profile: Profile, findings: list[Finding]) -> tuple[list[Item], bool]:
    items: list[Item] = []
    clean = True
    seen: dict[tuple[str, Any], int] = {}
    for position, (instruction_id, raw) in enumerate(zip(ids, kwargs_list)):
        if raw is None:
            clean = False
            continue
        if not is_known(instruction_id):
            clean = False
            findings.append(make_finding(
                key, instruction_id, "SCHEMA_UNKNOWN_ID",
                f"instruction_id_list[{position}]: {instruction_id!r} is not one of the "
                f"{len(REGISTRY)} known instruction ids (nor a type of another suite)"))
            continue
        kwargs = {name: value for name, value in raw.items() if value is not None}
        params = _params(key, position, instruction_id, kwargs, profile, findings)
        if params is None:
            clean = False
            continue
        fingerprint = (instruction_id, repr(sorted(params.model_dump().items())))
        if fingerprint in seen:
            findings.append(make_finding(
                key, instruction_id, "SCHEMA_DUPLICATE_INSTRUCTION",
                f"instruction_id_list[{position}]: {instruction_id} with the same kwargs as "
                f"position {seen[fingerprint]}"))
            continue
        seen[fingerprint] = position
        items.append(Item(position=position, instruction_id=instruction_id, params=params))
    return items, clean


def _params(key: Any, position: int, instruction_id: str, kwargs: dict[str, Any],
            profile: Profile, findings: list[Finding]) -> Any:
    model = constraints.get(instruction_id).Params
    try:
        params = model.model_validate(kwargs)
    except ValidationError as exc:
        for error in exc.errors():
            field = ".".join(str(part) for part in error.get("loc", ())) or "kwargs"
            kind = error.get("type", "")
            if kind == "missing":
                code, what = "SCHEMA_MISSING_KWARG", f"{field!r} is required"
            elif kind == "extra_forbidden":
                code, what = "SCHEMA_UNKNOWN_KWARG", f"{field!r} is not a parameter of this type"
            else:
                code = "SCHEMA_INVALID_KWARG"
                what = f"{field!r} = {error.get('input')!r}: {error.get('msg')}"
            findings.append(make_finding(
                key, instruction_id, code, f"kwargs[{position}] of {instruction_id}: {what}; "
                f"expected fields: {', '.join(model.model_fields) or 'none'}"))
        return None
    for field in _RELATION_FIELDS:
        relation = getattr(params, field, None)
        if relation is not None and relation not in _OFFICIAL_RELATIONS and profile == "official":
            findings.append(make_finding(
                key, instruction_id, "SCHEMA_PROFILE_RELATION",
                f"kwargs[{position}] of {instruction_id}: {field} = {relation!r} is checked only "
                f"by the 'revised' profile; the official checker accepts 'less than' and "
                f"'at least'"))
            return None
    constraint = constraints.get(instruction_id)
    regex_fields = constraint.regex_fields + (
        constraint.official_regex_fields if profile == "official" else ())
    for field in regex_fields:
        values = getattr(params, field)
        for value in values if isinstance(values, list) else [values]:
            try:
                re.compile(value.lower())
            except re.error as exc:
                findings.append(make_finding(
                    key, instruction_id, "SCHEMA_INVALID_KWARG",
                    f"kwargs[{position}] of {instruction_id}: {field} = {value!r} is not a valid "
                    f"regular expression ({exc}), and the checker uses it as one"))
                return None
    return params


# ----------------------------------------------------------------------------- many cases


class ValidationReport(BaseModel):
    """Findings for a set of cases, with what a summary needs."""

    profile: str
    cases: int
    keys: list[Any]
    findings: list[Finding]

    def cases_with(self, severity: str, *, code: Optional[str] = None,
                   instruction_id: Optional[str] = None) -> int:
        keys = {str(finding.key) for finding in self.findings
                if finding.severity == severity and (code is None or finding.code == code)
                and (instruction_id is None or finding.instruction_id == instruction_id)}
        return len(keys)

    def by_code(self) -> list[tuple[str, str, int, int]]:
        """(code, severity, cases, findings) for every code found, most frequent first."""
        counts = Counter(finding.code for finding in self.findings)
        rows = []
        for code, total in counts.items():
            severity = next(finding.severity for finding in self.findings if finding.code == code)
            cases = len({str(finding.key) for finding in self.findings if finding.code == code})
            rows.append((code, severity, cases, total))
        return sorted(rows, key=lambda row: (row[1] != "error", -row[2], row[0]))

    def by_instruction(self) -> list[tuple[str, int, int]]:
        """(instruction id, cases with an error on it, cases with a warning on it)."""
        ids = sorted({finding.instruction_id or "(record)" for finding in self.findings})
        rows = []
        for instruction_id in ids:
            selected = [finding for finding in self.findings
                        if (finding.instruction_id or "(record)") == instruction_id]
            errors = len({str(finding.key) for finding in selected if finding.severity == "error"})
            warnings = len({str(finding.key) for finding in selected
                            if finding.severity == "warning"})
            rows.append((instruction_id, errors, warnings))
        return sorted(rows, key=lambda row: (-row[1], -row[2], row[0]))


def validate_records(records: Iterable[Any], profile: Profile = "official", *,
                     witness: bool = True,
                     progress: Optional[Callable[[int], None]] = None) -> ValidationReport:
    """Validate raw records (or Cases) in order; repeated keys become SCHEMA_DUPLICATE_KEY.

    `progress(1)` is called after each record."""
    findings: list[Finding] = []
    keys: list[Any] = []
    seen: set[str] = set()
    for record in records:
        key = record.key if isinstance(record, Case) else (
            record.get("key") if isinstance(record, Mapping) else None)
        keys.append(key)
        if key is not None:
            if str(key) in seen:
                findings.append(make_finding(key, None, "SCHEMA_DUPLICATE_KEY",
                                             f"key {key!r} was already used by an earlier record"))
            seen.add(str(key))
        findings += validate_case(record, profile, witness=witness)
        if progress is not None:
            progress(1)
    return ValidationReport(profile=profile, cases=len(keys), keys=keys, findings=findings)


def read_records(path: Union[str, os.PathLike[str]]) -> list[tuple[int, Any]]:
    """(line number, parsed JSON value) for each non-blank line; unreadable input raises
    InputError. Values that are not objects are kept: they become SCHEMA_RECORD findings."""
    shown = str(path)
    return [(number, parse_json_line(text, path=shown, line=number))
            for number, text in iter_text_lines(path)]


def validate_file(path: Union[str, os.PathLike[str]], profile: Profile = "official", *,
                  witness: bool = True,
                  progress: Optional[Callable[[int, int], None]] = None) -> ValidationReport:
    """Validate every record of a JSONL file of originals or family variants; an empty file is
    an InputError. `progress(done, total)` is called after each record."""
    numbered = read_records(path)
    require_records(len(numbered), path, "cases")
    report = validate_records([record for _, record in numbered], profile, witness=witness,
                              progress=step_counter(len(numbered), progress))
    lines = {index: number for index, (number, _) in enumerate(numbered)}
    findings = []
    for finding in report.findings:
        if finding.key is None and finding.code == "SCHEMA_RECORD":
            index = next((position for position, (_, record) in enumerate(numbered)
                          if report.keys[position] is None and
                          f"line {lines[position]}" not in {str(f.key) for f in findings}),
                         None)
            if index is not None:
                finding = finding.model_copy(update={"key": f"line {lines[index]}"})
        findings.append(finding)
    return report.model_copy(update={"findings": findings})
