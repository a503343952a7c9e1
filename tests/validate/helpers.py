"""One-line builders for validator tests (all prompts are written for these tests)."""

from __future__ import annotations

from typing import Any

from ifevalpp.validate import Finding, validate_case
from tests.helpers import case

__all__ = ["case", "codes", "findings", "only"]


def findings(prompt: str, *instructions: tuple[str, dict[str, Any]], profile: str = "official",
             witness: bool = True) -> list[Finding]:
    record = case(1, prompt, *instructions)
    return validate_case(record, profile, witness=witness)  # type: ignore[arg-type]


def codes(prompt: str, *instructions: tuple[str, dict[str, Any]], **options: Any) -> set[str]:
    return {finding.code for finding in findings(prompt, *instructions, **options)}


def only(prompt: str, *instructions: tuple[str, dict[str, Any]], code: str,
         **options: Any) -> Finding:
    """The single finding with `code` (fails if there is none or several)."""
    chosen = [finding for finding in findings(prompt, *instructions, **options)
              if finding.code == code]
    assert len(chosen) == 1, chosen
    return chosen[0]
