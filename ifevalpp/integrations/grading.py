"""Grade one response into a small verdict record; aggregate records with `ifevalpp score`'s code.

A harness sees one document at a time when it grades and a flat list of per-document
values when it aggregates. The verdict record is that per-document value: the prompt's key,
its family's size per kind, and one strict and one loose verdict (0/1) per instruction —
JSON-ready, so lm-eval can log it and inspect can keep it in a score's metadata:

    {"key": "1000:rephrasing:2", "family": [1, 3, 3, 3], "strict": [1, 0], "loose": [1, 1]}

`family_metrics` turns a list of such records (several samples: `sample` set on each) into
the numbers `ifevalpp score` reports for the same verdicts, through the same `FamilyTable`
and ratio sums: the four IFEval metrics on originals and on every kind, reliable@k overall
and per kind. A family with fewer records than its size is left out of reliable@k, as a
family with a missing response is by `ifevalpp score --missing exclude`; every k counts the
same families, as in `score`.
"""

from __future__ import annotations

import dataclasses
import json
import logging
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, Optional

import numpy as np

from ..constraints import check_all
from ..profiles import Profile
from ..schema import KINDS, ScoredResponse, normalize_kwargs, parse_family_key

MODES: tuple[str, ...] = ("strict", "loose")
IFEVAL_NAMES: tuple[str, ...] = ("prompt_level_strict_acc", "inst_level_strict_acc",
                                 "prompt_level_loose_acc", "inst_level_loose_acc")
# lm-eval's metric names -> the level and mode of ifevalpp's IFEval metric ids
_LEVEL = {"prompt_level": "prompt", "inst_level": "instruction"}
DEFAULT_K = 10


def verdicts(instruction_ids: Sequence[str],
             kwargs: Sequence[Optional[Mapping[str, Any]]] | str,
             response: Any, *, prompt: str, profile: Profile = "official"
             ) -> tuple[list[bool], list[bool]]:
    """Strict and loose verdicts per instruction, as `ifevalpp score` gives them.

    A response that is not text (a harness that got no answer) fails every instruction."""
    if not isinstance(response, str):
        return [False] * len(instruction_ids), [False] * len(instruction_ids)
    if isinstance(kwargs, str):  # JSON text (a harness column that holds any kwargs)
        kwargs = json.loads(kwargs)
    cleaned = [normalize_kwargs(dict(item)) if item is not None else {} for item in kwargs]
    return check_all(list(instruction_ids), cleaned, response, prompt=prompt, profile=profile)


def verdict_record(key: str, family: Sequence[int], strict: Sequence[bool],
                   loose: Sequence[bool], *, sample: Optional[int] = None) -> dict[str, Any]:
    """The per-document value every family-level aggregation reads."""
    record: dict[str, Any] = {"key": key, "family": [int(size) for size in family],
                              "strict": [int(bool(value)) for value in strict],
                              "loose": [int(bool(value)) for value in loose]}
    if sample is not None:
        record["sample"] = int(sample)
    return record


def grade(row: Mapping[str, Any], response: Any, *, profile: Profile = "official",
          sample: Optional[int] = None) -> dict[str, Any]:
    """One prompt row (key, prompt, instruction_id_list, kwargs, family) graded on a response."""
    strict, loose = verdicts(row["instruction_id_list"], row["kwargs"], response,
                             prompt=row["prompt"], profile=profile)
    family = row.get("family") or [1, 0, 0, 0]
    return verdict_record(str(row["key"]), family, strict, loose, sample=sample)


def metric_name(metric_id: str) -> Optional[str]:
    """The harness name of one of ifevalpp's metric ids (None for ids not exposed).

    prompts/all/prompt_strict -> prompt_level_strict_acc; prompts/<kind>/… adds `_<kind>`;
    reliable/strict/10 -> reliable_at_10_strict; by_kind/<kind>/strict/4 ->
    reliable_at_4_strict_<kind>; ifeval/<…> (originals) -> the plain IFEval name."""
    parts = metric_id.split("/")
    if parts[0] in ("ifeval", "prompts"):
        level, mode = parts[-1].split("_")
        name = f"{'prompt' if level == 'prompt' else 'inst'}_level_{mode}_acc"
        if parts[0] == "prompts" and parts[1] != "all":
            name += f"_{parts[1]}"
        return name
    if parts[0] == "reliable":
        return f"reliable_at_{parts[2]}_{parts[1]}"
    if parts[0] == "by_kind" and parts[3] != "1":  # by kind, @1 is the original: reliable@1
        return f"reliable_at_{parts[3]}_{parts[2]}_{parts[1]}"
    return None


