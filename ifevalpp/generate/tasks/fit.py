"""A case's constraints beside a task of our own: what the task must offer, what must change.

* `task_demands` — what a new task must offer (`task_needs`), must not be
  (`task_avoids`) and how long its answer is (`task_words`), over the constraints;
* `untie_keywords` — keywords that came from the old task ("a cafe called 'Ember'")
  make no sense with another: each is replaced by a word of the keyword list;
* `renew_bound_literals` — a text the response must reproduce that belongs to the
  old task's story (an end line naming its people) gets another setting.
"""

from __future__ import annotations

import re
from typing import Any, Optional, Sequence

from ...constraints import get
from ...constraints.support.choosing import choice, words
from ...profiles import Profile
from ..prompt.layout import Layout
from ..new_settings import caps_count
from ..params import compatible
from ..phrases import Known
from ..records import ComposeError


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


def renew_bound_literals(layout: Layout, params: list[Any], rng: Any, profile: Profile
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


_KNOWN = Known("fit")


def _bound(word: str, text: str) -> bool:
    return re.search(r"(?<![A-Za-z])" + re.escape(word) + r"(?![A-Za-z])", text,
                     re.IGNORECASE) is not None


def untie_keywords(layout: Layout, task: str, rng: Any, *, profile: Profile = "official",
                   params: Optional[Sequence[Any]] = None) -> tuple[list[Any], list[str]]:
    """Keywords that come from the old task ("a cafe called 'Ember'") make no sense with
    another task: each one named in the old task's sentences (and not in the new task) is
    replaced by a word from the keyword list, with the same count."""
    # Task sentences, leaving out those that state a keyword constraint ("so that the term
    # 'harbour' shows up twice or more" names the keyword without tying it to the topic).
    old_task = " ".join(unit.text for unit in layout.units
                        if not unit.pure and not _KNOWN.pattern("keyword_statement").search(unit.text))
    params = list(params if params is not None else layout.params)
    swapped: list[str] = []
    taken = {word.lower() for word in re.findall(r"[A-Za-z]+", layout.prompt + " " + task)}
    pool = [word for word in words()["keywords"] if word.lower() not in taken]
    for index, instruction_id in enumerate(layout.ids):
        field_name = get(instruction_id).topic_field
        if field_name is None or caps_count(instruction_id, params[index]):
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
