"""What a model's cousin must prove before the family filter sees it (the LLM backend's checks).

The template backend builds its cousins so that they hold by construction; a
model only claims that they do. These checks turn each claim into the proof the
template backend relies on, and say in one line why an answer is refused (the
reason goes back to the model with the next attempt):

* **Distractor** — the original prompt is kept word for word and one text is
  added (`addition`). The model names what it added (`prove_distractor`):
  - one of the instruction types: not checked in the case, a format type
    (`competes_as_format`), no declared conflict either way, jointly satisfiable
    (`params.compatible`), stated in the prompt with those kwargs (the validator
    run on the case with the distractor added reports no error and finds its
    statement), and a joint witness (`validate.witness.build_witness` over the
    case's constraints and the distractor);
  - a catalogue requirement (`templates/requirements/`): the types' declarations
    accept its declared effects (`competing.fit.demands`) and the case's
    witness edited to follow it still passes every checker
    (`competing.witness.joint_witness`);
  - a request of its own ("own"): it has no declared effects, so nothing can be
    proven about it beyond the declarations; it is accepted only beside
    constraints that refuse no effect and need nothing a request could forbid
    (an empty `demands`), and only when the case has a witness.
  In every case the added text may state no instruction type other than the
  named one: the validator's unstored scan (`Constraint.unstored`) of the added
  text finds nothing else.
* **Reconfiguration** (`judge_reconfiguration`) — with `--reconfigure harder`,
  every changed value of a type that has a direction moves the hard way, within
  the range the template backend's ladder allows (`support.harder.candidates`, up to
  three times the current count and the type's `harder_ceiling`), keeps its
  relation, and is harder than in the case's earlier reconfigurations; a list of
  words to include or avoid grows and keeps its words. Types without a direction
  (a language, a marker, an exact count) may take any other value.
* **Uniqueness** (`filters.Registry`) — no cousin is another case's original, contains
  another case's original first sentence (its task, when 40 characters or more),
  or (after the run settles) is a cousin of another family.
* **Nothing dropped, nothing added** (`filters.strict_validator`) — the validator's
  REFLECT_NOT_FOUND (a constraint no longer stated) and REFLECT_NOT_STORED (a
  constraint stated that the case does not store) are warnings for a human-made
  case; for a model's cousin, one the original did not have is a rejection.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence

from ...constraints import get, parse_params
from ...constraints.base import Constraint
from ...constraints.support.case import CaseContext
from ...constraints.support.harder import candidates, direction
from ...errors import IfevalppError
from ...profiles import Profile
from ...schema import Case
from ..competing.catalogue import FormatRequest, catalogue
from ..competing.fit import demands
from ..competing.witness import case_witness, joint_witness, witness_for
from ..prompt.layout import Layout
from ..new_settings import change_direction
from ..satisfiable import compatible
from ..records import ComposeError

FREE = "own"
"""The id a model gives a format request of its own (recorded as {"text"}, proven by the
declarations only)."""


# ---------------------------------------------------------------- what a distractor added


def addition(original: str, prompt: str, *, edge_only: bool) -> tuple[str, str]:
    """(the added text, where: 'after', 'before' or 'inside') when `prompt` is `original`
    with text added and nothing else changed; ComposeError otherwise. `edge_only`: the
    addition must be one block before or after the whole original."""
    core, text = original.strip(), prompt.strip()
    if edge_only:
        if text.startswith(core):
            added, where = text[len(core):], "after"
        elif text.endswith(core):
            added, where = text[: len(text) - len(core)], "before"
        else:
            raise ComposeError("the original prompt is not kept word for word with the "
                               "requirement added before or after it")
    else:
        # Word by word, so an inserted sentence is read whole (spacing may differ).
        before, after = core.split(), text.split()
        matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
        pieces = []
        for tag, first, last, start, end in matcher.get_opcodes():
            if tag in ("replace", "delete"):
                raise ComposeError("the original prompt is not kept word for word (it was "
                                   f"edited at {' '.join(before[first:last])[:40]!r})")
            if tag == "insert":
                pieces.append(" ".join(after[start:end]))
        added, where = " ".join(pieces), "inside"
    added = added.strip()
    if not added:
        raise ComposeError("nothing was added to the original prompt")
    return added, where


def other_statements(text: str, allowed: Sequence[str] = ()) -> list[str]:
    """What the validator's unstored scan reads in `text` as a statement of an instruction
    type (other than `allowed`): an added text that states one changes what is checked."""
    from ...validate.unstored import unstored

    return [finding.message for finding in unstored(CaseContext(key=None, prompt=text, items=[]))
            if finding.instruction_id not in allowed]


# ---------------------------------------------------------------- the proofs


def declared_conflict(layout: Layout, instruction_id: str) -> Optional[str]:
    """The declared conflict between `instruction_id` and a type of the case, if any."""
    constraint = get(instruction_id)
    for other in layout.ids:
        if instruction_id in get(other).conflicts_with or other in constraint.conflicts_with:
            why = constraint.conflict_reason(other) or get(other).conflict_reason(instruction_id)
            return f"{instruction_id} conflicts with {other}" + (f" ({why})" if why else "")
    return None


def offered_types(layout: Layout, settings: Mapping[str, Sequence[dict[str, Any]]],
                  profile: Profile) -> list[tuple[str, dict[str, Any]]]:
    """Instruction types a distractor may be, each with an example setting: format types
    not in the case, with no declared conflict with it, and a setting seen in the run (or
    none needed) that can hold with the constraints. The full proof runs on the answer."""
    from ...constraints import REGISTRY

    offered = []
    for instruction_id, constraint in sorted(REGISTRY.items()):
        if not constraint.competes_as_format or instruction_id in layout.ids \
                or declared_conflict(layout, instruction_id) is not None:
            continue
        seen = list(settings.get(instruction_id, ()))
        if not seen and not constraint.Params.model_json_schema().get("required"):
            seen = [{}]
        for example in seen:
            try:
                params = parse_params(instruction_id, dict(example), profile=profile)
            except (IfevalppError, ValueError):
                continue
            if compatible(list(layout.ids) + [instruction_id], list(layout.params) + [params],
                          profile=profile) is None:
                offered.append((instruction_id, params.model_dump(mode="json",
                                                                  exclude_none=True)))
                break
    return offered


def prove_typed(layout: Layout, prompt: str, instruction_id: str,
                kwargs: Optional[Mapping[str, Any]], profile: Profile) -> dict[str, Any]:
    """The record {"instruction_id", "kwargs"} of a typed distractor, once proven."""
    if instruction_id in layout.ids:
        raise ComposeError(f"{instruction_id} is already checked in this case; a distractor "
                           f"adds a requirement the constraints do not cover")
    constraint = get(instruction_id)
    if not constraint.competes_as_format:
        raise ComposeError(f"{instruction_id} is not a format requirement a distractor may add")
    clash = declared_conflict(layout, instruction_id)
    if clash:
        raise ComposeError(clash)
    try:
        params = parse_params(instruction_id, dict(kwargs or {}), profile=profile)
    except (IfevalppError, ValueError) as exc:
        raise ComposeError(f"distractor kwargs: {exc}") from None
    ids = list(layout.ids) + [instruction_id]
    all_params = list(layout.params) + [params]
    clash = compatible(ids, all_params, profile=profile)
    if clash:
        raise ComposeError(f"the distractor cannot hold with the constraints: {clash}")
    record = {"instruction_id": instruction_id,
              "kwargs": params.model_dump(mode="json", exclude_none=True)}
    from ...validate import validate_case

    findings = validate_case(Case(key="joint-proof", prompt=prompt, instruction_id_list=ids,
                                  kwargs=list(layout.kwargs) + [record["kwargs"]]),
                             profile, witness=False)
    for finding in findings:
        if finding.severity == "error":
            raise ComposeError(f"with the distractor: {finding.code}: {finding.message}")
        if finding.code == "REFLECT_NOT_FOUND" and finding.instruction_id == instruction_id:
            raise ComposeError(f"the prompt does not state the distractor {instruction_id} "
                               f"with kwargs {record['kwargs']}")
    if witness_for(prompt, ids, all_params, profile) is None:
        raise ComposeError(f"no joint witness: no response was found that passes the "
                           f"constraints and {instruction_id} together")
    return record


def prove_catalogue(layout: Layout, requirement: FormatRequest, profile: Profile,
                    witness: Optional[str]) -> None:
    """The catalogue requirement sits beside the constraints: declarations and joint witness."""
    wanted = demands(layout)
    if not wanted.accepts(requirement):
        raise ComposeError("; ".join(wanted.why_not(requirement)) + ", which these "
                           "constraints refuse")
    if joint_witness(layout, requirement, profile, witness) is None:
        raise ComposeError(f"no joint witness: the case's witness edited to follow "
                           f"{requirement.id} no longer passes every checker")


def prove_free(layout: Layout, witness: Optional[str]) -> None:
    """A request of the model's own: accepted only beside constraints that refuse nothing."""
    wanted = demands(layout)
    if wanted.refuses or wanted.needs:
        refused = sorted(wanted.refuses) + [f"no {name}" for name in sorted(wanted.needs)]
        raise ComposeError("a request of your own cannot be proven compatible with these "
                           f"constraints (they refuse {', '.join(refused)}); choose one of "
                           f"the listed requirements")
    if witness is None:
        raise ComposeError("a request of your own cannot be proven compatible: the case has "
                           "no witness; choose one of the listed requirements")


