"""Rephrasing cousins: the same request put another way, every parameter unchanged.

Proposes: each constraint statement the prompt contains is dropped and said anew
(its type's wording grammar, in a seeded style); a statement woven into the task
sentence is cut out when a clean cut exists, and when not, the constraint is not
stated a second time: its statements stay as they were. A dropped sentence keeps
what it asks beyond its constraints ("Keep it breezy, and avoid commas" keeps "Keep
it breezy."). The task is reworded (generate/rewrite/), and the constraints are
presented inline or as a requirements list after the task (the rephrasings alternate
between the two; never before the task, where a rule precedes anything asked). For a `combination:repeat_prompt` case the
rebuilt request becomes `prompt_to_repeat`.

Promises: every kwarg as the case has it, except the request to repeat (which follows
the new wording of the request).

A model writes one as prose, as a list or with the requirements in a paragraph after the
task (`MODEL_PRESENTATIONS`, rotating with the attempt), and may rebuild the request to
repeat; it may not change any other kwarg.
"""

from __future__ import annotations

from dataclasses import dataclass

from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

from ...schema import Variant
from ..prompt.assemble import PRESENTATIONS, restructured
from ..prompt.layout import Layout
from ..llm.answers import ModelCousin, kept_kwargs
from ..llm.plan import ModelPlan, Sibling
from ..records import MODEL_BACKEND, Candidate, CousinRequest, Detail, Rejection
from .contract import TASK_REWRITTEN, CousinKind, changed_setting

if TYPE_CHECKING:
    from ..llm.checks import DistractorOptions

# How a model is asked to present a rephrasing (templates/llm/rephrasing.j2).
MODEL_PRESENTATIONS: tuple[str, ...] = ("prose", "list", "paragraph")


@dataclass(kw_only=True)
class RephrasingDetail(Detail):
    """How a rephrasing was made."""

    strategy: str = "rephrase"
    presentation: Optional[str] = None     # inline | list (model: prose | list | paragraph)
    task_wording: Optional[str] = None     # what was done to the task sentence
    repeat_where: Optional[str] = None     # the request to repeat: above | below the instruction


def rephrase(layout: Layout, rng: Any, index: int, attempt: int = 0,
             siblings: Sequence[str] = (), rotation: int = 0, wide: str = "") -> Candidate:
    """The `index`-th rephrasing (1-based); `attempt` > 0 rotates the presentation, and
    `rotation` (fixed per family) sets which presentation the first one takes, so that no
    layout comes with a position; the task is reworded away from `siblings` (the family's
    prompts so far, the original first), well away when `wide` (the family's second pass)."""
    presentation = PRESENTATIONS[(index - 1 + attempt + rotation) % len(PRESENTATIONS)]
    made = restructured(layout, rng, params=layout.params, presentation=presentation,
                        siblings=siblings, wide=wide)
    return Candidate(made.prompt, made.kwargs, RephrasingDetail(
        presentation=made.presentation, task_wording=made.task_wording,
        repeat_where=made.repeat_where))


class Rephrasing(CousinKind):
    name = "rephrasing"
    rewords_all = True
    # Last, a lower floor: where the statements stay word for word, only the task's frame is
    # reworded, and the token distance stays short of the floor though the wording differs by
    # more than N119's 30 characters (2207, 1000).
    second_passes = ("room", "far", "far-floor")

    def propose(self, request: CousinRequest) -> Candidate:
        # After a candidate too close to its family, the next keeps away from it.
        close = request.previous is not None and request.previous.code == "too-close"
        duplicate = request.previous is not None and \
            request.previous.message.startswith("unnatural: near-duplicate")
        # After one that came out too like a sibling, the presentation rotates (`attempt`)
        # while the task's wording keeps away from the siblings.
        # On the second pass (`CousinRequest.wide`) every wording keeps well away from its
        # siblings from the first attempt on.
        return rephrase(request.layout, request.rng, request.index, attempt=request.attempt,
                        siblings=request.accepted if close or duplicate or request.wide else (),
                        rotation=request.family_seed % len(PRESENTATIONS), wide=request.wide)

    def broken_promise(self, layout: Layout, candidate: Candidate) -> Optional[Rejection]:
        changed = changed_setting(layout, candidate, except_request=True)
        if changed is not None:
            return Rejection("promise", f"{layout.ids[changed]} kwargs changed in a {self.name}")
        return None

    # ------------------------------------------------------------ the model backend

    def model_plan(self, request: CousinRequest, siblings: Sequence[Sibling],
                   options: Callable[[], DistractorOptions]) -> ModelPlan:
        hint = MODEL_PRESENTATIONS[(request.index - 1 + request.attempt)
                                   % len(MODEL_PRESENTATIONS)]
        return ModelPlan(self.name, hint, RephrasingDetail(presentation=hint))

    def model_candidate(self, answer: ModelCousin, request: CousinRequest,
                        plan: ModelPlan) -> Candidate:
        kwargs = kept_kwargs(answer, request, self.name, request_may_change=True)
        return Candidate(answer.prompt, kwargs, plan.detail.updated())

    def task_source(self, variant: Variant) -> str:
        # A model's rephrasing rewrites the whole prompt, the task sentence with it.
        if variant.generator.backend == MODEL_BACKEND:
            return TASK_REWRITTEN
        return super().task_source(variant)
