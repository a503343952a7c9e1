"""Reconfiguration cousins: new parameters stated in the prompt, or a new task of our own.

Parameter change: one or two reconfigurable constraints get a new setting from
`Constraint.reconfigure` (kept jointly satisfiable by `params.compatible`); the
units that state them are re-rendered in place, or the value is edited inside a
task sentence, so kwargs and prompt always change together. Reconfiguration 2
also restructures the prompt, so siblings differ by more than one number.

New task (for cases whose constraints have no parameters, or when no parameter
change can be stated cleanly): the task is replaced by one from the task grammar
(generate/tasks.py) that suits the constraints, which are all said anew. Keywords named by the old task (a company's or a person's name) are
replaced with words from the keyword list, counts unchanged, so the new prompt does
not ask for a name from a task that is gone (`Constraint.topic_field`). The
request to repeat (`Constraint.request_field`) follows the new request either way.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any, Optional, Sequence

from ..constraints import get
from ..constraints.support.choosing import choice, words
from ..profiles import Profile
from .compose import PRESENTATIONS, ComposeError, Composed, in_place, restructured
from .decompose import Layout, outlined
from .params import compatible

def _targets(layout: Layout) -> list[int]:
    """Constraints whose setting may change: reconfigurable, and not an exact count tied to
    an outline the prompt spells out (three parts named, a five-item template)."""
    return [index for index, instruction_id in enumerate(layout.ids)
            if get(instruction_id).reconfigurable
            and not (_exact(instruction_id) and outlined(layout, index))]


def _exact(instruction_id: str) -> bool:
    spec = get(instruction_id).count
    return spec is not None and spec.shape == "exact"


def _new_params(layout: Layout, rng: Any, targets: Sequence[int], profile: Profile, *,
                direction: str = "harder", step: int = 1) -> Optional[list[Any]]:
    for attempt in range(12):
        params = list(layout.params)
        for index in targets:
            # A harder setting first (the `step`-th of three); if it cannot hold with the
            # rest, easier steps, then any other setting — but under "harder" never one
            # that is easier or turns the relation round ("less than 2" -> "at least 8").
            wanted = direction if attempt < 3 else "any"
            try:
                params[index] = get(layout.ids[index]).reconfigure(
                    layout.params[index], rng, profile=profile, direction=wanted,
                    step=max(1, step - attempt) if wanted == "harder" else 1)
            except ValueError:
                return None
        if direction == "harder" and any(
                _direction(layout.ids[index], layout.params[index], params[index]) == "easier"
                or _relation_turned(layout.ids[index], layout.params[index], params[index])
                or _eased_by_swap(layout.ids[index], layout.params[index], params[index])
                for index in targets):
            continue
        if direction == "harder" and _collapsed(layout, params):
            continue
        if compatible(layout.ids, params, profile=profile) is None:
            return params
    return None


def _eased_by_swap(instruction_id: str, before: Any, after: Any) -> bool:
    """Whether a counted constraint kept its count and changed something else: a keyword
    swapped at the floor of "less than" ('the' < 2 -> 'river' < 2) is no harder, it is
    easier, so under "harder" the count must move (or another setting, or a new task)."""
    spec = get(instruction_id).count
    if spec is None or spec.shape == "exact":
        return False
    return _direction(instruction_id, before, after) == "changed" and before != after


def _relation_turned(instruction_id: str, before: Any, after: Any) -> bool:
    """Whether a counted constraint's relation changed ("less than" -> "at least")."""
    spec = get(instruction_id).count
    field = spec.relation_field if spec is not None else None
    return bool(field) and getattr(before, field) != getattr(after, field)


def _direction(instruction_id: str, before: Any, after: Any) -> str:
    """'harder', 'easier' or 'changed' (no direction, or the relation changed)."""
    from ..constraints.support.harder import direction

    spec = get(instruction_id).count
    if spec is not None and spec.shape != "exact":
        relation = "at least" if spec.shape == "at_least" else getattr(before, spec.relation_field or "")
        if spec.shape == "at_least" or relation == getattr(after, spec.relation_field or ""):
            step = direction(relation)
            moved = getattr(after, spec.field) - getattr(before, spec.field)
            if step and moved:
                return "harder" if moved * step > 0 else "easier"
    lists = [name for name, value in before.model_dump().items() if isinstance(value, list)]
    if lists and len(getattr(after, lists[0])) > len(getattr(before, lists[0])):
        return "harder"
    return "changed"


