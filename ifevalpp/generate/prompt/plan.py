"""Plan what is said where: which units stay, which lose a clause, which go, what is said anew.

`plan(layout, targets, …)` decides, for constraints `targets` to be stated anew
(with new values `params`, or the task dropped), what happens to each unit that
states one. The units are visited until nothing more changes (dropping a unit may
pull more constraints in); each unit is decided by the first situation that applies
(`_SITUATIONS`, one method each):

* the task is dropped (a new task): the unit goes, its constraints are said anew;
* a pure unit: it goes, keeping only an aside of its own ("Keep it breezy");
* a statement that asks more than its types can say anew: it stays word for word, a
  changed value edited in place;
* a sentence the next one says again ("In other words, …"), or one naming parts of the
  answer no other sentence names ("Give your final summary, following ******"): it stays,
  a changed value edited in place;
* a split that would leave a bare fragment ("Separate the essay and the poem"): it goes;
* a unit that only mentions constraints stated elsewhere: a format phrase is cut,
  otherwise it stays (with a changed value updated where it is mentioned);
* the constraints' clause can be cut: it is, and they are said anew;
* one constraint's clause can be cut: it is, the others stay stated there;
* the values can be edited in place: they are;
* otherwise the unit stays as it is (or planning fails, when a value must change).

Last, a constraint still stated in a task sentence that stays is not said anew
(`_keep_stated`), and nor are the other statements it brings with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence

from ...constraints import get
from ..records import ComposeError
from .cut import strip_clause
from .layout import Layout, Unit, local_spans
from .stated import (aside, bare_split, holds_old_value, literals, mention_only, mentions_updated, own_parts,
                     reworded_next, stated_by, stated_elsewhere, states, still_here,
                     still_states, strip_one)
from .substitute import substitute_values
from .words import content_words


@dataclass
class Plan:
    """What happens to each unit and which constraints need a fresh statement."""

    unit_text: dict[int, Optional[str]]      # unit position -> new text (None: drop)
    render: list[int]                        # constraint indices to state anew, in order
    anchor: dict[int, int]                   # constraint index -> unit position to render at
    asides: set[int] = field(default_factory=set)  # pure units cut down to their aside
    kept: set[int] = field(default_factory=set)    # pure units kept verbatim (see `plan`)

    def task_like(self, position: int) -> bool:
        """Whether a pure unit stays with the task (an aside, or a statement left in place)."""
        return position in self.asides or position in self.kept


def default_anchor(layout: Layout) -> int:
    """Render new statements after the last task unit."""
    last = 0
    for position, unit in enumerate(layout.units):
        if not unit.pure:
            last = position
    return last


class _Planner:
    """The plan as it is made: each situation method decides one unit or passes."""

    def __init__(self, layout: Layout, targets: set[int], drop_task: bool,
                 params: Optional[Sequence[Any]]) -> None:
        self.layout, self.targets, self.drop_task, self.params = layout, targets, drop_task, params
        self.unit_text: dict[int, Optional[str]] = {}
        self.render: list[int] = []
        self.anchor: dict[int, int] = {}
        self.asides: set[int] = set()
        self.stated: set[int] = set()      # constraints whose statement stays in a task unit
        self.stripped_from: set[int] = set()
        self.changed = False

    def want(self, index: int, position: int) -> None:
        """State constraint `index` anew, at unit `position` (the first position asked)."""
        if index not in self.render:
            self.render.append(index)
            self.anchor[index] = position

    def decide(self, position: int, text: Optional[str], *, changed: bool = True,
               anew: Sequence[int] = ()) -> bool:
        self.unit_text[position] = text
        self.changed = self.changed or changed
        for index in anew:
            self.want(index, position)
        return True

    # ------------------------------------------------------------ the situations

    def drop_with_task(self, position: int, unit: Unit, hit: set[int]) -> bool:
        return self.decide(position, None, anew=list(unit.owners))

    def pure_unit(self, position: int, unit: Unit, hit: set[int]) -> bool:
        """A pure unit goes, keeping what it asks beyond its constraints ("Keep it breezy,
        and avoid commas throughout" keeps "Keep it breezy.")."""
        if not unit.pure:
            return False
        kept = None if self.drop_task else aside(self.layout, unit)
        if kept is not None:
            self.asides.add(position)
        return self.decide(position, kept, anew=stated_by(self.layout, unit))

    def kept_unit(self, position: int, unit: Unit, hit: set[int]) -> bool:
        """A statement that asks more than its types can say anew ("… at least 40 sentences
        (and do add punctuations)") stays word for word, a changed value
        edited in place; its constraints are stated there, not anew."""
        if not unit.kept:
            return False
        layout, params = self.layout, self.params
        text: Optional[str] = unit.text
        edited: set[int] = set()
        for index in sorted(hit):
            if params is None or params[index] == layout.params[index]:
                continue
            if not local_spans(layout, unit, index):
                if holds_old_value(layout, unit, index):
                    raise ComposeError(f"the sentence {unit.text[:60]!r}, which stays, says "
                                       f"the old value of {layout.ids[index]}")
                continue
            text = substitute_values(layout, unit, index, params[index], text)
            if text is None:
                raise ComposeError(f"cannot change {layout.ids[index]} in the sentence "
                                   f"{unit.text[:60]!r}, which asks more than it")
            edited.add(index)
        # Its constraints are stated here when it says their value (an example block alone,
        # "For example:\nSection 1\n***\nSection 2", states no count: that is said anew),
        # the ones edited in place with their new value.
        self.stated |= still_here(layout, unit, hit, params) | edited
        return self.decide(position, text, changed=False)

    def stays_whole(self, position: int, unit: Unit, hit: set[int]) -> bool:
        """A sentence the next one says again ("Separate the essay and the poem with ******
        In other words, …"), or one that names parts of the answer no other sentence names
        ("Give your final summary, following ******"), stays as it is, a changed value
        edited in place: cutting it would leave the rewording pointing at nothing, or trade
        what the parts are for a generic "two different answers"."""
        if not (reworded_next(self.layout, position) or own_parts(self.layout, unit, hit)):
            return False
        return self.edit_values(position, unit, hit) or self.leave(position, unit, hit)

    def bare_split(self, position: int, unit: Unit, hit: set[int]) -> bool:
        """"Separate the essay and the poem with ******": cutting the value would leave
        "Separate the essay and the poem" bare; the parts are named by the task ("… an
        essay … then a poem"), so the whole sentence goes and is said anew."""
        spans = [span for index in hit for span in local_spans(self.layout, unit, index)]
        if not bare_split(self.layout, unit, hit, spans):
            return False
        return self.decide(position, None, anew=stated_by(self.layout, unit))

    def mentions_only(self, position: int, unit: Unit, hit: set[int]) -> bool:
        """Only a word of the task matched ("a Zelda fan", "trying to avoid using the letter
        t"); the statement itself is elsewhere, so the task stays as it is — unless a format
        phrase can be cut cleanly ("… in JSON format."), which would otherwise be stated
        twice."""
        layout = self.layout
        if not all(mention_only(unit.text, local_spans(layout, unit, index)) and any(
                other.pure for other in layout.units_of(index)) for index in hit):
            return False
        formats = {index for index in hit
                   if get(layout.ids[index]).format_phrase and stated_elsewhere(layout, index)}
        cut = None
        if formats:
            cut = strip_clause(unit.text, [span for index in formats
                                           for span in local_spans(layout, unit, index)],
                               literals(layout, hit))
        if cut is not None and not still_states(layout, cut, unit, formats) and \
                content_words(cut):
            self.stripped_from |= formats
            return self.decide(position, cut, anew=sorted(formats))
        return self.decide(position, mentions_updated(layout, unit, hit, self.params),
                           changed=False)

    def cut_clause(self, position: int, unit: Unit, hit: set[int]) -> bool:
        spans = [span for index in hit for span in local_spans(self.layout, unit, index)]
        stripped = strip_clause(unit.text, spans, literals(self.layout, hit))
        if stripped is None or still_states(self.layout, stripped, unit, hit):
            return False
        self.stripped_from |= hit
        return self.decide(position, stripped, anew=sorted(hit))

    def cut_one(self, position: int, unit: Unit, hit: set[int]) -> bool:
        single = strip_one(self.layout, unit, hit, self.params)
        if single is None:
            return False
        index, text = single
        self.stripped_from.add(index)
        self.stated |= still_here(self.layout, unit, hit - {index}, self.params)
        return self.decide(position, text, anew=[index])

    def edit_values(self, position: int, unit: Unit, hit: set[int]) -> bool:
        if self.params is None or not all(index in self.targets for index in hit):
            return False
        edited: Optional[str] = unit.text
        for index in hit:
            edited = substitute_values(self.layout, unit, index, self.params[index], edited)
            if edited is None:
                return False
        # Unchanged values are still stated here, as when the unit is left as it is.
        self.stated |= still_here(self.layout, unit, hit, self.params)
        return self.decide(position, edited)

    def leave(self, position: int, unit: Unit, hit: set[int]) -> bool:
        """Not changing: leave the statement where it is (unless its value must change)."""
        layout, params = self.layout, self.params
        if all(index in self.targets and params is not None and params[index] !=
               layout.params[index] for index in hit):
            raise ComposeError(f"cannot separate {', '.join(layout.ids[i] for i in hit)} "
                               f"from the task sentence {unit.text[:60]!r}")
        self.stated |= still_here(layout, unit, hit, params)
        return self.decide(position, unit.text, changed=False)

    # ------------------------------------------------------------ the whole plan

    def visit(self) -> None:
        """Every unit that states a constraint in play, until nothing more changes."""
        self.changed = True
        while self.changed:  # dropping a unit may pull more constraints in
            self.changed = False
            for position, unit in enumerate(self.layout.units):
                if position in self.unit_text or not unit.owners:
                    continue
                if self.drop_task and not unit.pure:
                    self.drop_with_task(position, unit, set(unit.owners))
                    continue
                hit = unit.owners & (self.targets | set(self.render))
                if hit:
                    next(situation for situation in _SITUATIONS
                         if situation(self, position, unit, hit))

    def keep_stated(self) -> set[int]:
        """A constraint still stated inside a task sentence that stays is not stated anew.

        Its other statements (pure units) stay as they were too, and so do the constraints
        those units state, until nothing would be said twice. Returns the kept positions.
        """
        layout = self.layout
        kept: set[int] = set()
        pending = {index for index in self.stated if index in self.render}
        done: set[int] = set()
        while pending:
            if pending & self.stripped_from:
                raise ComposeError("a constraint stated in the task sentence is also cut from "
                                   "another sentence")
            done |= pending
            for index in pending:
                self.render.remove(index)
                self.anchor.pop(index, None)
            following: set[int] = set()
            for position, unit in enumerate(layout.units):
                if not unit.pure or position in kept:
                    continue
                if not any(states(layout, unit, index) for index in pending & unit.owners):
                    continue
                self.unit_text[position] = unit.text
                kept.add(position)
                self.asides.discard(position)
                following |= {index for index in unit.owners
                              if index in self.render and index not in done
                              and states(layout, unit, index)}
            pending = following
        return kept


# In the order they are tried; `leave` always decides.
_SITUATIONS: tuple[Callable[[_Planner, int, Unit, set[int]], bool], ...] = (
    _Planner.pure_unit, _Planner.kept_unit, _Planner.stays_whole, _Planner.bare_split, _Planner.mentions_only, _Planner.cut_clause,
    _Planner.cut_one, _Planner.edit_values, _Planner.leave)


def plan(layout: Layout, targets: set[int], *, drop_task: bool = False,
         params: Optional[Sequence[Any]] = None) -> Plan:
    """Decide which units to drop or edit so constraints in `targets` can be stated anew
    (module docstring); ComposeError when a changed value cannot be stated."""
    planner = _Planner(layout, targets, drop_task, params)
    # Constraints with no located statement get one, unless the task and the value stay: the
    # original says it only by implication ("a 30-line poem … Each line should contain exactly
    # one sentence"), and "Write exactly thirty sentences" beside it says it twice (reads CJK,
    # CJS, CJW on 1418).
    for index, instruction_id in enumerate(layout.ids):
        if get(instruction_id).request_field:
            continue
        implied = not drop_task and (params is None or params[index] == layout.params[index])
        if index in targets and not layout.units_of(index) and not implied:
            planner.want(index, default_anchor(layout))
    planner.visit()
    kept = planner.keep_stated()
    if drop_task:
        _versions_first(planner)
    return Plan(planner.unit_text, planner.render, planner.anchor, planner.asides, kept)


def _versions_first(planner: _Planner) -> None:
    """Beside a new task, two versions are asked for before what each of them holds: "Split
    each version into ten parts" before "Give two versions" reads as a forward reference
    (3324, whose task sentence the count of days owns)."""
    layout = planner.layout
    dropped = sorted((index for index in planner.render
                      if not layout.units[planner.anchor[index]].pure),
                     key=lambda index: (planner.anchor[index], planner.render.index(index)))
    versions = [index for index in dropped if get(layout.ids[index]).gives_versions]
    if not versions or dropped[0] in versions:
        return
    first = planner.anchor[dropped[0]]
    for index in versions:
        planner.render.remove(index)
        planner.render.insert(0, index)
        planner.anchor[index] = first
