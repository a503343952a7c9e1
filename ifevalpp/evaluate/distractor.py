"""The distractor side figure, per response: did the answer follow the extra requirement?

A distractor cousin keeps the original constraints (the only ones scored, as in IFEval++)
and adds one format requirement, recorded in `Variant.distractor`: another instruction type
(`{"instruction_id", "kwargs"}`, checkable) or a catalogue request (`{"text"}`, not). This
module gives the first kind a verdict with the checkers, profile and loose rule that score
the prompt, kept in `ScoredResponse.distractor` apart from the scored verdicts; the
aggregation lives with every other metric (`reliability.family_table`, `catalogue`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Optional, Sequence

from ..constraints import UnknownSetting, check_all_profiles, parse_params
from ..errors import IfevalppError
from ..profiles import Profile
from ..schema import DistractorVerdict, ScoredResponse, Variant

# Why a requirement has no verdict, in words a report can print as they are.
TEXT_REASON = "a format request outside the instruction types: no checker exists"


def unchecked(variant: Variant, reason: str) -> DistractorVerdict:
    """The requirement of `variant` recorded without a verdict."""
    spec = variant.distractor or {}
    if "instruction_id" in spec:
        return DistractorVerdict(instruction_id=spec["instruction_id"],
                                 kwargs=dict(spec["kwargs"]), checked=False, reason=reason)
    return DistractorVerdict(text=spec.get("text"), checked=False, reason=reason)


def _refusal(instruction_id: str, kwargs: dict, profile: Profile) -> Optional[str]:
    """Why `profile` cannot check this requirement (None when it can)."""
    try:
        params = parse_params(instruction_id, kwargs, profile)
    except IfevalppError as exc:
        return f"not checkable under the {profile} profile: {getattr(exc, 'reason', str(exc))}"
    if isinstance(params, UnknownSetting):
        return (f"not checkable under the {profile} profile: it has no rule for these kwargs "
                f"(its checker fails every response on them)")
    return None


def distractor_verdicts(variant: Variant, response: str, profiles: Sequence[Profile]
                        ) -> list[Optional[DistractorVerdict]]:
    """One verdict per profile on the extra requirement of `variant` (None: not a distractor
    cousin, or one that names no requirement)."""
    spec = variant.distractor
    if variant.kind != "distractor" or not spec:
        return [None] * len(profiles)
    if "instruction_id" not in spec:
        verdict = unchecked(variant, TEXT_REASON)
        return [verdict] * len(profiles)
    instruction_id, kwargs = spec["instruction_id"], dict(spec["kwargs"])
    refusals = [_refusal(instruction_id, kwargs, profile) for profile in profiles]
    able = [profile for profile, refusal in zip(profiles, refusals) if refusal is None]
    checked = dict(zip(able, check_all_profiles([instruction_id], [kwargs], response,
                                                profiles=able, prompt=variant.prompt)
                       if able else []))
    out: list[Optional[DistractorVerdict]] = []
    for profile, refusal in zip(profiles, refusals):
        if refusal is not None:
            out.append(unchecked(variant, refusal))
            continue
        strict, loose = checked[profile]
        out.append(DistractorVerdict(instruction_id=instruction_id, kwargs=kwargs, checked=True,
                                     strict=strict[0], loose=loose[0]))
    return out


def failing_verdict(variant: Variant, profile: Profile) -> Optional[DistractorVerdict]:
    """The verdict for a prompt without a usable response under `--missing fail`: a
    checkable requirement is not followed, like every scored instruction."""
    if variant.kind != "distractor" or not variant.distractor:
        return None
    if "instruction_id" not in variant.distractor:
        return unchecked(variant, TEXT_REASON)
    refusal = _refusal(variant.distractor["instruction_id"], dict(variant.distractor["kwargs"]),
                       profile)
    if refusal is not None:
        return unchecked(variant, refusal)
    return DistractorVerdict(instruction_id=variant.distractor["instruction_id"],
                             kwargs=dict(variant.distractor["kwargs"]), checked=True,
                             strict=False, loose=False)


@dataclass
class DistractorCounts:
    """What the distractor cousins of a run asked for, before any rate: the report says how
    many requirements could be checked, and why the others could not."""

    prompts: int = 0                   # scored distractor-cousin responses
    named: int = 0                     # of those, whose record names the requirement
    checked: int = 0                   # of those, with a verdict
    text: int = 0                      # a catalogue request (no checker)
    refused: Counter = field(default_factory=Counter)  # (instruction id, reason) -> responses

    @property
    def unnamed(self) -> int:
        """Distractor responses whose record names no requirement (IFEval++'s families)."""
        return self.prompts - self.named


    def note(self) -> Optional[str]:
        """Why there is no side figure, or what it leaves out (None: nothing to say)."""
        if not self.prompts:
            return None
        if not self.named:
            return (f"the {self.prompts:,} distractor-cousin responses name no extra "
                    f"requirement (their records have no 'distractor' field, as in IFEval++'s "
                    f"released families): there is no distractor side figure to report")
        parts = []
        if self.unnamed:
            parts.append(f"{self.unnamed:,} name none")
        if self.text:
            parts.append(f"{self.text:,} ask for a format outside the instruction types (no "
                         f"checker)")
        for (instruction_id, reason), number in sorted(self.refused.items()):
            parts.append(f"{number:,} ask for {instruction_id} ({reason})")
        if not self.checked:
            return (f"no distractor requirement could be checked ({'; '.join(parts)}): there "
                    f"is no distractor side figure to report")
        if not parts:
            return None
        return (f"the distractor side figure counts the {self.checked:,} of {self.prompts:,} "
                f"distractor-cousin responses whose extra requirement is checkable; of the "
                f"others, {'; '.join(parts)}")


def distractor_counts(scored: Iterable[ScoredResponse]) -> DistractorCounts:
    counts = DistractorCounts()
    for record in scored:
        if record.kind != "distractor":
            continue
        counts.prompts += 1
        verdict = record.distractor
        if verdict is None:
            continue
        counts.named += 1
        if verdict.checked:
            counts.checked += 1
        elif verdict.instruction_id is None:
            counts.text += 1
        else:
            counts.refused[(verdict.instruction_id, verdict.reason or "")] += 1
    return counts


__all__ = ["DistractorCounts", "distractor_counts", "distractor_verdicts", "failing_verdict",
           "unchecked"]
