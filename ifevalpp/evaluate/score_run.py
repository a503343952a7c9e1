"""`score`: a response file against its case or family file (plain IFEval cases or families),
the library behind `ifevalpp score`.

    from ifevalpp.evaluate import score
    report = score("runs/x/responses.jsonl", "data/families/families.jsonl", k=10)
"""

from __future__ import annotations

import os
from typing import Callable, Optional

from ..io import sha256_file
from ..profiles import Profile
from ..protocols import DEFAULT_PROTOCOL, Protocol, resolve_protocol
from .analysis import analyse
from .bootstrap import DEFAULT_CONFIDENCE, DEFAULT_RESAMPLES, DEFAULT_SEED
from .plain import score_files_under
from .report_model import ReliabilityReport


def score(responses: str | os.PathLike[str],
          cases: Optional[str | os.PathLike[str]] = None, *,
          protocol: Optional[str | Protocol] = None, profile: Optional[Profile] = None,
          estimator: Optional[str] = None, missing: Optional[str] = None,
          k: Optional[int] = None, bootstrap: int = DEFAULT_RESAMPLES,
          confidence: float = DEFAULT_CONFIDENCE, seed: Optional[int] = DEFAULT_SEED,
          require_all: bool = False, allow_unmatched: bool = False,
          workers: Optional[int] = None,
          progress: Optional[Callable[[int, int], None]] = None) -> ReliabilityReport:
    """Score `responses` against a case or family file; IFEval metrics, reliable@k, CIs.

    `cases`: a path, or a revision fetched by `ifevalpp fetch`; default: the prompt file
    the respond manifest beside `responses` names, else `github` (as the CLI).
    `protocol`: a protocol name (official, revised, ifevalpp-paper) or a `Protocol`
    (default: official); `profile`, `estimator`, `missing` override one of its parts.
    Prompts without a usable response are refused (InputError) unless `missing` is given
    or a `protocol` is named (its policy applies); responses that match no prompt are
    refused unless `allow_unmatched`. `k`: the largest k of reliable@k (default: the
    family size; larger is refused). `confidence`: the CI level; `bootstrap` and `seed`:
    the resampling of paired differences (`compare`, `--protocols`); `progress(done,
    total)` follows the scoring.
    """
    chosen = _protocol(protocol if protocol is not None else DEFAULT_PROTOCOL, profile=profile,
                       estimator=estimator, missing=missing)
    base = score_files_under(responses, cases, profiles=[chosen.profile], missing=chosen.missing,
                             require_policy=protocol is None and missing is None,
                             require_all=require_all, allow_unmatched=allow_unmatched,
                             workers=workers, progress=progress, k=k)[0]
    report = analyse(base, k=k, bootstrap=bootstrap, confidence=confidence, seed=seed,
                     protocol=chosen)
    report.responses_sha256 = sha256_file(responses)
    return report


def _protocol(protocol: str | Protocol, **overrides: Optional[str]) -> Protocol:
    if isinstance(protocol, Protocol):
        if any(value is not None for value in overrides.values()):
            return resolve_protocol(protocol.name, **{
                part: overrides.get(part) or getattr(protocol, part)
                for part in ("profile", "estimator", "missing")})
        return protocol
    return resolve_protocol(protocol, **overrides)


__all__ = ["score"]
