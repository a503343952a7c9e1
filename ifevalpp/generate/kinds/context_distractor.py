"""Context distractors: the original prompt plus one sentence of context, parameters unchanged.

Proposes: a sentence from `templates/distractors/*.json` (irrelevant context, an
audience, a purpose, an unchecked style request; the personas only to a model backend). Each declares the
instruction types it could interfere with (`interferes`) and is never used with
those. The three siblings of a family rotate through the sorts; a long prompt takes
a longer sentence, so the cousin still reads as another prompt. It stands before the
prompt, after it, or inside the task (after a task sentence) — and, for a
`combination:repeat_prompt` case, always outside the text to repeat and on the far
side of the instruction, so `prompt_to_repeat` stays exact.

Promises what every distractor promises (kinds/distractor.py). A model is asked for
one sort (rotating with the attempt) and may add it anywhere, as long as the original
stays word for word and the addition states no instruction type.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Sequence

from ...constraints import get
from ...constraints.support.choosing import choice
from ...constraints.support.wording import load_json, templates_dir
from ..piece import ANSWER_FEATURES, features
from ..addition import needed_tokens, place, side_of_request
from ..phrase_tables import table
from ..prompt.layout import Layout
from ..distance import tokens
from ..llm.answers import ModelCousin
from ..llm.checks import addition, other_statements
from ..llm.plan import ModelPlan
from ..records import Candidate, ComposeError, CousinRequest, Detail

# The sorts of context, one file each under templates/distractors/.
SORTS: tuple[str, ...] = ("context", "persona", "audience", "purpose", "style")
# A context sentence longer than this stands as a paragraph of its own.
OWN_PARAGRAPH_OVER = 160


@dataclass(kw_only=True)
class ContextDetail(Detail):
    """Which context sentence a distractor added, and where (in the order of the records)."""

    distractor_kind: str                   # its sort (SORTS)
    position: str                          # before | after | inside
    style: Optional[str] = None            # "context" when it stands in for a format one
    format_refused: Optional[str] = None   # why no competing format requirement fitted
    distractor: str                        # the sentence's id in templates/distractors/


# Where a distractor may put a sentence; `copy` marks one that only opens a new request the
# answer must copy (tasks of reconfiguration.py's `_as_long_to_copy`).
_PLACES = frozenset({"before", "inside", "after"})


@dataclass(frozen=True)
class ContextSentence:
    """One entry of templates/distractors/<sort>.json (its `interferes` list is read by the
    types: `Constraint.interfering_distractors`)."""

    id: str
    kind: str
    text: str
    positions: tuple[str, ...]
    unfit_for: frozenset[str] = frozenset()   # kinds of answer it does not suit (piece.py)
    opens_request: bool = False               # says why I ask: it may open a request to copy
    needs: frozenset[str] = frozenset()       # kinds of answer of which it suits only these
    points_back: bool = False                 # its "it"/"this" is the request just made

    def suits(self, answer: frozenset[str]) -> bool:
        """Whether it fits an answer of these kinds (`piece.features`): "My partner and I
        were talking about this over dinner" before a question, not before "Write a haiku …"
        (read BAT)."""
        return not self.unfit_for & answer and (not self.needs or bool(self.needs & answer))


@functools.lru_cache(maxsize=4)
def _load(root: str) -> tuple[ContextSentence, ...]:
    items = []
    for sort in SORTS:
        for entry in load_json(f"distractors/{sort}.json"):
            for field in ("unfit_for", "needs"):
                unknown = set(entry.get(field, ())) - set(ANSWER_FEATURES)
                if unknown:
                    raise ValueError(f"distractors/{sort}.json, {entry['id']}: unknown {field} "
                                     f"{sorted(unknown)} (known: generate/piece.py "
                                     f"ANSWER_FEATURES)")
            items.append(ContextSentence(entry["id"], sort, entry["text"],
                                         tuple(entry.get("positions", ("after",))),
                                         frozenset(entry.get("unfit_for", ())),
                                         bool(entry.get("opens_request", False)),
                                         frozenset(entry.get("needs", ())),
                                         bool(entry.get("points_back", False))))
    return tuple(items)


def context_sentences() -> tuple[ContextSentence, ...]:
    """Every context sentence under `templates/distractors/`, in file order."""
    return _load(str(Path(templates_dir())))


def _spent_if_copied(layout: Layout, text: str) -> bool:
    """Whether `text`, copied along with the request to repeat, breaks a rule of the case."""
    return any(get(instruction_id).spent_by_copy(params, text)
               for instruction_id, params in zip(layout.ids, layout.params)
               if not get(instruction_id).request_field)


# The most words a task may name for itself and still be short to a context line.
FEW_WORDS = 40


def _named_short(layout: Layout) -> frozenset[str]:
    """"short" when the task names its own size as a few words ("a riddle about the name
    Sheldon using only 10 words"): no readers or purpose suit it (reads CJS, CJX, CKC on
    1645). For context lines only: `piece.features` sets a new task's genre class, and there
    the same reading made every new task of 1645 a joke."""
    task = " ".join(unit.text for unit in layout.task_units())
    found = re.search(table("plain")["few_words_named"], task)
    return frozenset({"short"}) if found and int(found.group("n")) <= FEW_WORDS else frozenset()


def _drawable(layout: Layout, answer: frozenset[str], options_last: bool
              ) -> list[ContextSentence]:
    """The context sentences this case may take, wherever they go."""
    prompt = layout.prompt
    refused = {sentence for instruction_id in layout.ids
               for sentence in get(instruction_id).interfering_distractors()}
    # No persona ("Act as a thoughtful museum guide …"): strict reads found one that suits the
    # task rarer than one that jars with it (a museum guide asked for a JSON schema).
    pool = [item for item in context_sentences()
            if item.id not in refused and item.kind != "persona" and item.suits(answer)
            and set(item.positions) & _PLACES]  # (not a line that only opens a copy)
    if prompt.lstrip()[:1].islower():
        # A prompt that opens in small letters takes nothing ahead of it (below), so a line
        # written to go before the request is not drawn: after it, "… so I thought I'd
        # finally ask." follows the question it explains (read BCB).
        pool = [item for item in pool if set(item.positions) & (_PLACES - {"before"})]
    if options_last:
        # "My answer is yes." has no persona, readers, purpose or style to suit: only why I
        # ask ("Act as a museum guide" beside an algebra check reads as a mistake).
        pool = [item for item in pool if item.kind == "context"]
    if options_last or layout.units[-1].pure:
        # After the options of a short answer, or a rule that closes the prompt, "It's
        # something I keep coming back to" points at them (reads BCI: 3751, 3756; BCL: 2362).
        pool = [item for item in pool
                if not (item.points_back and set(item.positions) <= {"after"})]
    return pool


def add_context(layout: Layout, rng: Any, index: int, attempt: int = 0,
                taken: Sequence[str] = ()) -> Candidate:
    """The `index`-th context distractor (1-based) of a case; no line a sibling (`taken`:
    the family's prompts so far) adds already (2713: the one line that fits after its copy,
    drawn again, made the sibling again)."""
    prompt = layout.prompt
    answer = features(layout) | _named_short(layout)
    options_last = any(get(instruction_id).short_answer for instruction_id in layout.ids)
    pool = [item for item in _drawable(layout, answer, options_last)
            if not any(item.text in sibling for sibling in taken)]
    beside = side_of_request(layout)
    if beside is not None:
        # Beside a text to repeat it goes where it must (`side_of_request`); a line written
        # to open a message ("We've just moved house, …") is not put after the repeat rules
        # (read EB).
        # After the rules of the repeat, "It will be read by …" has no antecedent (read BAT);
        # and a line the answer might copy along with the request breaks no rule of the case
        # (a comma under a comma ban: kinds/distractor.py refuses it after the fact).
        pool = [item for item in pool if beside in item.positions
                and not (beside == "after" and item.points_back)
                and not _spent_if_copied(layout, item.text)]
    if not pool:
        raise ComposeError("no distractor is compatible with these instruction types")
    # Rotate sorts over the three cousins so siblings differ in sort.
    sorts = [sort for sort in SORTS if any(item.kind == sort for item in pool)]
    sort = sorts[(index - 1 + attempt * 2 + int(choice(rng, range(len(sorts))))) % len(sorts)]
    candidates = [item for item in pool if item.kind == sort]
    # Long prompts need a longer insertion to read as a different prompt (the family keeps
    # cousins at a normalised token edit distance of at least 0.15 from each other).
    needed = needed_tokens(prompt)
    long_enough = [item for item in candidates if len(tokens(item.text)) >= needed]
    if not long_enough:
        long_enough = [item for item in pool if len(tokens(item.text)) >= needed]
    if long_enough:
        candidates = long_enough
    else:
        longest = max(len(tokens(item.text)) for item in pool)
        candidates = [item for item in pool if len(tokens(item.text)) >= 0.8 * longest]
    picked = choice(rng, candidates)
    positions = list(picked.positions)
    if beside is not None:
        positions = [beside]
    elif "asked" in answer or not any(not unit.pure for unit in layout.units[:-1]):
        # Never between a question and what it asks about ("Radcliffe was the only one who could
        # get past the guards. Write with empathy … What could be said about him?").
        positions = [item for item in positions if item != "inside"] or ["after", "before"]
    if prompt.lstrip()[:1].islower():
        # Not ahead of a prompt that opens in small letters ("… on this. what do you call …",
        # read RB).
        positions = [item for item in positions if item != "before"] or ["after"]
    if picked.points_back and beside is None and (options_last or layout.units[-1].pure):
        # After a rule that closes the prompt, "It's something I keep coming back to" points at
        # the rule (read BCL, 2362: after "… a postscript starting with "P.P.S"").
        positions = [item for item in positions if item != "after"] or ["before"]
    position = choice(rng, positions)
    after = 0
    if position == "inside":
        task_units = [unit for unit in layout.units[:-1] if not unit.pure]
        after = choice(rng, task_units[:2]).end
    new_prompt = place(prompt, picked.text, position, after=after,
                       own_paragraph_over=OWN_PARAGRAPH_OVER)
    kwargs = [dict(item) for item in layout.kwargs]
    return Candidate(new_prompt, kwargs, ContextDetail(distractor=picked.id,
                                                       distractor_kind=picked.kind,
                                                       position=position))


class ContextDistractor:
    """The context style of the distractor kind (kinds/distractor.py chooses the style)."""

    style = "context"

    def propose(self, request: CousinRequest, *, refused: Optional[str] = None) -> Candidate:
        """A context distractor; `refused` says why it stands in for a format one."""
        candidate = add_context(request.layout, request.rng, request.index,
                                attempt=request.attempt, taken=request.accepted)
        if refused is not None:
            candidate.detail = candidate.detail.updated(style="context", format_refused=refused)
        return candidate

    # ------------------------------------------------------------ the model backend

    def model_hint(self, request: CousinRequest) -> str:
        """The sort of context this attempt asks for."""
        return SORTS[(request.index - 1 + 2 * request.attempt) % len(SORTS)]

    def model_candidate(self, answer: ModelCousin, request: CousinRequest, plan: ModelPlan,
                        kwargs: list[dict[str, Any]]) -> Candidate:
        """The answer, once its addition leaves the original whole and states nothing checked."""
        added, _ = addition(request.layout.prompt, answer.prompt, edge_only=False)
        stray = other_statements(added)
        if stray:
            raise ComposeError(f"the addition states a requirement: {stray[0]}")
        return Candidate(answer.prompt, kwargs, plan.detail.updated())
