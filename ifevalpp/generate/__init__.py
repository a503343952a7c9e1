"""Offline generators: grow each IFEval case into a family of ten validated prompts.

    generate_families(cases, *, seed=0, per_kind=3, kinds=COUSIN_KINDS,
                      profile="official") -> FamilyResult

Everything is deterministic for a given seed and template set, uses no network,
and renders wording from the grammars and tables under `templates/`. The same
assembly takes candidates from a model instead with `ifevalpp.generate.llm`
(`generate_families_llm`, `--backend openai`).
"""

from __future__ import annotations

from .backend import TEMPLATE_BACKEND, CousinBackend
from .family import CousinFailure, FamilyResult, generate_families, generate_family
from .records import Candidate, CousinRequest, Rejection, StopCousin
from .validation import load_validator
from .versions import derive_seed, generator_version

__all__ = ["TEMPLATE_BACKEND", "Candidate", "CousinBackend", "CousinFailure", "CousinRequest",
           "FamilyResult", "Rejection", "StopCousin", "derive_seed", "generate_families",
           "generate_family", "generator_version", "load_validator"]
