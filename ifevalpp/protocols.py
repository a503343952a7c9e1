"""Scoring protocols: a checker profile plus the estimator, the missing-response policy and the
reasoning handling that together decide every number.

The IFEval write-up warns that a score labelled only "IFEval" is ambiguous;
so every file and report ifevalpp writes names its protocol and each part of
it. A named protocol fixes all parts; a single flag overrides one part and the
label says so ("ifevalpp-paper, missing=exclude").

    official        official checkers, unordered reliable@k, missing responses excluded
    revised         revised checkers (known defects fixed), unordered, excluded
    ifevalpp-paper  the IFEval++ release's checkers, its first-k reliable@k, missing = fail,
                    strict mode judging the text after the first "</think>\\n\\n"
    ifbench         IFBench's evaluator (allenai/IFBench at db69a6f), unordered, missing = fail
                    (IFBench grades a prompt without a response as failing), graded as given
"""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict

from .profiles import PROFILE_REASONING, Profile, check_profile

Estimator = Literal["unordered", "first-k"]
ESTIMATORS: tuple[Estimator, ...] = ("unordered", "first-k")
MissingPolicy = Literal["exclude", "fail"]
MISSING_POLICIES: tuple[MissingPolicy, ...] = ("exclude", "fail")

ESTIMATOR_MEANING: dict[str, str] = {
    "unordered": "reliable@k = pass(original) · C(c, k−1) / C(|C|, k−1): the original plus k−1 "
                 "cousins drawn at random all pass (independent of cousin order)",
    "first-k": "IFEval++'s calculate_reliable_at_k: originals first, cousins in file order; "
               "all = exactly 10 prompts pass; per kind @2/@4 = the original and the first 1/3 "
               "cousins of that kind pass",
}
MISSING_MEANING: dict[str, str] = {
    "exclude": "a prompt without a usable response is left out of every metric, and its family "
               "out of reliable@k; both are counted and listed",
    "fail": "a prompt without a usable response fails every instruction, strict and loose",
}


class Protocol(BaseModel):
    """Everything besides the responses that decides a number."""

    model_config = ConfigDict(frozen=True)

    name: str
    profile: Profile
    estimator: Estimator
    missing: MissingPolicy
    overridden: tuple[str, ...] = ()

    @property
    def reasoning(self) -> str:
        """How a reasoning trace inside the response is handled (follows from the profile)."""
        return PROFILE_REASONING[self.profile]

    @property
    def label(self) -> str:
        """The protocol's name, with every part a flag changed: "official, estimator=first-k"."""
        changes = [f"{part}={getattr(self, part)}" for part in self.overridden]
        return ", ".join([self.name, *changes])

    def parts(self) -> dict[str, str]:
        """Name and parts as written to metrics.json, results and reports."""
        return {"name": self.name, "label": self.label, "profile": self.profile,
                "estimator": self.estimator, "missing": self.missing,
                "reasoning": self.reasoning, "overridden": ",".join(self.overridden)}


PROTOCOLS: dict[str, Protocol] = {
    "official": Protocol(name="official", profile="official", estimator="unordered",
                         missing="exclude"),
    "revised": Protocol(name="revised", profile="revised", estimator="unordered",
                        missing="exclude"),
    "ifevalpp-paper": Protocol(name="ifevalpp-paper", profile="ifevalpp-paper",
                               estimator="first-k", missing="fail"),
    "ifbench": Protocol(name="ifbench", profile="ifbench", estimator="unordered",
                        missing="fail"),
}
DEFAULT_PROTOCOL = "official"


def resolve_protocol(name: str = DEFAULT_PROTOCOL, *, profile: Optional[str] = None,
                     estimator: Optional[str] = None, missing: Optional[str] = None) -> Protocol:
    """The named protocol with any part given here replacing its own (recorded as overridden)."""
    if name not in PROTOCOLS:
        raise ValueError(f"unknown protocol {name!r}; choose one of {', '.join(PROTOCOLS)}")
    base = PROTOCOLS[name]
    changes: dict[str, str] = {}
    if profile is not None:
        changes["profile"] = check_profile(profile)
    if estimator is not None:
        if estimator not in ESTIMATORS:
            raise ValueError(f"unknown estimator {estimator!r}; choose one of "
                             f"{', '.join(ESTIMATORS)}")
        changes["estimator"] = estimator
    if missing is not None:
        if missing not in MISSING_POLICIES:
            raise ValueError(f"unknown missing-response policy {missing!r}; choose one of "
                             f"{', '.join(MISSING_POLICIES)}")
        changes["missing"] = missing
    overridden = tuple(part for part, value in changes.items() if getattr(base, part) != value)
    return base.model_copy(update={**changes, "overridden": overridden})


def parse_protocols(spec: str) -> list[str]:
    """'official,revised,ifevalpp-paper' → the names, checked, in order, without repeats."""
    names = [part.strip() for part in spec.split(",") if part.strip()]
    if not names:
        raise ValueError("--protocols needs at least one protocol name")
    for name in names:
        if name not in PROTOCOLS:
            raise ValueError(f"unknown protocol {name!r}; choose from {', '.join(PROTOCOLS)}")
    if len(set(names)) != len(names):
        raise ValueError(f"--protocols names a protocol twice: {spec}")
    return names


__all__ = ["DEFAULT_PROTOCOL", "ESTIMATORS", "Estimator", "MISSING_POLICIES", "MissingPolicy",
           "PROTOCOLS", "Protocol", "parse_protocols", "resolve_protocol"]
