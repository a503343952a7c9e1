"""The validator as the generators' filter: a cousin with an `error` finding is refused."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ..profiles import Profile
from ..schema import Variant

Validator = Callable[[Variant], list[dict[str, Any]]]


def load_validator(profile: Profile = "official") -> tuple[Validator, str]:
    """The project's validator as the generators' filter; returns (function, name).

    The witness search only ever adds a warning, while errors come from the schema,
    reflection and coherence checks, so the filter skips it for speed."""
    from ..validate import validate_case

    def run(variant: Variant) -> list[dict[str, Any]]:
        return [finding.model_dump(mode="json")
                for finding in validate_case(variant, profile, witness=False)]

    return run, "ifevalpp.validate.validate_case"


def errors(findings: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The findings that make a case unusable."""
    return [finding for finding in findings if finding.get("severity") == "error"]
