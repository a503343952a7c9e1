"""The contract of a cousin kind: what it proposes for a case, and what it promises about it.

The family loop (`generate/family.py`) walks the registry of kinds (`kinds/__init__.py`)
as the validator walks the instruction types, and never names a kind. For each cousin
it asks a backend for a candidate (the template backend asks the kind's `propose`),
then asks the kind whether the candidate keeps its promise (`refusal`), and only then
applies what every cousin must meet (distance, kwargs, satisfiability, validator).

    name                                   the `Variant.kind` of its cousins
    propose(request) -> Candidate          the offline (template) candidate
    broken_promise(layout, candidate)      what every cousin of the kind keeps, on any backend
    repeats_sibling(candidate, kept)       a candidate no better than one kept before
    refusal(layout, candidate, kept)       the three in order, plus the promise of every
                                           kind: the text to repeat is in the prompt

the model backend (generate/llm/) asks the kind too:

    model_plan(request, siblings, options)     what one attempt asks for (a hint that
                                               rotates with the attempt, the record's detail)
    model_context(request, plan)               what its prompt (templates/llm/<kind>.j2) reads
    model_candidate(answer, request, plan)     the candidate the answer describes, once it
                                               keeps the kind's promise on kwargs and its proof
    model_sibling(request, candidate)          what a later sibling's prompt is told of it

and the manifest: `task_source(variant)` (where a cousin's task came from) and
`manifest_entry(cousins, result)` (what was made, per kind).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Optional, Sequence

from ...constraints import get
from ...profiles import Profile
from ...schema import Kind, Variant
from ..prompt.layout import Layout
from ..prompt.slips import mended_request
from ..llm.plan import ModelPlan, Sibling
from ..records import Candidate, CousinRequest, Rejection

if TYPE_CHECKING:
    from ..llm.answers import ModelCousin
    from ..llm.checks import DistractorOptions

# Where a cousin's task sentence came from, in the words the manifest uses.
TASK_KEPT, TASK_REWRITTEN, TASK_NEW = "kept", "rewritten", "new from the task grammar"
TASK_MODEL = "new from the model"


class CousinKind:
    """One kind of cousin; subclasses set `name` and implement `propose` and the promise."""

    name: ClassVar[Kind]
    # Whether the cousin says the whole request in words of its own, so that one within a few
    # characters of its original or a sibling has not done its job (rule N119).
    rewords_all: ClassVar[bool] = False
    # The second passes of a kind that falls short (generate/family.py `_cousins`), each the
    # `CousinRequest.wide` of its requests: "room"/"far" reword each cousin well away from its
    # siblings (rewrite.rewrite), "floor" keeps a lower distance floor (`WIDE_FLOOR`),
    # "far-floor" does both.
    second_passes: ClassVar[tuple[str, ...]] = ()
    # Whether the cousin keeps the original's words whole and adds to them (a distractor), so
    # that what it adds never stands between a sentence of the original and the next, which
    # points back at it ("Mark it with *": rule N128).
    keeps_original: ClassVar[bool] = False

    def propose(self, request: CousinRequest) -> Candidate:
        """A candidate from the template generators (ComposeError when there is none)."""
        raise NotImplementedError

    def broken_promise(self, layout: Layout, candidate: Candidate) -> Optional[Rejection]:
        """Why `candidate` is not a cousin of this kind, if it is not."""
        return None

    def easier(self, layout: Layout, candidate: Candidate,
               profile: Profile) -> Optional[Rejection]:
        """Why `candidate` is easier than its original, if it is (settings read under
        `profile`); only a kind that changes what is asked can be."""
        return None

    def repeats_sibling(self, candidate: Candidate,
                        kept: Sequence[Candidate]) -> Optional[Rejection]:
        """Why `candidate` adds nothing to the siblings of its kind `kept` so far, if so."""
        return None

    def refusal(self, layout: Layout, candidate: Candidate,
                kept: Sequence[Candidate]) -> Optional[Rejection]:
        """The kind's promise, the request to repeat, what every cousin owes its original
        (nothing dropped, every token accounted for), then the siblings: the first breach."""
        return (self.broken_promise(layout, candidate) or request_missing(layout, candidate)
                or unfair(layout, candidate) or self.repeats_sibling(candidate, kept))

    # ------------------------------------------------------------ the model backend

    def model_plan(self, request: CousinRequest, siblings: Sequence[Sibling],
                   options: Callable[[], DistractorOptions]) -> ModelPlan:
        """What this attempt asks the model for; `options()` computes (once per case) what a
        format distractor may be; `siblings` are this kind's cousins kept so far."""
        raise NotImplementedError

    def model_context(self, request: CousinRequest, plan: ModelPlan) -> dict[str, Any]:
        """What the kind's prompt reads beyond the case card."""
        return {}

    def model_candidate(self, answer: ModelCousin, request: CousinRequest,
                        plan: ModelPlan) -> Candidate:
        """The candidate the answer describes; ComposeError when it breaks the kind's promise
        on kwargs or its proof fails."""
        raise NotImplementedError

    def model_sibling(self, request: CousinRequest, candidate: Candidate) -> Optional[Sibling]:
        """What a later sibling's prompt is told of this cousin (None: nothing)."""
        return Sibling(request.index, tuple(candidate.kwargs), (),
                       getattr(candidate.detail, "requirement", None))

    # ------------------------------------------------------------ the manifest

    def task_source(self, variant: Variant) -> str:
        """Where the cousin's task sentence came from (`task_source`)."""
        return task_source(variant)

    def manifest_entry(self, cousins: Sequence[Variant], result: Any) -> dict[str, Any]:
        """What the manifest says of this kind's cousins beyond where their tasks came from
        (`result`: the FamilyResult)."""
        return {}

    def __repr__(self) -> str:
        return f"<CousinKind {self.name}>"


