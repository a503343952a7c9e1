"""Reading length statements: a count about each part is not a total."""

from __future__ import annotations

import re

from ..support.phrases import clause_at
from ..support.count_phrases import Count

_DISTRIBUTIVE = re.compile(r"\b(?:each|every|per)\b", re.IGNORECASE)


def total(prompt: str, count: Count) -> bool:
    """False for a count that is about each part ("each line should contain one sentence")."""
    clause_start, _ = clause_at(prompt, count.start)
    return not _DISTRIBUTIVE.search(prompt, clause_start, count.start)
