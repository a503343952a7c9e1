"""Which checker profile a family file is generated under.

Every cousin is validated, and every joint witness built, by one profile's checkers, so that
profile must be able to check every case. The official evaluator refuses the relations
'at most' and 'around'; the IFEval++ authors' hand-fixed copy (`ifevalpp-fixed`) uses
'at most' (key 1217), so it needs `revised`. With no profile asked for, the official one is
used when it can check every case and `revised` otherwise; the choice and its reason go into
the manifest, and a profile asked for that cannot check a case is refused before anything is
generated, naming the case, its line and field.
"""

from __future__ import annotations

import os
from typing import Optional, Sequence

from pydantic import BaseModel

from ..cases import check_instruction_ids
from ..errors import InputError
from ..io import iter_json_lines
from ..profiles import Profile
from ..schema import Variant

# Tried in this order when no profile is asked for: the official checkers when they can
# check the file, else the revised ones (which check every relation the types define).
AUTO_ORDER: tuple[Profile, ...] = ("official", "revised")


class ProfileChoice(BaseModel):
    """The profile a run uses, whether it was asked for, and why it was picked."""

    profile: Profile
    requested: Optional[Profile] = None
    reason: str

    def manifest(self) -> dict[str, Optional[str]]:
        return {"profile": self.profile, "requested": self.requested or "auto",
                "reason": self.reason}


def _refusal(variants: Sequence[Variant], profile: Profile) -> Optional[tuple[Variant, InputError]]:
    """The first case `profile` cannot check, with the reason (None when it checks them all)."""
    for variant in variants:
        try:
            check_instruction_ids(variant, profile)
        except InputError as exc:
            return variant, exc
    return None


def _located(path: str | os.PathLike[str], variant: Variant, exc: InputError,
             hint: str) -> InputError:
    """The refusal as an InputError naming the file, the case's line and the field."""
    line = next((number for number, raw in iter_json_lines(path)
                 if str(raw.get("key")) in (str(variant.key), str(variant.case))), None)
    return InputError(f"case {variant.case}: {exc.reason}; {hint}", path=str(path), line=line,
                      field=exc.field)


REQUESTED_HINT = ("generate these cases with --profile revised (or leave --profile out to "
                  "pick a profile that can check them)")


def choose_profile(variants: Sequence[Variant], path: str | os.PathLike[str],
                   requested: Optional[Profile] = None, *,
                   hint: str = REQUESTED_HINT) -> ProfileChoice:
    """The profile to generate `variants` (read from `path`) under; InputError when the
    requested profile (`hint` says what to do instead), or every automatic one, cannot check
    some case."""
    if requested is not None:
        refusal = _refusal(variants, requested)
        if refusal is not None:
            raise _located(path, *refusal, hint=hint)
        return ProfileChoice(profile=requested, requested=requested,
                             reason=f"--profile {requested}")
    first_refusal: Optional[tuple[Variant, InputError]] = None
    for profile in AUTO_ORDER:
        refusal = _refusal(variants, profile)
        if refusal is None:
            if first_refusal is None:
                return ProfileChoice(profile=profile,
                                     reason=f"the {profile} profile checks every case")
            variant, exc = first_refusal
            return ProfileChoice(profile=profile, reason=(
                f"the {AUTO_ORDER[0]} profile cannot check case {variant.case} "
                f"({exc.reason.removesuffix(f' (profile {AUTO_ORDER[0]})')})"))
        first_refusal = first_refusal or refusal
    variant, exc = refusal  # type: ignore[misc]  # the loop ran: every profile refused a case
    raise _located(path, variant, exc, hint=(
        f"no profile that generation can use ({', '.join(AUTO_ORDER)}) checks it"))


__all__ = ["AUTO_ORDER", "ProfileChoice", "choose_profile"]