def reconfigure_case(layout: Layout, rng: Any, index: int, *,
                     profile: Profile = "official", attempt: int = 0,
                     direction: str = "harder") -> Composed:
    """The `index`-th reconfiguration (1-based) of a case. From the seventh attempt on (the
    settings kept failing or repeated a sibling's), a new task instead."""
    targets = _targets(layout) if attempt < 6 else []
    if targets:
        for chosen in _target_plan(layout, targets, index):
            params = _new_params(layout, rng, chosen, profile, direction=direction, step=index)
            if params is None:
                continue
            detail = {"strategy": "parameters",
                      "changed": [layout.ids[item] for item in chosen],
                      "directions": {layout.ids[item]: _direction(layout.ids[item],
                                                                  layout.params[item], params[item])
                                     for item in chosen}}
            try:
                if (index + attempt) % 3 == 2:
                    presentation = choice(rng, PRESENTATIONS)
                    return restructured(layout, rng, params=params, presentation=presentation,
                                        detail=detail)
                return in_place(layout, rng, targets=set(chosen), params=params,
                                vary=(index + attempt) % 3 == 0, rephrase_repeat=False,
                                detail=detail)
            except ComposeError:
                continue  # the next choice of constraints, then a new task
    return new_task(layout, rng, index=index, attempt=attempt, profile=profile,
                    direction=direction)


def _target_plan(layout: Layout, targets: Sequence[int], index: int) -> list[list[int]]:
    """Which constraints the `index`-th sibling changes, first choice first. The order and
    whether two change are fixed per case, and a later sibling changes every constraint an
    earlier one did (the first, then the first two), each a step further: so every setting
    of a sibling is at least as hard as in the sibling before (no letter count falling back
    from 70 to 50 while the word list grows). The other orders are fallbacks."""
    seed = int.from_bytes(hashlib.sha256(layout.prompt.encode("utf-8")).digest()[4:8], "big")
    start = seed % len(targets)
    order = list(targets[start:]) + list(targets[:start])
    pair = len(order) >= 2 and (seed >> 8) % 10 < 4 and index >= 2
    plans = []
    for shift in range(len(order)):
        rotated = order[shift:] + order[:shift]
        plans.append(rotated[:2] if pair else rotated[:1])
    return plans


def _window(layout: Layout, params: Sequence[Any]) -> dict[tuple[str, str], list[int]]:
    """For each counted type stated as a range (at least A, less than B), the bounds."""
    bounds: dict[tuple[str, str], list[int]] = {}
    for instruction_id, item in zip(layout.ids, params):
        spec = get(instruction_id).count
        if spec is None or spec.shape == "exact" or not spec.relation_field:
            continue
        relation = getattr(item, spec.relation_field)
        value = getattr(item, spec.field)
        low, high = bounds.setdefault((instruction_id, spec.field), [0, 10**9])
        if relation == "at least":
            bounds[(instruction_id, spec.field)][0] = max(low, value)
        elif relation == "less than":
            bounds[(instruction_id, spec.field)][1] = min(high, value - 1)
        elif relation == "at most":
            bounds[(instruction_id, spec.field)][1] = min(high, value)
    return bounds


