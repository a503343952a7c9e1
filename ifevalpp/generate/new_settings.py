"""New settings for a reconfiguration: which constraints change, and to what.

IFEval++ reconfigures a case by making its constraints "more challenging …
increasingly difficult". `new_params` asks each chosen type for another setting
(`Constraint.reconfigure`, the `step`-th of three increasingly hard ones under
"harder") and keeps it only when it is no easier in any way — the count moves the
hard way (an exact count up: more bullets), the relation stays, a capped keyword is
not swapped for another, a range is not narrowed to a sliver, the language is not
changed to a script in which another constraint holds by itself (no commas in Persian,
`params.trivialised`) — and the set can hold together (`params.compatible`).
`target_plan` fixes per case which constraints each sibling changes, so later
siblings are at least as hard as earlier ones in every setting.
"""

from __future__ import annotations

import functools
import re
import random
from typing import Any, Optional, Sequence

from ..constraints import get
from ..constraints.support.harder import direction as harder_direction
from ..profiles import Profile
from .prompt.layout import Layout, enumerates_slots, outlined
from .satisfiable import compatible, trivialised
from .versions import stream_seed


def targets(layout: Layout, direction: str = "any", profile: Profile = "official") -> list[int]:
    """Constraints whose setting may change: reconfigurable, not one that changes only with
    the task (`Constraint.follows_task`: an end line), and not an exact count tied to
    an outline the prompt spells out (three parts named, a five-item template), nor any
    count whose every slot the prompt names ("Audience 1 and Audience 2"). Under
    "harder", not a count already at its hardest ("less than 1": never; 100 sentences
    beyond the ceiling): pairing it with another would only sink the other's change."""
    # Beside an answer in another language, new English words to use or avoid ("just",
    # "overall" banned from a French answer) ask nothing: word lists stay as they are.
    foreign = any(get(instruction_id).language_of(params) not in (None, "en")
                  for instruction_id, params in zip(layout.ids, layout.params)) or any(
        name.group(0).lower() != "english" for name in _named_language().finditer(
            " ".join(unit.text for unit in layout.task_units())))  # "Explain in French …"
    return [index for index, instruction_id in enumerate(layout.ids)
            if get(instruction_id).reconfigurable and not get(instruction_id).follows_task
            and not (foreign and get(instruction_id).topic_field)
            and not (get(instruction_id).language_of(layout.params[index]) not in (None, "en")
                     and _quotes_another_script(layout))
            and not (_exact(instruction_id) and _task_names_count(layout, index))
            and not (_exact(instruction_id) and outlined(layout, index))
            and not enumerates_slots(layout, index)
            and not _count_unsaid(layout, index)
            and not (direction == "harder"
                     and _at_hardest(instruction_id, layout.params[index], profile))]


def _quotes_another_script(layout: Layout) -> bool:
    """Whether the task quotes a text of several words in letters beyond English's ("Criticize
    this sentence: "Nhiệm vụ của mẹ là nuôi dạy con cái.""): the answer's language goes with
    that text, and a critique of it in Finnish is no request anyone makes (read CFQ, 1582)."""
    return any(len(quoted.split()) >= 3 and not quoted.isascii()
               for quoted in layout.task_quotes())


def _count_unsaid(layout: Layout, index: int) -> bool:
    """Whether the prompt never says the count it checks ("Include the keyword "brand" each
    time" for two names): a new value would be checked but said nowhere."""
    constraint = get(layout.ids[index])
    if constraint.count is None:
        return False
    found = constraint.statements(layout.prompt, layout.params[index])
    return not any(statement.role == "count" for statement in found)


def _at_hardest(instruction_id: str, params: Any, profile: Profile) -> bool:
    constraint = get(instruction_id)
    if not constraint.has_direction():
        return False
    return constraint.harder(params, random.Random(0), step=1, profile=profile) is None