_SAID_UNDEFINED: set[str] = set()


def say_undefined(name: str, records: Sequence[Mapping[str, Any]], *, how: str) -> None:
    """Log once, in one line, why a family-level number is NaN: no family of the size it
    needs was asked whole (a harness's --limit, or `cases` that cut a family). `how`: the
    harness's way to ask whole families."""
    if name in _SAID_UNDEFINED:
        return
    _SAID_UNDEFINED.add(name)
    families = len({str(record.get("key", "")).split(":")[0] for record in records})
    logging.getLogger("ifevalpp").warning(
        "%s is not defined (NaN): none of the %d families asked has every prompt it needs "
        "(a --limit, or cases, cut them); ask whole families: %s", name, families, how)


def family_metric_names(k: int = DEFAULT_K, *, kind_k: int = 4) -> list[str]:
    """Every name `family_metrics` reports for complete default-sized families, in order:
    the four IFEval metrics over all prompts, reliable@1…k (strict, loose), the four
    metrics per kind, reliable@2…kind_k per cousin kind."""
    names = list(IFEVAL_NAMES)
    names += [f"reliable_at_{j}_{mode}" for mode in MODES for j in range(1, k + 1)]
    names += [f"{name}_{kind}" for kind in KINDS for name in IFEVAL_NAMES]
    names += [f"reliable_at_{j}_{mode}_{kind}" for kind in KINDS[1:] for mode in MODES
              for j in range(2, kind_k + 1)]
    return names


def _fingerprint(records: Sequence[Mapping[str, Any]]) -> tuple:
    return tuple((str(record["key"]), int(record.get("sample") or 0),
                  tuple(record["family"]), tuple(record["strict"]), tuple(record["loose"]))
                 for record in records)


def family_metrics(records: Sequence[Mapping[str, Any]], *, k: int = DEFAULT_K,
                   originals: bool = False) -> dict[str, float]:
    """Harness-named numbers from verdict records, equal to `ifevalpp score --k K`'s.

    `originals`: name the IFEval metrics on originals with the plain names (the
    `ifevalpp_ifeval` task); otherwise the plain names are the metrics over all prompts.
    Undefined numbers (no family large enough for that k) are NaN.
    """
    return dict(_family_metrics(_fingerprint(records), k, originals))


@lru_cache(maxsize=8)
def _family_metrics(fingerprint: tuple, k: int, originals: bool) -> tuple[tuple[str, float], ...]:
    # One lm-eval run asks this for each of its metrics over the same records: computed once.
    from ..evaluate.catalogue import build_sums, largest_k
    from ..evaluate.reliability import family_table

    declared: dict[str, list[int]] = {}
    scored = []
    for key, sample, family, strict, loose in fingerprint:
        case, kind, index = parse_family_key(key)
        case_id: int | str = int(case) if case.isdigit() else case  # as family_table keys it
        declared.setdefault(str(case_id), list(family))
        # Instruction types enter no harness number: one placeholder type for every verdict.
        scored.append(ScoredResponse.model_construct(
            key=key, prompt="", instruction_id_list=["?"] * len(strict),
            strict=[bool(value) for value in strict], loose=[bool(value) for value in loose],
            follow_all_strict=all(strict), follow_all_loose=all(loose), profile="official",
            case=case_id, kind=kind, index=index, sample=sample,
            distractor=None))
    table = family_table(scored)
    # The family's size in the file, not the records seen: a family cut short is left out.
    sizes = np.array([declared[str(case)] for case in table.cases], dtype=np.int64)
    sizes = np.maximum(sizes, table.sizes)
    table = dataclasses.replace(table, sizes=sizes)
    k_max = largest_k(table, k)
    sums, _ = build_sums(table, k_max)
    values = dict(zip(sums.all_ids, sums.estimate()))
    out: dict[str, float] = {}
    for metric_id, value in values.items():
        if originals and metric_id.startswith("prompts/"):
            continue
        if not originals and metric_id.startswith("ifeval/"):
            continue
        name = metric_name(metric_id)
        if name is not None:
            out[name] = float(value)
    if not originals:  # reliable@k past the largest family: undefined, said as NaN
        for mode in MODES:
            for j in range(1, k + 1):
                out.setdefault(f"reliable_at_{j}_{mode}", float("nan"))
    return tuple(out.items())


__all__ = ["DEFAULT_K", "IFEVAL_NAMES", "MODES", "family_metric_names", "family_metrics",
           "grade", "metric_name", "verdict_record", "verdicts"]
