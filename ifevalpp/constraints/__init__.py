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

from typing import TYPE_CHECKING, Any, Optional, Sequence

from ..loose import loose_variants
from ..profiles import THINK_MARKER, Profile, check_profile
from .base import Constraint
from .parameters import Params, UnknownSetting, compare
from .parsing import parse_params
from . import registry
from .registry import REGISTRY, get, register, unregister

if TYPE_CHECKING:
    from .support.phrases import Span

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
# IFBench's 58 types, in their own suite (base.SUITES), outside REGISTRY, are imported the
# first time an id outside REGISTRY is asked for (base.suites).


def __getattr__(name: str) -> Any:
    """`Span` (where a prompt states an instruction) comes from the prompt readers, loaded when
    it is asked for: checking never reads a prompt that way."""
    if name == "Span":
        from .support.phrases import Span
        return Span
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _require_text(response: object, prompt: object) -> None:
    """A clear TypeError for a response (or prompt) that is not text, instead of an AttributeError
    from deep inside a checker."""
    if not isinstance(response, str):
        raise TypeError(f"response must be a str, got {type(response).__name__}: {response!r:.60}")
    if prompt is not None and not isinstance(prompt, str):
        raise TypeError(f"prompt must be a str or None, got {type(prompt).__name__}")


def strict_text(response: str, profile: Profile) -> str:
    """The text strict mode judges: ifevalpp-paper takes the piece after the first
    "</think>\\n\\n" (and before a second one) when the marker occurs; others the response."""
    if profile == "ifevalpp-paper" and THINK_MARKER in response:
        return response.split(THINK_MARKER)[1]
    return response


def _strict(constraint: Constraint, judged: str, params: Params, prompt: Optional[str],
            profile: Profile) -> bool:
    """The strict verdict on `judged`, the text strict mode judges (`strict_text`)."""
    # A blank response fails every instruction, whatever the checker would say; a setting only
    # ifevalpp-paper accepts (UnknownSetting) gets nothing truthy from the release's checker.
    return (bool(judged.strip()) and not isinstance(params, UnknownSetting)
            and constraint.check(judged, params, prompt=prompt,
                                 profile=constraint.profile_for(profile)))


def _any_loose_variant(constraint: Constraint, response: str, params: Params,
                       prompt: Optional[str], profile: Profile, *, skip_raw: bool) -> bool:
    """Some non-blank loose variant of the raw response passes (`skip_raw`: not variant 0)."""
    if isinstance(params, UnknownSetting) or not response.strip():
        return False
    profile = constraint.profile_for(profile)
    for variant in loose_variants(response)[1 if skip_raw else 0:]:
        if constraint.check(variant, params, prompt=prompt, profile=profile):
            return True
    return False


def _loose(constraint: Constraint, response: str, judged: str, params: Params,
           prompt: Optional[str], profile: Profile, strict: bool) -> bool:
    """Loose verdict given the strict one (made on `judged`)."""
    if judged is not response:
        # ifevalpp-paper after a reasoning trace: the release builds its variants from the raw
        # text and never consults the strict verdict, so loose can fail where strict passes.
        return _any_loose_variant(constraint, response, params, prompt, profile, skip_raw=False)
    # Strict, or a variant passes; variant 0 is the raw response strict has judged already.
    return strict or _any_loose_variant(constraint, response, params, prompt, profile,
                                        skip_raw=True)


def check(instruction_id: str, response: str, kwargs: Optional[dict[str, Any]] = None, *,
          prompt: Optional[str] = None, profile: Profile = "official") -> bool:
    """Strict verdict of one instruction on one response, as the official evaluator gives it."""
    _require_text(response, prompt)
    check_profile(profile)
    constraint = get(instruction_id)
    return _strict(constraint, strict_text(response, profile),
                   parse_params(instruction_id, kwargs, profile), prompt, profile)


