"""Distractor cousins: the original prompt kept whole (only the user's slips mended, as in
every cousin: prompt/slips.py), plus one thing that competes for attention.

Two styles, each a home of its own: a competing format requirement
(kinds/format_distractor.py, the IFEval++ construct and the default) or a sentence of
context, persona, audience, purpose or style (kinds/context_distractor.py).
`--distractor-style` picks one, or `mixed` alternates them over a family's cousins;
a format distractor that no requirement fits (no witness for the case, or every
requirement clashes) gives way to a context one that records why
(`format_refused`).

Promises: every kwarg as the case has it (the request to repeat included: the prompt
keeps it word for word), and every sentence of the original that states a constraint
still there.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass

from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

from ...schema import Variant
from ..prompt.layout import Layout
from ..prompt.slips import mended, still_said
from ..llm.answers import ModelCousin, kept_kwargs
from ..llm.plan import ModelPlan, Sibling
from ..records import Candidate, ComposeError, CousinRequest, Detail, Rejection
from .context_distractor import ContextDistractor
from .contract import CousinKind, changed_setting, counts, spent_by_copying
from .format_distractor import NOTHING_COMPATIBLE, FormatDistractor

if TYPE_CHECKING:
    from ..llm.checks import DistractorOptions

FORMAT = FormatDistractor()
CONTEXT = ContextDistractor()


@dataclass(kw_only=True)
class ModelDistractorDetail(Detail):
    """How a model's distractor was asked for and what it added."""

    strategy: str = "distractor"
    style: str                                # format | context
    distractor_kind: Optional[str] = None     # context: the sort asked for
    requirement: Optional[str] = None         # format: the requirement it named
    source: Optional[str] = None              # format: instruction | catalogue | free
    position: Optional[str] = None            # format: after | before
    format_refused: Optional[str] = None      # context standing in: why


def style_of(request: CousinRequest) -> str:
    """The style of this cousin: the one asked for, or under `mixed` format for odd
    (index + attempt) and context for even."""
    style = request.distractor_style
    if style == "mixed":
        style = FORMAT.style if (request.index + request.attempt) % 2 else CONTEXT.style
    return style


# After this many attempts that met only siblings' requirements, a context sentence stands in.
SIBLINGS_EXHAUSTED = 6
EVERY_FIT_TAKEN = "every competing format requirement that fits is already a sibling's"


@functools.lru_cache(maxsize=64)
def _mended_whole(prompt: str, ids: tuple[str, ...], kwargs: str) -> str:
    """The original as a distractor keeps it, its slips mended (once per family)."""
    return mended(prompt, ids, json.loads(kwargs), prompt)


def _trapped(layout: Layout, candidate: Candidate) -> Optional[Rejection]:
    """`_copy_trap` of what `candidate` adds to the original it keeps whole."""
    whole = _mended_whole(layout.prompt, tuple(layout.ids),
                          json.dumps(layout.kwargs, sort_keys=True))
    if whole not in candidate.prompt:
        return None
    return _copy_trap(layout, candidate, candidate.prompt.replace(whole, " ", 1))


def _copy_trap(layout: Layout, candidate: Candidate, added: str) -> Optional[Rejection]:
    """An addition beside a text to repeat may be taken for part of it ("By the way, …"
    after "the request you need to repeat does not include this sentence", read AVA): one
    that breaks a rule of the case when copied along (a comma under a comma ban) is refused."""
    why = spent_by_copying(layout, candidate, added)
    return Rejection("repeat-trap", f"copied with the request, the addition would break a "
                                    f"rule: {why}") if why else None