@dataclass(frozen=True)
class Chosen:
    """A proven distractor: the record for `Variant.distractor` and its manifest name."""

    record: dict[str, Any]
    requirement: str
    source: str            # instruction | catalogue | free


def prove_distractor(layout: Layout, prompt: str, added: str, chosen_id: str,
                     kwargs: Optional[Mapping[str, Any]], *, profile: Profile,
                     witness: Optional[str]) -> Chosen:
    """Prove the model's named distractor; ComposeError says why it cannot be used."""
    from ...constraints import REGISTRY

    chosen_id = chosen_id.strip()
    by_id = {requirement.id: requirement for requirement in catalogue()}
    if chosen_id in REGISTRY:
        record = prove_typed(layout, prompt, chosen_id, kwargs, profile)
        stray = other_statements(added, allowed=(chosen_id,))
        if stray:
            raise ComposeError(f"the addition states more than {chosen_id}: {stray[0]}")
        return Chosen(record, chosen_id, "instruction")
    stray = other_statements(added)
    if stray:
        raise ComposeError(f"the addition states an instruction type; name it as the "
                           f"distractor instead: {stray[0]}")
    if chosen_id in by_id:
        prove_catalogue(layout, by_id[chosen_id], profile, witness)
        return Chosen({"text": added}, chosen_id, "catalogue")
    if chosen_id == FREE:
        prove_free(layout, witness)
        return Chosen({"text": added}, FREE, "free")
    raise ComposeError(f"unknown distractor {chosen_id!r}: name one of the listed requirements")


