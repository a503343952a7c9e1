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
    }