class Distractor(CousinKind):
    name = "distractor"
    # A long original with one sentence added stays within the floor of its siblings however
    # the sentence is worded (the toilet's five steps, the print ad's brief): on the second pass
    # the sentence it adds is difference enough.
    second_passes = ("floor",)
    keeps_original = True

    def propose(self, request: CousinRequest) -> Candidate:
        if style_of(request) == FORMAT.style:
            if request.attempt >= SIBLINGS_EXHAUSTED and request.previous is not None and \
                    request.previous.code == "same-requirement":
                # A slogan or a name takes few requirements, and its siblings have them.
                return CONTEXT.propose(request, refused=EVERY_FIT_TAKEN)
            try:
                made = FORMAT.propose(request)
                # Beside a text to repeat, a wording the answer could copy along with a comma
                # under a comma ban is drawn again (the next attempt would be a context
                # sentence, not a requirement).
                for _ in range(6):
                    if _trapped(request.layout, made) is None:
                        break
                    made = FORMAT.propose(request)
                return made
            except ComposeError as exc:
                return CONTEXT.propose(request, refused=str(exc))
        return CONTEXT.propose(request)

    def broken_promise(self, layout: Layout, candidate: Candidate) -> Optional[Rejection]:
        changed = changed_setting(layout, candidate, except_request=False)
        if changed is not None:
            return Rejection("promise", f"{layout.ids[changed]} kwargs changed in a {self.name}")
        # The original kept whole, its slips mended, holds every statement (a mend may reach
        # across two of its sentences: "starting with P.P.S Your entire response").
        whole = _mended_whole(layout.prompt, tuple(layout.ids),
                              json.dumps(layout.kwargs, sort_keys=True))
        if whole in candidate.prompt:
            return _copy_trap(layout, candidate, candidate.prompt.replace(whole, " ", 1))
        for unit in layout.units:
            if unit.owners and not still_said(unit.text, candidate.prompt, layout.ids,
                                              candidate.kwargs, layout.prompt):
                return Rejection("promise", "an original constraint statement is missing")
        return None

    def repeats_sibling(self, candidate: Candidate,
                        kept: Sequence[Candidate]) -> Optional[Rejection]:
        """Siblings add different requirements (the next attempt moves on to another)."""
        requirement = getattr(candidate.detail, "requirement", None)
        if requirement is not None and any(getattr(sibling.detail, "requirement", None) ==
                                           requirement for sibling in kept):
            return Rejection("same-requirement", f"a sibling already adds {requirement}")
        return None

    # ------------------------------------------------------------ the model backend

    def model_plan(self, request: CousinRequest, siblings: Sequence[Sibling],
                   options: Callable[[], DistractorOptions]) -> ModelPlan:
        refused = None
        if style_of(request) == FORMAT.style:
            offered = options()
            hint = FORMAT.model_hint(request, offered)
            if hint is not None:
                return ModelPlan(self.name, hint, ModelDistractorDetail(style=FORMAT.style),
                                 options=offered, siblings=tuple(siblings))
            refused = NOTHING_COMPATIBLE
        hint = CONTEXT.model_hint(request)
        detail = ModelDistractorDetail(style=CONTEXT.style, distractor_kind=hint,
                                       format_refused=refused)
        return ModelPlan(self.name, hint, detail, siblings=tuple(siblings))

    def model_context(self, request: CousinRequest, plan: ModelPlan) -> dict[str, Any]:
        return FORMAT.model_context(request, plan) if plan.options is not None else {}

    def model_candidate(self, answer: ModelCousin, request: CousinRequest,
                        plan: ModelPlan) -> Candidate:
        kwargs = kept_kwargs(answer, request, self.name, request_may_change=False)
        home = FORMAT if plan.options is not None else CONTEXT
        return home.model_candidate(answer, request, plan, kwargs)

    # ------------------------------------------------------------ the manifest

    def manifest_entry(self, cousins: Sequence[Variant], result: Any) -> dict[str, Any]:
        """The style asked for, the styles made, where the requirements came from (the model
        backend names the source; "free": a request of the model's own) and which types."""
        return {
            "distractor_style": result.distractor_style,
            "styles": counts(v.generator.detail.get("style", CONTEXT.style) for v in cousins),
            "distractor": counts(
                (v.generator.detail.get("source") or
                 ("instruction" if (v.distractor or {}).get("instruction_id") else "catalogue"))
                if v.distractor else CONTEXT.style for v in cousins),
            "requirement_types": counts(v.distractor["instruction_id"] for v in cousins
                                        if v.distractor and "instruction_id" in v.distractor),
        }