def _task_names_count(layout: Layout, index: int) -> bool:
    """Whether the task itself says the exact count ("a list of the top 10 attorneys" checked
    at 10 bullets): changed alone, the count would contradict the task."""
    from ..wording.english import number_words

    spec = get(layout.ids[index]).count
    if spec is None:
        return False
    field = spec.field
    value = getattr(layout.params[index], field, None)
    if not isinstance(value, int):
        return False
    task = " ".join(unit.text for unit in layout.task_units()).lower()
    return bool(re.search(rf"\b(?:{value}|{re.escape(number_words(value))})\b", task))


def _exact(instruction_id: str) -> bool:
    spec = get(instruction_id).count
    return spec is not None and spec.shape == "exact"


def new_params(layout: Layout, rng: Any, chosen: Sequence[int], profile: Profile, *,
               direction: str = "harder", step: int = 1) -> Optional[list[Any]]:
    """The case's settings with those of `chosen` changed (the `step`-th harder one under
    "harder"), no easier in any way and able to hold together; None when none is found."""
    # A type whose new setting depends on the kind of piece (an end line) gets it.
    piece = piece_register(layout) if any(get(layout.ids[index]).proposes_for_piece
                                          for index in chosen) else None
    for attempt in range(12):
        params = list(layout.params)
        for index in chosen:
            # A harder setting first (the `step`-th of three); if it cannot hold with the
            # rest, easier steps, then any other setting — but under "harder" never one
            # that is easier or turns the relation round ("less than 2" -> "at least 8").
            wanted = direction if attempt < 3 else "any"
            try:
                constraint = get(layout.ids[index])
                params[index] = constraint.reconfigure(
                    layout.params[index], rng, profile=profile, direction=wanted,
                    step=max(1, step - attempt) if wanted == "harder" else 1,
                    **({"piece": piece} if constraint.proposes_for_piece else {}))
            except ValueError:
                return None
        if direction == "harder" and any(
                change_direction(layout.ids[index], layout.params[index], params[index]) == "easier"
                or _relation_turned(layout.ids[index], layout.params[index], params[index])
                or _eased_by_swap(layout.ids[index], layout.params[index], params[index])
                for index in chosen):
            continue
        if direction == "harder" and _collapsed(layout, params):
            continue
        if any(_refuses_task(layout, index, params[index]) for index in chosen):
            continue  # five kinds of trees in one sentence
        if any(_strands_script(layout, index, params[index]) for index in chosen):
            continue  # a riddle about สเปรดชีต, to be answered in Italian
        if trivialised(layout.ids, params) is not None:
            continue
        if compatible(layout.ids, params, profile=profile) is None:
            return params
    return None


def task_kind(layout: Layout) -> frozenset[str]:
    """The features (generate/tasks/) of the case's own task that a new setting may refuse
    (`Constraint.task_avoids_for`): "items" for a list, a plan or a count of days or
    steps (generate/piece.task_items), and "letter" for a letter or an email, whose greeting,
    body and sign-off take three sentences (read BBR: a cover letter "less than 2 sentences"
    long). "The letter o" and "in capital letters" name no letter (piece.text_features)."""
    from .piece import task_items, text_features

    is_list, count = task_items(layout)
    items = {"items"} if is_list or count is not None else set()
    task = " ".join(unit.text for unit in layout.task_units())
    return frozenset(items | ({"letter"} & text_features(task)))


def _strands_script(layout: Layout, index: int, params: Any) -> bool:
    """Whether a new answer language leaves the task's own words in another script behind:
    a task that names its subject in Thai letters asks for a Thai answer, and the same task
    answered in Italian is no request a person makes (nor one the language check reads
    fairly, since the answer would echo the Thai word)."""
    constraint = get(layout.ids[index])
    old, new = constraint.language_of(layout.params[index]), constraint.language_of(params)
    if old is None or new == old:
        return False
    # An example in brackets or quotes ("such as [পণ্য]") is the answer's, not the task's.
    task = _without_examples(" ".join(unit.text for unit in layout.task_units()))
    if any(character.isalpha() and ord(character) > 0x24F for character in task):
        return True
    # "Write a Hindi poem …" answered in Kannada contradicts itself: a task that names a
    # language keeps its answer language. Where no new task may replace the case's own (a
    # technical subject in another language, 1154), the name the constraint's own statement
    # says ("… only using the Punjabi language") is said anew with the new language, and the
    # language is what a reconfiguration changes; elsewhere a new task is drawn instead.
    from .piece import jargon_under_another_language

    said = list(layout.prompt)
    for statement in (constraint.statements(layout.prompt, layout.params[index])
                      if jargon_under_another_language(layout) else ()):
        said[statement.span.start:statement.span.end] = " " * (statement.span.end -
                                                                statement.span.start)
    unsaid = "".join(said)
    return bool(_named_language().search(_without_examples(
        " ".join(unsaid[unit.start:unit.end] for unit in layout.task_units()))))


