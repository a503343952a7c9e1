"""The manifest written beside a family file: what was made, from what, and what fell short."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

from ..schema import Variant
from . import kinds
from .family import FamilyResult
from .kinds.contract import TASK_KEPT, TASK_MODEL, TASK_NEW, TASK_REWRITTEN, counts
from .records import MODEL_BACKEND as LLM_BACKEND

__all__ = ["LLM_BACKEND", "TASK_KEPT", "TASK_MODEL", "TASK_NEW", "TASK_REWRITTEN",
           "family_manifest", "kinds_made", "task_source"]


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
        "marks": marks(result),
    }


def marks(result: FamilyResult, top: int = 10) -> dict[str, Any]:
    """The framing words a reader spots when they recur across prompts (generate/fairness.py
    `lead_ins`: "Before you send it, …", "Quick question: …"): how many sentences cousins
    added open with one, how many distinct ones, and the most used with their counts."""
    from collections import Counter

    from .fairness import lead_ins
    from .prompt.slips import mended

    # A sentence of the original, its slips mended, is the user's, not a lead-in of ours.
    originals = {str(v.case): v.prompt + "\n" + mended(v.prompt, v.instruction_id_list,
                                                         v.kwargs, v.prompt)
                 for v in result.variants if v.kind == "original"}
    found: Counter[str] = Counter()
    for variant in result.variants:
        if variant.kind != "original":
            found.update(lead_ins(variant.prompt, originals.get(str(variant.case), "")))
    return {"lead_ins": sum(found.values()), "distinct": len(found),
            "most_used": dict(found.most_common(top))}


def kinds_made(result: FamilyResult) -> dict[str, Any]:
    """Per cousin kind, what was produced: where each cousin's task came from, what the kind
    itself reports (`CousinKind.manifest_entry`: the distractor style and requirements used,
    the direction of every reconfigured value, …), and the diversity of the sentences the
    kind added (generate/diversity.py)."""
    from .diversity import family_diversity

    originals = {str(v.case): v.prompt for v in result.variants if v.kind == "original"}
    figures = family_diversity(result.variants, originals)
    made: dict[str, Any] = {}
    for name in result.kinds:
        kind = kinds.get(name)
        cousins = [v for v in result.variants if v.kind == name]
        entry: dict[str, Any] = {"task_source": counts(kind.task_source(v) for v in cousins)}
        entry.update(kind.manifest_entry(cousins, result))
        if name in figures:
            entry["diversity"] = figures[name].model_dump()
        made[name] = entry
    return made


def task_source(variant: Variant) -> str:
    """Where a variant's task sentence came from (its kind's `task_source`; an original's is
    kept)."""
    kind = kinds.REGISTRY.get(variant.kind)
    return kind.task_source(variant) if kind is not None else TASK_KEPT
