"""The 25 IFEval instruction types, their registry, and the stable checking entry points.

    check(instruction_id, response, kwargs=None, *, prompt=None) -> bool        # strict
    check_loose(instruction_id, response, kwargs=None, *, prompt=None) -> bool  # loose

`kwargs` is the IFEval dict as found in either release (only the used keys,
or every key with null for the unused ones). Both take `profile=` as a
keyword ('official' by default).

Each type lives in its own module, `constraints/<group>/<type>.py` (the contract
is in `base.py`); `register` / `unregister` / `load_plugins` add types from
outside the package (docs/adding-an-instruction-type.md).
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ..loose import loose_variants
from ..profiles import Profile, check_profile
from .base import (REGISTRY, Constraint, Params, Span, compare, get, parse_params, register,
                   unregister)

# Importing a type's module registers it. The import order is the registry's order, which is
# the order the validator asks the types for statements a case does not store (so several
# REFLECT_NOT_STORED findings of one case come in this order).
from .length import number_words, number_sentences, number_paragraphs  # noqa: F401,E402
from .format import number_bullet_lists, number_highlighted_sections  # noqa: F401,E402
from .content import number_placeholders  # noqa: F401,E402
from .case import capital_word_frequency  # noqa: F401,E402
from .format import title  # noqa: F401,E402
from .combination import two_responses  # noqa: F401,E402
from .format import constrained_response  # noqa: F401,E402
from .content import postscript  # noqa: F401,E402
from .startend import end_checker, quotation  # noqa: F401,E402
from .format import json_format, multiple_sections  # noqa: F401,E402
from .combination import repeat_prompt  # noqa: F401,E402
from .keywords import existence, forbidden_words, frequency, letter_frequency  # noqa: F401,E402
from .case import english_lowercase, english_capital  # noqa: F401,E402
from .punctuation import no_comma  # noqa: F401,E402
from .language import response_language  # noqa: F401,E402
from .length import nth_paragraph_first_word  # noqa: F401,E402
from .plugins import load_plugins  # noqa: E402


def _require_text(response: object, prompt: object) -> None:
    """A clear TypeError for a response (or prompt) that is not text, instead of an AttributeError
    from deep inside a checker."""
    if not isinstance(response, str):
        raise TypeError(f"response must be a str, got {type(response).__name__}: {response!r:.60}")
    if prompt is not None and not isinstance(prompt, str):
        raise TypeError(f"prompt must be a str or None, got {type(prompt).__name__}")


def _strict(constraint: Constraint, response: str, params: Params, prompt: Optional[str],
            profile: Profile) -> bool:
    # A blank response fails every instruction, whatever the checker would say.
    return bool(response.strip()) and constraint.check(response, params, prompt=prompt,
                                                        profile=profile)


def _loose_after_strict_fail(constraint: Constraint, response: str, params: Params,
                             prompt: Optional[str], profile: Profile) -> bool:
    # Variant 0 is the raw response, which strict mode has already judged.
    for variant in loose_variants(response)[1:] if response.strip() else ():
        if constraint.check(variant, params, prompt=prompt, profile=profile):
            return True
    return False


def check(instruction_id: str, response: str, kwargs: Optional[dict[str, Any]] = None, *,
          prompt: Optional[str] = None, profile: Profile = "official") -> bool:
    """Strict verdict of one instruction on one response, as the official evaluator gives it."""
    _require_text(response, prompt)
    check_profile(profile)
    constraint = get(instruction_id)
    return _strict(constraint, response, parse_params(instruction_id, kwargs, profile), prompt,
                   profile)


def check_loose(instruction_id: str, response: str, kwargs: Optional[dict[str, Any]] = None, *,
                prompt: Optional[str] = None, profile: Profile = "official") -> bool:
    """Loose verdict: strict, or any non-empty loose variant of the response passes."""
    _require_text(response, prompt)
    check_profile(profile)
    constraint = get(instruction_id)
    params = parse_params(instruction_id, kwargs, profile)
    if _strict(constraint, response, params, prompt, profile):
        return True
    return _loose_after_strict_fail(constraint, response, params, prompt, profile)


def check_all(instruction_ids: Sequence[str], kwargs_list: Sequence[Optional[dict[str, Any]]],
              response: str, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> tuple[list[bool], list[bool]]:
    """Strict and loose verdicts for every instruction of one prompt on one response."""
    _require_text(response, prompt)
    check_profile(profile)
    strict: list[bool] = []
    loose: list[bool] = []
    for instruction_id, kwargs in zip(instruction_ids, kwargs_list):
        constraint = get(instruction_id)
        params = parse_params(instruction_id, kwargs, profile)
        passed = _strict(constraint, response, params, prompt, profile)
        strict.append(passed)
        loose.append(passed or _loose_after_strict_fail(constraint, response, params, prompt,
                                                        profile))
    return strict, loose


def instruction_ids() -> list[str]:
    """Every registered instruction id, sorted."""
    return sorted(REGISTRY)


__all__ = [
    "REGISTRY", "Constraint", "Params", "Span", "check", "check_all", "check_loose", "compare",
    "get", "instruction_ids", "load_plugins", "parse_params", "register", "unregister",
]
