"""LLM-backed cousins: a model behind any OpenAI-compatible endpoint writes the candidates.

    from ifevalpp.generate.llm import LLMSettings, generate_families_llm
    result = generate_families_llm(cases, LLMSettings(
        model="m", base_urls=["http://localhost:8000/v1"], cache_dir="data/families/.cache"))

    backend.py    the backend: requests, concurrency, cache, settling prompts two families made
    cache.py      answers cached by content hash
    plan.py       what one attempt asks for (`ModelPlan`), earlier siblings (`Sibling`)
    messages.py   the messages of one attempt (templates/llm/<kind>.j2)
    answers.py    how an answer is read: JSON, kwargs, the promise of the kinds that keep them
    checks.py     the proofs a model's cousin must pass (distractors, harder values, uniqueness)

What each kind asks of the model and how it reads the answer lives with the kind
(generate/kinds/). The backend's names load on first use, so the kinds can read
`plan` and `answers` without importing the network client.
"""

from __future__ import annotations

from typing import Any

_BACKEND_NAMES = ("BACKEND_NAME", "LLMBackend", "LLMFamilyResult", "LLMSettings", "LLMStats",
                  "generate_families_llm", "llm_manifest", "llm_version")


def __getattr__(name: str) -> Any:
    if name in _BACKEND_NAMES:
        from . import backend

        return getattr(backend, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = list(_BACKEND_NAMES)