@dataclass(frozen=True)
class DistractorOptions:
    """What a format distractor may be for one case, computed once per case."""

    types: tuple[tuple[str, dict[str, Any]], ...]     # (instruction id, example kwargs)
    catalogue: tuple[FormatRequest, ...]
    witness: Optional[str]
    allow_free: bool

    @property
    def empty(self) -> bool:
        return not (self.types or self.catalogue or self.allow_free)

    @property
    def count(self) -> int:
        return len(self.types) + len(self.catalogue) + int(self.allow_free)


def distractor_options(layout: Layout, profile: Profile,
                       settings: Mapping[str, Sequence[dict[str, Any]]]) -> DistractorOptions:
    witness = case_witness(layout, profile)
    wanted = demands(layout)
    usable = tuple(requirement for requirement in catalogue() if wanted.accepts(requirement)
                   and joint_witness(layout, requirement, profile, witness) is not None)
    free = witness is not None and not wanted.refuses and not wanted.needs
    return DistractorOptions(tuple(offered_types(layout, settings, profile)), usable, witness,
                             free)


# ---------------------------------------------------------------- harder


@dataclass(frozen=True)
class Reach:
    """How one setting gets harder: the field, +1 (more) or -1 (fewer), and the range of
    harder values the checker and the ladder allow."""

    field: str
    step: int
    low: int
    high: int
    relation: str

    def describe(self, current: int) -> str:
        if self.step > 0:
            return (f"raise {self.field} above {current} (to at most {self.high}), keeping "
                    f"\"{self.relation}\"")
        return (f"lower {self.field} below {current} (to no less than {self.low}), keeping "
                f"\"{self.relation}\"")