def check_loose(instruction_id: str, response: str, kwargs: Optional[dict[str, Any]] = None, *,
                prompt: Optional[str] = None, profile: Profile = "official") -> bool:
    """Loose verdict: strict, or any non-empty loose variant of the response passes."""
    _require_text(response, prompt)
    check_profile(profile)
    constraint = get(instruction_id)
    params = parse_params(instruction_id, kwargs, profile)
    judged = strict_text(response, profile)
    return _loose(constraint, response, judged, params, prompt, profile,
                  _strict(constraint, judged, params, prompt, profile))


def check_all(instruction_ids: Sequence[str], kwargs_list: Sequence[Optional[dict[str, Any]]],
              response: str, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> tuple[list[bool], list[bool]]:
    """Strict and loose verdicts for every instruction of one prompt on one response."""
    _require_text(response, prompt)
    check_profile(profile)
    judged = strict_text(response, profile)
    strict: list[bool] = []
    loose: list[bool] = []
    for instruction_id, kwargs in zip(instruction_ids, kwargs_list):
        constraint = get(instruction_id)
        params = parse_params(instruction_id, kwargs, profile)
        passed = _strict(constraint, judged, params, prompt, profile)
        strict.append(passed)
        loose.append(_loose(constraint, response, judged, params, prompt, profile, passed))
    return strict, loose


def check_all_profiles(instruction_ids: Sequence[str],
                       kwargs_list: Sequence[Optional[dict[str, Any]]], response: str, *,
                       profiles: Sequence[Profile], prompt: Optional[str] = None
                       ) -> list[tuple[list[bool], list[bool]]]:
    """`check_all` under each of `profiles` (one result per profile, in order), checking each
    instruction once per group of profiles that judge it alike (`Constraint.verdict_groups`)."""
    _require_text(response, prompt)
    for profile in profiles:
        check_profile(profile)
    judged = [strict_text(response, profile) for profile in profiles]
    results: list[tuple[list[bool], list[bool]]] = [([], []) for _ in profiles]
    for instruction_id, kwargs in zip(instruction_ids, kwargs_list):
        constraint = get(instruction_id)
        done: dict[tuple[str, bool, bool], tuple[bool, bool]] = {}
        for (strict, loose), profile, text in zip(results, profiles, judged):
            params = parse_params(instruction_id, kwargs, profile)  # refusals stay per profile
            group = (constraint.verdict_groups.get(constraint.profile_for(profile), ""),
                     text is not response,
                     isinstance(params, UnknownSetting))
            verdicts = done.get(group)
            if verdicts is None:
                passed = _strict(constraint, text, params, prompt, profile)
                verdicts = done[group] = (passed, _loose(constraint, response, text, params,
                                                         prompt, profile, passed))
            strict.append(verdicts[0])
            loose.append(verdicts[1])
    return results


def forget_analyses() -> None:
    """Empty every per-text cache the checkers keep (text analysis, language words, loose
    variants, parsed parameters, IFBench readings), so that a benchmark's next pass
    analyses every response anew."""
    from .. import langid, text
    from .ifbench import _reading

    text.clear_caches()
    langid._forget_words()
    loose_variants.cache_clear()
    registry.PARAMS_CACHE.clear()
    _reading.clear_caches()


def instruction_ids() -> list[str]:
    """Every registered instruction id of IFEval (and plug-ins), sorted; other suites' types
    (IFBench's) are listed by `suite_ids`."""
    return sorted(REGISTRY)


def suite_ids(suite: str) -> list[str]:
    """The instruction ids of another benchmark's suite ("ifbench"), sorted."""
    from .registry import suites

    known = suites()
    if suite not in known:
        raise ValueError(f"unknown suite {suite!r}; choose one of {', '.join(sorted(known))}")
    return sorted(known[suite])


__all__ = [
    "REGISTRY", "Constraint", "Params", "Span", "check", "check_all", "check_all_profiles",
    "check_loose", "compare", "forget_analyses", "get", "instruction_ids", "load_plugins",
    "parse_params",
    "register", "strict_text", "unregister",
]
