"""Counts in words: "1 prompt", "2 prompts", "1 family" — never "prompt(s)"."""

from __future__ import annotations

from typing import Optional

_IRREGULAR = {"family": "families", "is": "are", "has": "have", "was": "were"}


def plural(count: int, noun: str, many: Optional[str] = None) -> str:
    """`count noun` with the noun in the form the count needs (thousands separated)."""
    word = noun if count == 1 else (many or _IRREGULAR.get(noun) or f"{noun}s")
    return f"{count:,} {word}"