def _list_field(constraint: Constraint, params: Any) -> Optional[str]:
    """The list a harder setting of this type grows (words to include or avoid), if any."""
    if constraint.count is not None or type(constraint).harder is Constraint.harder:
        return None
    lists = [name for name, value in params.model_dump().items() if isinstance(value, list)]
    return lists[0] if lists else None


def _relation(instruction_id: str, params: Any) -> Optional[str]:
    """The relation of a counted setting that has a harder direction, else None."""
    spec = get(instruction_id).count
    if spec is None or spec.shape == "exact":
        return None
    relation = ("at least" if spec.shape == "at_least"
                else getattr(params, spec.relation_field or ""))
    return relation if direction(relation) else None


def reach(instruction_id: str, params: Any, *, max_factor: float = 3.0) -> Optional[Reach]:
    """The harder range of a counted setting, or None (no direction, or nothing harder fits)."""
    relation = _relation(instruction_id, params)
    if relation is None:
        return None
    constraint = get(instruction_id)
    spec = constraint.count
    assert spec is not None
    current = getattr(params, spec.field)
    floor, ceiling = constraint.harder_limits(relation, current)
    options = candidates(current, relation, floor=floor, ceiling=ceiling, max_factor=max_factor)
    if not options:
        return None
    step = direction(relation)
    low, high = (current + 1, max(options)) if step > 0 else (min(options), current - 1)
    return Reach(spec.field, step, low, high, relation)


def at_hardest(instruction_id: str, params: Any) -> bool:
    """A counted setting with a direction but no harder value left (a harder setting leaves
    it as it is)."""
    return _relation(instruction_id, params) is not None and reach(instruction_id, params) is None


def can_get_harder(layout: Layout) -> bool:
    """Whether some setting of the case can change in a harder reconfiguration."""
    return any(get(instruction_id).reconfigurable and not at_hardest(instruction_id, params)
               for instruction_id, params in zip(layout.ids, layout.params))


def harder_guide(layout: Layout) -> list[dict[str, str]]:
    """For the prompt: how each reconfigurable setting of the case gets harder."""
    guide = []
    for instruction_id, params in zip(layout.ids, layout.params):
        constraint = get(instruction_id)
        if not constraint.reconfigurable:
            continue
        found = reach(instruction_id, params)
        listed = _list_field(constraint, params)
        if found is not None:
            how = found.describe(getattr(params, found.field))
        elif at_hardest(instruction_id, params):
            how = "is as hard as it sensibly gets: leave it as it is"
        elif listed is not None:
            how = f"add one to three words to {listed}, keeping the words already there"
        else:
            how = "has no harder direction: give it a different valid value"
        guide.append({"instruction": instruction_id, "how": how})
    return guide