def task_source(variant: Variant) -> str:
    """A new task from the task grammar or the model, the original task reworded, or kept
    as it was (an original's is kept)."""
    detail = variant.generator.detail
    if detail.get("task_source") == "grammar":
        return TASK_NEW
    if detail.get("task_source") == "model":
        return TASK_MODEL
    wording = detail.get("task_wording")
    return TASK_REWRITTEN if wording not in (None, "unchanged") else TASK_KEPT


def counts(values: Iterable[str]) -> dict[str, int]:
    """How often each value occurs, by value (a manifest's tallies)."""
    from collections import Counter

    return dict(sorted(Counter(values).items()))


def request_position(layout: Layout) -> Optional[int]:
    """The position of the instruction whose text to repeat the layout found, if any."""
    return layout.repeat.index if layout.repeat is not None else None


def changed_setting(layout: Layout, candidate: Candidate, *,
                    except_request: bool) -> Optional[int]:
    """The first instruction whose kwargs the candidate changed (with `except_request`, the
    request to repeat may change: it is rebuilt with the prompt; without, it may still be
    shown with the user's slips mended, `mended_request`)."""
    repeat = request_position(layout)
    original = mended_request(layout.ids, layout.kwargs, candidate.prompt)
    for position, (before, after) in enumerate(zip(original, candidate.kwargs)):
        if except_request and position == repeat:
            continue
        if before != after:
            return position
    return None


def unfair(layout: Layout, candidate: Candidate) -> Optional[Rejection]:
    """What every cousin owes its original (generate/fairness.py): nothing it asks beyond
    its checked values is dropped (an example's form, an aside, a block's lines, a quoted
    passage; a new task may replace the task's own), no markup nobody wrote, no requirement
    given two examples."""
    from ..fairness import changed_literals, doubled_examples, dropped, stray_tokens

    task_kept = getattr(candidate.detail, "strategy", None) != "task"
    lost = dropped(layout, candidate.prompt, task_kept=task_kept,
                   changed=changed_literals(layout, candidate.kwargs))
    if lost:
        return Rejection("dropped", lost[0].message())
    stray = stray_tokens(candidate.prompt, layout.prompt)
    if stray:
        return Rejection("stray-token", f"the token {stray[0]!r} comes from nowhere")
    doubled = doubled_examples(candidate.prompt, layout.prompt)
    if doubled:
        return Rejection("doubled-example", f"two examples for one requirement: {doubled[0]!r}")
    return repeat_trap(layout, candidate)


def repeat_trap(layout: Layout, candidate: Candidate) -> Optional[Rejection]:
    """A capped word ("use 'morning' no more than once") that the text to repeat holds
    already: the copy spends the allowance the prompt seems to leave the answer, so a model
    that uses the word once as told fails. The original's own flaw (3369) stays with it."""
    repeat = request_position(layout)
    if repeat is None:
        return None
    field_name = get(layout.ids[repeat]).request_field or ""
    why = spent_by_copying(layout, candidate, str(candidate.kwargs[repeat].get(field_name, "")))
    return Rejection("repeat-trap", why) if why else None


def spent_by_copying(layout: Layout, candidate: Candidate, copied: str) -> Optional[str]:
    """Why a text the answer copies (the request to repeat, or what a model may take for
    part of it) spends a rule of the case (`Constraint.spent_by_copy`); None when it spends
    none or the case repeats nothing."""
    repeat = request_position(layout)
    if repeat is None:
        return None
    for position, (instruction_id, kwargs) in enumerate(zip(layout.ids, candidate.kwargs)):
        if position == repeat or kwargs is None:
            continue
        constraint = get(instruction_id)
        why = constraint.spent_by_copy(constraint.Params(**kwargs), copied)
        if why:
            return why
    return None


def request_missing(layout: Layout, candidate: Candidate) -> Optional[Rejection]:
    """Every kind's promise: the text the response must repeat stands in the new prompt."""
    repeat = request_position(layout)
    if repeat is None:
        return None
    field_name = get(layout.ids[repeat]).request_field or ""
    if candidate.kwargs[repeat][field_name] not in candidate.prompt:
        return Rejection("promise", f"{field_name} is not in the new prompt")
    return None
