"""The manifest written beside a family file: what was made, from what, and what fell short."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .family import FamilyResult


def family_manifest(result: FamilyResult, *, input_path: Path, input_sha256: str,
                    output_path: Path, output_sha256: str) -> dict[str, Any]:
    """Counts, coverage, the input's sha256, seed, version and profile (no timestamps, so
    the same run gives the same bytes)."""
    complete = result.complete_cases()
    return {
        "backend": result.backend,
        "version": result.version,
        "seed": result.seed,
        "profile": result.profile,
        "per_kind": result.per_kind,
        "kinds": list(result.kinds),
        "validator": result.validator,
        "input": {"path": str(input_path), "sha256": input_sha256, "cases": len(result.cases)},
        "output": {"path": str(output_path), "sha256": output_sha256,
                   "lines": len(result.variants)},
        "counts": result.counts(),
        "coverage": {"complete_cases": len(complete), "cases": len(result.cases),
                     "fraction": round(result.coverage(), 4)},
        "shortfall": result.failures_by_case(),
        "kinds_made": kinds_made(result),
    }


def kinds_made(result: FamilyResult) -> dict[str, Any]:
    """Per cousin kind, what was produced: the distractor style and the requirements used,
    the direction of every reconfigured value, where new tasks came from, and the diversity
    of the sentences the kind added (generate/diversity.py)."""
    from collections import Counter

    from .diversity import family_diversity

    originals = {str(v.case): v.prompt for v in result.variants if v.kind == "original"}
    figures = family_diversity(result.variants, originals)
    made: dict[str, Any] = {}
    for kind in result.kinds:
        cousins = [v for v in result.variants if v.kind == kind]
        entry: dict[str, Any] = {}
        if kind == "distractor":
            entry["distractor_style"] = result.distractor_style
            entry["styles"] = dict(sorted(Counter(
                v.generator.detail.get("style", "context") for v in cousins).items()))
            # The model backend names the source ("free": a request of the model's own).
            entry["distractor"] = dict(sorted(Counter(
                (v.generator.detail.get("source") or
                 ("instruction" if (v.distractor or {}).get("instruction_id") else "catalogue"))
                if v.distractor else "context" for v in cousins).items()))
        if kind == "reconfiguration":
            entry["reconfigure"] = result.reconfigure
            entry["strategy"] = dict(sorted(Counter(
                v.generator.detail.get("strategy", "?") for v in cousins).items()))
            entry["task_source"] = dict(sorted(Counter(
                v.generator.detail.get("task_source", "original task") for v in cousins).items()))
            entry["directions"] = dict(sorted(Counter(
                direction for v in cousins
                for direction in v.generator.detail.get("directions", {}).values()).items()))
        if kind in figures:
            entry["diversity"] = figures[kind].model_dump()
        made[kind] = entry
    return made