def _judge(instruction_id: str, before: Any, after: Any) -> tuple[str, Optional[str]]:
    """(direction label, why the change is not an acceptable harder change or None)."""
    label = change_direction(instruction_id, before, after)
    constraint = get(instruction_id)
    found = reach(instruction_id, before)
    if found is not None:
        spec = constraint.count
        assert spec is not None
        if spec.relation_field and getattr(after, spec.relation_field) != found.relation:
            return label, (f"{instruction_id}: the relation changed from \"{found.relation}\" to "
                           f"\"{getattr(after, spec.relation_field)}\"; a harder setting keeps "
                           f"it and moves the number")
        value = getattr(after, found.field)
        if label != "harder":
            return label, (f"{instruction_id}: {found.field} {getattr(before, found.field)} -> "
                           f"{value} is not harder ({'more' if found.step > 0 else 'fewer'} is "
                           f"harder for \"{found.relation}\")")
        if not found.low <= value <= found.high:
            return label, (f"{instruction_id}: {found.field} {value} is outside the harder range "
                           f"{found.low}-{found.high}")
        return label, None
    if at_hardest(instruction_id, before):
        return label, f"{instruction_id}: no harder value fits; leave it as it is"
    listed = _list_field(constraint, before)
    if listed is not None:
        old, new = getattr(before, listed), getattr(after, listed)
        kept = {word.lower() for word in new} >= {word.lower() for word in old}
        if len(new) <= len(old) or not kept:
            return "changed", (f"{instruction_id}: a harder {listed} keeps its words and adds "
                               f"more ({old} -> {new})")
        return "harder", None
    return label, None


def _beyond(instruction_id: str, before: Any, after: Any, sibling: Any) -> Optional[str]:
    """Why `after` is not harder than the sibling reconfiguration's setting, if it is not."""
    constraint = get(instruction_id)
    found = reach(instruction_id, before)
    if found is not None:
        mine, theirs = getattr(after, found.field), getattr(sibling, found.field)
        relation_field = constraint.count.relation_field if constraint.count else None
        if getattr(sibling, relation_field or "", found.relation) != found.relation:
            return None  # an earlier version with another relation is not comparable
        limit = found.high if found.step > 0 else found.low
        if (mine - theirs) * found.step > 0 or (mine == theirs == limit):
            return None
        return f"{found.field} {mine} here, {theirs} there"
    listed = _list_field(constraint, before)
    if listed is not None and len(getattr(after, listed)) < len(getattr(sibling, listed)):
        return f"{len(getattr(after, listed))} words in {listed} here, " \
               f"{len(getattr(sibling, listed))} there"
    return None


def judge_reconfiguration(layout: Layout, new_params: Sequence[Any], *, mode: str,
                          siblings: Sequence[tuple[int, Sequence[Any]]] = ()
                          ) -> dict[str, Any]:
    """The detail of a parameter reconfiguration (what changed, in which direction); in
    `mode` "harder", ComposeError when a change is not harder, or not harder than an
    earlier reconfiguration (`siblings`: (index, params) of those kept so far)."""
    changed, directions = [], {}
    for position, (instruction_id, before, after) in enumerate(
            zip(layout.ids, layout.params, new_params)):
        if before == after or get(instruction_id).request_field:
            continue  # the request to repeat follows the prompt; it is not a setting
        label, problem = _judge(instruction_id, before, after)
        if mode == "harder" and problem:
            raise ComposeError(f"not harder: {problem}")
        if mode == "harder":
            for index, earlier in siblings:
                if earlier[position] != before:
                    behind = _beyond(instruction_id, before, after, earlier[position])
                    if behind:
                        raise ComposeError(f"not harder than reconfiguration {index}: "
                                           f"{instruction_id}: {behind}")
        changed.append(instruction_id)
        directions[instruction_id] = label
    return {"changed": changed, "directions": directions}
