"""The manifest written beside a family file: what was made, from what, and what fell short."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Iterable, Optional

from ..schema import Variant
from .family import FamilyResult


def family_manifest(result: FamilyResult, *, input_path: Path, input_sha256: str,
                    output_path: Path, output_sha256: str, revision: Optional[str] = None,
                    profile_choice: Optional[dict[str, Any]] = None) -> dict[str, Any]:
    """Counts, coverage, the input (revision name when it is a fetched one, path, sha256),
    seed, version and profile with why it was chosen (no timestamps, so the same run gives
    the same bytes)."""
    complete = result.complete_cases()
    return {
        "backend": result.backend,
        "version": result.version,
        "seed": result.seed,
        "profile": result.profile,
        "profile_choice": profile_choice,
        "per_kind": result.per_kind,
        "kinds": list(result.kinds),
        "validator": result.validator,
        "input": {"revision": revision, "path": str(input_path), "sha256": input_sha256,
                  "cases": len(result.cases)},
        "output": {"path": str(output_path), "sha256": output_sha256,
                   "lines": len(result.variants)},
        "counts": result.counts(),
        "coverage": {"complete_cases": len(complete), "cases": len(result.cases),
                     "fraction": round(result.coverage(), 4)},
        "shortfall": result.failures_by_case(),
        "kinds_made": kinds_made(result),
    }


def kinds_made(result: FamilyResult) -> dict[str, Any]:
    """Per cousin kind, what was produced: where each cousin's task came from, the distractor
    style and the requirements used, the direction of every reconfigured value (overall and
    per instruction type), and the diversity of the sentences the kind added
    (generate/diversity.py)."""
    from .diversity import family_diversity

    originals = {str(v.case): v.prompt for v in result.variants if v.kind == "original"}
    figures = family_diversity(result.variants, originals)
    made: dict[str, Any] = {}
    for kind in result.kinds:
        cousins = [v for v in result.variants if v.kind == kind]
        entry: dict[str, Any] = {"task_source": _counts(task_source(v) for v in cousins)}
        if kind == "distractor":
            entry["distractor_style"] = result.distractor_style
            entry["styles"] = _counts(v.generator.detail.get("style", "context") for v in cousins)
            # The model backend names the source ("free": a request of the model's own).
            entry["distractor"] = _counts(
                (v.generator.detail.get("source") or
                 ("instruction" if (v.distractor or {}).get("instruction_id") else "catalogue"))
                if v.distractor else "context" for v in cousins)
            entry["requirement_types"] = _counts(
                v.distractor["instruction_id"] for v in cousins
                if v.distractor and "instruction_id" in v.distractor)
        if kind == "reconfiguration":
            entry["reconfigure"] = result.reconfigure
            entry["strategy"] = _counts(v.generator.detail.get("strategy", "?") for v in cousins)
            entry["directions"] = _counts(
                direction for v in cousins
                for direction in v.generator.detail.get("directions", {}).values())
            by_type: dict[str, Counter] = {}
            for v in cousins:
                for instruction_id, direction in v.generator.detail.get("directions", {}).items():
                    by_type.setdefault(instruction_id, Counter())[direction] += 1
            entry["directions_by_type"] = {instruction_id: dict(sorted(counts.items()))
                                           for instruction_id, counts in sorted(by_type.items())}
        if kind in figures:
            entry["diversity"] = figures[kind].model_dump()
        made[kind] = entry
    return made


# Where a cousin's task sentence came from, in the words the manifest uses.
TASK_KEPT, TASK_REWRITTEN, TASK_NEW = "kept", "rewritten", "new from the task grammar"
TASK_MODEL = "new from the model"
# The model backend's name in GeneratorInfo.backend (generate/llm.py takes it from here, so
# this module need not import openai).
LLM_BACKEND = "openai"


def task_source(variant: Variant) -> str:
    """A new task from the task grammar or the model, the original task reworded (a model's
    rephrasing rewrites the whole prompt), or kept as it was."""
    detail = variant.generator.detail
    if detail.get("task_source") == "grammar":
        return TASK_NEW
    if detail.get("task_source") == "model":
        return TASK_MODEL
    if variant.generator.backend == LLM_BACKEND and variant.kind == "rephrasing":
        return TASK_REWRITTEN
    wording = detail.get("task_wording")
    return TASK_REWRITTEN if wording not in (None, "unchanged") else TASK_KEPT


def _counts(values: Iterable[str]) -> dict[str, int]:
    return dict(sorted(Counter(values).items()))
