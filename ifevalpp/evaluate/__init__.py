"""Scoring: per-response verdicts first, aggregation second.

`score(responses, cases, ...)` is the library behind `ifevalpp score`; it is
imported on first use so that `import ifevalpp.evaluate.scoring` stays light.
"""

from __future__ import annotations

from typing import Any

__all__ = ["score", "compare_runs"]


def __getattr__(name: str) -> Any:
    if name == "score":
        from .score_run import score
        return score
    if name == "compare_runs":
        from .compare import compare_runs
        return compare_runs
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