def _collapsed(layout: Layout, params: Sequence[Any]) -> bool:
    """Whether a range (at least 600, less than 700 words) lost more than three quarters of
    its width, or collapsed to one value (exactly 700): a sliver, not a harder request."""
    before, after = _window(layout, layout.params), _window(layout, params)
    for key, (low, high) in before.items():
        if high >= 10**9 or low == 0:
            continue
        new_low, new_high = after[key]
        if new_high - new_low < max(1, (high - low) // 4):
            return True
    return False


def task_demands(layout: Layout) -> tuple[set[str], set[str], Optional[int], Optional[int]]:
    """What a new task must offer (`task_needs`), must not be (`task_avoids`) and how long
    its answer is (`task_words`: fewest, most words), over the case's constraints."""
    needs: set[str] = set()
    avoids: set[str] = set()
    low, high = None, None
    for instruction_id, params in zip(layout.ids, layout.params):
        constraint = get(instruction_id)
        needs |= set(constraint.task_needs)
        avoids |= set(constraint.task_avoids)
        words = constraint.task_words(params)
        if words is not None:
            low = words[0] if low is None or (words[0] or 0) > low else low
            high = words[1] if high is None or (words[1] is not None and words[1] < high) else high
    return needs, avoids, low, high


def new_task(layout: Layout, rng: Any, *, index: int, attempt: int = 0,
             profile: Profile = "official", direction: str = "any") -> Composed:
    """A task of our own (generate/tasks.py) that suits the constraints (`task_demands`);
    the constraints are all stated anew around it. Under "harder" the settings move as the
    `index`-th sibling's would (where they can), so a late sibling with a new task does not
    fall back to the original bound after its siblings tightened it."""
    from ..constraints.support.choosing import seeded_random
    from .tasks import TaskMaker

    needs, avoids, low, high = task_demands(layout)
    maker = TaskMaker(seeded_random(rng))
    # One kind of piece per cousin of a family: consecutive slots from a point fixed per case.
    start = int.from_bytes(hashlib.sha256(layout.prompt.encode("utf-8")).digest()[:4], "big")
    task = maker.make(needs=needs, avoids=avoids, words=(low, high),
                      exclude=[layout.prompt], slot=start + index - 1)
    if task is None:
        raise ComposeError(f"no task of ours offers {sorted(needs)} without {sorted(avoids)} "
                           f"at {low}-{high} words")
    detail = {"strategy": "task", "task_source": "grammar", "task_genre": task.genre}
    tuned = None
    targets = _targets(layout) if direction == "harder" else []
    for chosen in (_target_plan(layout, targets, index) if targets else []):
        tuned = _new_params(layout, rng, chosen, profile, direction=direction, step=index)
        if tuned is not None:
            break
    params, swapped = _untie_keywords(layout, task.text, rng, params=tuned)
    if swapped:
        detail["keywords_swapped"] = swapped
    params, renewed = _renew_bound_literals(layout, params, rng, profile)
    if renewed:
        detail["literals_renewed"] = renewed
    every = {position for position, item_id in enumerate(layout.ids)
             if not get(item_id).request_field}
    # The request to repeat is said anew too: the original's may name the old piece
    # ("Before you give the limerick, repeat …") when the new task asks for a poem.
    return in_place(layout, rng, targets=every, params=params, task_override=task.text,
                    rephrase_repeat=True, detail=detail)


def _bans(instruction_id: str, params: Any) -> bool:
    """Whether a counted constraint caps its count ("'the' less than 2 times"): another word
    in its place would be one the new task never needs, a far easier request, so the word
    stays."""
    from ..constraints.support.harder import direction

    spec = get(instruction_id).count
    if spec is None or not spec.relation_field:
        return False
    return direction(getattr(params, spec.relation_field)) < 0


def _renew_bound_literals(layout: Layout, params: list[Any], rng: Any, profile: Profile
                          ) -> tuple[list[Any], list[str]]:
    """A text the response must reproduce that belongs to the old task's story (an end line
    naming its people) gets another setting of its type for the new task."""
    renewed: list[str] = []
    fresh = list(params)
    for index, instruction_id in enumerate(layout.ids):
        constraint = get(instruction_id)
        if constraint.literal_bound_to_task(fresh[index]):
            fresh[index] = constraint.reconfigure(fresh[index], rng, profile=profile)
            renewed.append(instruction_id)
    if renewed and compatible(layout.ids, fresh, profile=profile) is not None:
        raise ComposeError("the old task's own texts cannot be replaced compatibly")
    return fresh, renewed


_KEYWORD_STATEMENT = re.compile(r"\b(?:words?|keywords?|terms?|appears?|appearing|times|twice|"
                                r"once|mention\w*|include\w*|use|using)\b", re.IGNORECASE)


def _bound(word: str, text: str) -> bool:
    return re.search(r"(?<![A-Za-z])" + re.escape(word) + r"(?![A-Za-z])", text,
                     re.IGNORECASE) is not None


def _untie_keywords(layout: Layout, task: str, rng: Any, *, profile: Profile = "official",
                    params: Optional[Sequence[Any]] = None) -> tuple[list[Any], list[str]]:
    """Keywords that come from the old task ("a cafe called 'Ember'") make no sense with
    another task: each one named in the old task's sentences (and not in the new task) is
    replaced by a word from the keyword list, with the same count."""
    # Task sentences, leaving out those that state a keyword constraint ("so that the term
    # 'harbour' shows up twice or more" names the keyword without tying it to the topic).
    old_task = " ".join(unit.text for unit in layout.units
                        if not unit.pure and not _KEYWORD_STATEMENT.search(unit.text))
    params = list(params if params is not None else layout.params)
    swapped: list[str] = []
    taken = {word.lower() for word in re.findall(r"[A-Za-z]+", layout.prompt + " " + task)}
    pool = [word for word in words()["keywords"] if word.lower() not in taken]
    for index, instruction_id in enumerate(layout.ids):
        field_name = get(instruction_id).topic_field
        if field_name is None or _bans(instruction_id, params[index]):
            continue
        item = params[index]
        value = getattr(item, field_name)
        olds = [value] if isinstance(value, str) else list(value)
        news = []
        for word in olds:
            if _bound(word, old_task) and not _bound(word, task) and pool:
                new = pool.pop(int(choice(rng, range(len(pool)))))
                swapped.append(f"{word}->{new}")
                news.append(new)
            else:
                news.append(word)
        if news != olds:
            params[index] = item.model_copy(
                update={field_name: news[0] if isinstance(value, str) else news})
    if swapped and compatible(layout.ids, params, profile=profile) is not None:
        raise ComposeError("the old task's keywords cannot be replaced compatibly")
    return params, swapped