def _without_examples(task: str) -> str:
    """`task` without its examples in brackets or quotes ("such as [পণ্য]"): the answer's
    words, not the task's."""
    return re.sub(r"\[[^\]\n]*\]|\"[^\"\n]*\"|“[^”\n]*”", " ", task)


@functools.lru_cache(maxsize=1)
def _named_language() -> "re.Pattern[str]":
    from ..constraints.support.languages import NAMES_IN_PROMPTS

    names = sorted({name for found in NAMES_IN_PROMPTS.values() for name in found}, key=len,
                   reverse=True)
    return re.compile(r"\b(?:" + "|".join(re.escape(name) for name in names) + r")\b")


def _refuses_task(layout: Layout, index: int, params: Any) -> bool:
    """Whether the new setting of constraint `index` refuses the case's own task where its
    old one did not (a cap of one sentence beside "a 12-day itinerary")."""
    constraint = get(layout.ids[index])
    refused = constraint.task_avoids_for(params) - constraint.task_avoids_for(layout.params[index])
    return bool(refused and refused & task_kind(layout))


def piece_register(layout: Layout) -> str:
    """The kind of piece the case's task asks for, as a new end line must suit it
    (generate/piece.end_register: "letter", "verse", "story", …)."""
    from .piece import end_register, features
    return end_register(features(layout))


def _eased_by_swap(instruction_id: str, before: Any, after: Any) -> bool:
    """Whether a counted constraint kept its count and changed something else: a keyword
    swapped at the floor of "less than" ('the' < 2 -> 'river' < 2) is no harder, it is
    easier, so under "harder" the count must move (or another setting, or a new task)."""
    spec = get(instruction_id).count
    if spec is None or spec.shape == "exact":
        return False
    return change_direction(instruction_id, before, after) == "changed" and before != after


def _relation_turned(instruction_id: str, before: Any, after: Any) -> bool:
    """Whether a counted constraint's relation changed ("less than" -> "at least")."""
    spec = get(instruction_id).count
    field = spec.relation_field if spec is not None else None
    return bool(field) and getattr(before, field) != getattr(after, field)


def change_direction(instruction_id: str, before: Any, after: Any) -> str:
    """'harder', 'easier' or 'changed' (no direction, or the relation changed)."""
    spec = get(instruction_id).count
    if spec is not None:
        # An exact count is harder with more parts to get exactly right (8 bullets -> 10).
        fixed = spec.shape in ("at_least", "exact")
        relation = "at least" if fixed else getattr(before, spec.relation_field or "")
        if fixed or relation == getattr(after, spec.relation_field or ""):
            step = harder_direction(relation)
            moved = getattr(after, spec.field) - getattr(before, spec.field)
            if step and moved:
                return "harder" if moved * step > 0 else "easier"
    lists = [name for name, value in before.model_dump().items() if isinstance(value, list)]
    if lists and len(getattr(after, lists[0])) > len(getattr(before, lists[0])):
        return "harder"
    return "changed"


def target_plan(layout: Layout, targets: Sequence[int], index: int, case_seed: int = 0
                ) -> list[list[int]]:
    """Which constraints the `index`-th sibling changes, first choice first. The order and
    whether two change are fixed per case, and a later sibling changes every constraint an
    earlier one did (the first, then the first two), each a step further: so every setting
    of a sibling is at least as hard as in the sibling before (no letter count falling back
    from 70 to 50 while the word list grows). The other orders are fallbacks."""
    seed = stream_seed(case_seed, "settings order")
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
