"""Read prompts to work on: IFEval originals, our family files, or IFEval++'s released records.

All three become `Variant` models keyed `case:kind:index`, so every later stage
joins on one kind of key.
"""

from __future__ import annotations

import os
from typing import Any, Iterable

from pydantic import ValidationError

from .errors import InputError
from .io import iter_json_lines, require_records, validation_error_to_input_error
from .schema import Case, Variant, family_key, parse_family_key


def variant_from_record(raw: dict[str, Any]) -> Variant:
    """One raw record (plain IFEval case, family line, IFEval++ line) as a Variant."""
    if "key" not in raw:
        raise ValueError("field 'key' is required")
    record = dict(raw)
    if "kind" in record and "case" in record:
        record.setdefault("index", 0)
        record["key"] = str(record["key"])
        return Variant.model_validate(record)
    case, kind, index = parse_family_key(record["key"])
    case_key: int | str = int(case) if case.isdigit() else case
    record.update(case=case_key, kind=kind, index=index,
                  key=family_key(case_key, kind, index))
    return Variant.model_validate(record)


def check_instruction_ids(variant: Variant) -> None:
    """Raise if an instruction id is unknown or its kwargs do not fit its Params."""
    from .constraints import parse_params  # late: constraints import schema

    for position, (instruction_id, kwargs) in enumerate(
            zip(variant.instruction_id_list, variant.kwargs)):
        try:
            parse_params(instruction_id, kwargs)
        except InputError as exc:
            field = ("instruction_id_list" if exc.field == "instruction_id"
                     else f"kwargs.{position}" + (f".{exc.field}" if exc.field else ""))
            raise InputError(exc.reason, field=field) from None


def load_variants(path: str | os.PathLike[str], *, check_params: bool = True) -> list[Variant]:
    """Every record of `path` as a Variant; duplicate keys, bad records and an empty file raise
    InputError."""
    variants: list[Variant] = []
    seen: dict[str, int] = {}
    for number, raw in iter_json_lines(path):
        try:
            variant = variant_from_record(raw)
        except ValidationError as exc:
            raise validation_error_to_input_error(exc, path=str(path), line=number) from None
        except ValueError as exc:
            raise InputError(str(exc), path=str(path), line=number, field="key") from None
        if check_params:
            try:
                check_instruction_ids(variant)
            except InputError as exc:
                raise InputError(exc.reason, path=str(path), line=number, field=exc.field) from None
        if variant.key in seen:
            raise InputError(f"duplicate key {variant.key!r} (first on line {seen[variant.key]})",
                             path=str(path), line=number, field="key")
        seen[variant.key] = number
        variants.append(variant)
    require_records(len(variants), path, "prompts")
    return variants


def as_case(variant: Variant) -> Case:
    return Case(key=variant.key, prompt=variant.prompt,
                instruction_id_list=list(variant.instruction_id_list), kwargs=list(variant.kwargs))


def originals(variants: Iterable[Variant]) -> list[Variant]:
    return [variant for variant in variants if variant.kind == "original"]
