"""The rewriter's lexicon (templates/phrases/rewrite.json): verbs, synonyms."""

from __future__ import annotations

import functools
from typing import Any

from ...constraints.support.wording import load_json


@functools.lru_cache(maxsize=1)
def lexicon() -> dict[str, Any]:
    """The table, loaded once: known verbs, verbs of making, synonyms, and words
    precise enough that no synonym is offered in their phrase."""
    table = load_json("phrases/rewrite.json")
    return {
        "verbs": frozenset(table["verbs"]),
        "making": tuple(sorted(table["making"], key=len, reverse=True)),
        "verb_synonyms": table["verb_synonyms"],
        "nominal_verbs": table["nominal_verbs"],
        "nouns": table["noun_synonyms"],
        "adjectives": table["adjective_synonyms"],
        "precise": frozenset(table["precise"]),
        "not_composed": frozenset(table["not_composed"]),
    }
