"""Offline generators: grow each IFEval case into a family of ten validated prompts.

    generate_families(cases, *, seed=0, per_kind=3, kinds=COUSIN_KINDS,
                      profile="official") -> FamilyResult

Everything is deterministic for a given seed and template set, uses no network,
and renders wording from the jinja2 templates under `templates/`. The same
assembly takes candidates from a model instead with `ifevalpp.generate.llm`
(`generate_families_llm`, `--backend openai`).
"""

from __future__ import annotations

from .family import (TEMPLATE_BACKEND, CousinBackend, CousinFailure, CousinRequest,
                     FamilyResult, StopCousin, derive_seed, generate_families, generate_family,
                     generator_version, load_validator)

__all__ = ["TEMPLATE_BACKEND", "CousinBackend", "CousinFailure", "CousinRequest",
           "FamilyResult", "StopCousin", "derive_seed", "generate_families", "generate_family",
           "generator_version", "load_validator"]
