"""Distractors that compete: the original prompt plus one extra format requirement.

IFEval++ keeps the original prompt and appends one requirement about the form of
the answer that the checked constraints do not cover, so the model must juggle a
competing instruction. Ours comes from the catalogue in `templates/requirements/`
(a heading per section, a closing question, a numbered list, an emoji-free
reply, …), worded by its grammar. It is used only when it is proven compatible:

* the types' own declarations — `refuses_effects` (what a type cannot have a
  distractor add: a fixed end, a JSON-only reply, no capitals) and the texts a
  response must contain at its start or end (`requires`) — accept its declared
  effects, and nothing it forbids is something the constraints need;
* the joint witness: the validator's witness for the case, changed to follow
  the requirement (`Requirement.apply`), still passes every checked constraint
  and breaks none of the requirement's own bans.

Only the original constraints are scored; the record names the distractor in its
`distractor` field ({"text": …}), and the kwargs stay the original's.
"""

from __future__ import annotations

import functools
import hashlib
import random
import re
from typing import Any, Callable, Mapping, Optional, Sequence

from ..constraints import check, get, parse_params
from ..constraints.support.case import CaseContext, Item
from ..constraints.support.choosing import seeded_random
from ..errors import IfevalppError
from ..wording import Sampler
from .compose import ComposeError, Composed
from .decompose import Layout
from .distance import tokens
from .params import compatible
from .requirements import EFFECTS, Demands, Requirement, catalogue

_AT_START = frozenset({"adds_first_line", "sets_start"})
_AT_END = frozenset({"adds_last_line", "sets_end", "ends_with_question"})


# What a piece of one sentence (a sentence to rewrite, "write a long sentence") cannot take:
# a second sentence, a list, a layout, lines of its own.
_ONE_SENTENCE_REFUSES = frozenset({
    "adds_sentence", "adds_lines", "adds_bullets", "numbered_list", "changes_shape", "uses_table",
    "limits_paragraph_length", "adds_first_line", "adds_last_line", "ends_with_question",
    "needs_question_mark"})
_ONE_SENTENCE_TASK = re.compile(
    r"\b(?:a|one|single|the)\s+(?:(?:long|short|single|funny|formal|new)\s+)*sentence\b", re.I)
_REWORK = re.compile(r"\b(?:re-?write|rephrase|paraphrase|reword|criti[cs]i[sz]e|edit|improve)\b",
                     re.I)
_QUOTED = re.compile(r'["\u201c]([^"\u201d]{3,})["\u201d]')
# A quoted text this short, to rework, gives a reply of about its size: a sentence or two.
_SHORT_QUOTE_WORDS = 30


def one_sentence(layout: Layout) -> bool:
    """Whether the task asks for a piece of about one sentence: a sentence of its own
    ("Write a long sentence about …") or a short quoted text to rewrite or criticise."""
    text = " ".join(unit.text for unit in layout.task_units())
    if _ONE_SENTENCE_TASK.search(text) and not re.search(r"\bsentences\b", text, re.I):
        return True
    if not _REWORK.search(text):
        return False
    quoted = [match.group(1) for match in _QUOTED.finditer(text)]
    return bool(quoted) and max(len(tokens(q)) for q in quoted) <= _SHORT_QUOTE_WORDS


def piece_kind(layout: Layout) -> frozenset[str]:
    """The features (generate/tasks.py) of the first kind of piece the task sentences name
    (a letter, a plan, an essay), or none."""
    from .tasks import catalogue as task_catalogue

    text = " ".join(unit.text for unit in layout.task_units()).lower()
    found: Optional[tuple[int, frozenset[str]]] = None
    for genre in task_catalogue().genres:
        match = re.search(rf"\b{re.escape(genre.noun.lower())}s?\b", text)
        if match and (found is None or match.start() < found[0]):
            found = (match.start(), genre.features)
    return found[1] if found else frozenset()


def demands(layout: Layout) -> Demands:
    """What the case's constraints refuse a distractor, from the types' declarations, and
    what a piece of one sentence cannot take."""
    refuses: set[str] = set(_ONE_SENTENCE_REFUSES) if one_sentence(layout) else set()
    needs: set[str] = set()
    for instruction_id, params in zip(layout.ids, layout.params):
        constraint = get(instruction_id)
        refuses |= set(getattr(constraint, "refuses_effects", frozenset()))
        for required in constraint.requires(params).texts:
            if required.at == "start":
                refuses |= _AT_START
            elif required.at == "end":
                refuses |= _AT_END
            for option in required.options():
                if "?" in option:
                    needs.add("question_mark")
                if "!" in option:
                    needs.add("exclamation_mark")
                if "*" in option:
                    needs |= {"asterisks", "markdown"}
    return Demands(frozenset(refuses & set(EFFECTS)), frozenset(needs))


def joint_witness(layout: Layout, requirement: Requirement, profile: str,
                  witness: Optional[str]) -> Optional[str]:
    """The case's witness changed to follow `requirement`, if it still passes every checked
    constraint and breaks none of the requirement's bans; else None."""
    if witness is None:
        return None
    edited = requirement.apply(witness)
    if requirement.violates(edited):
        return None
    for instruction_id, kwargs in zip(layout.ids, layout.kwargs):
        if not check(instruction_id, edited, kwargs, prompt=layout.prompt, profile=profile):
            return None
    return edited


def case_witness(layout: Layout, profile: str) -> Optional[str]:
    from ..validate.witness import build_witness

    items = [Item(position, instruction_id, params) for position, (instruction_id, params)
             in enumerate(zip(layout.ids, layout.params))]
    return build_witness(CaseContext(key=None, prompt=layout.prompt, items=items,
                                     profile=profile))


def compatible_requirements(layout: Layout, profile: str) -> list[Requirement]:
    """Catalogue requirements that the case's constraints accept, proven by a joint witness."""
    found = demands(layout)
    wanted = Demands(found.refuses | _stated_refusals(layout), found.needs)
    witness = case_witness(layout, profile)
    return [requirement for requirement in catalogue() if wanted.accepts(requirement)
            and requirement.suits(layout.prompt)
            and joint_witness(layout, requirement, profile, witness) is not None]


# The largest count a distractor asks for: a competing requirement is one more thing to
# juggle, not a second task (fifteen placeholders for three dog names).
_MODEST = {"num_placeholders": 3, "num_bullets": 5, "num_highlights": 3, "num_sections": 4,
           "num_paragraphs": 5, "capital_frequency": 5}
# A list, a layout in sections or paragraphs of one is no list at all ("answer in precisely
# 1 bullet point"): the fewest a distractor asks for.
_AT_LEAST = {"num_bullets": 2, "num_sections": 2, "num_paragraphs": 2}
# Section labels that suit any task ("Day 1" suits an itinerary only).
_GENERIC_SPLITTERS = frozenset({"section", "part", "chapter"})


def _modest(settings: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The settings seen in the run that suit any task, in their order (all when none do)."""
    fitting = [item for item in settings
               if all(not isinstance(item.get(name), int) or item[name] <= cap
                      for name, cap in _MODEST.items())
               and all(not isinstance(item.get(name), int) or item[name] >= least
                       for name, least in _AT_LEAST.items())
               and str(item.get("section_spliter", "section")).lower() in _GENERIC_SPLITTERS]
    return fitting or list(settings)


def verse_features(layout: Layout) -> Optional[frozenset[str]]:
    """The features (generate/tasks.py) of the piece the task asks for when it is verse or a
    short piece (a song, a haiku, a riddle): the first such kind the task sentences name.
    None for anything else, where every layout may suit."""
    from .tasks import catalogue as task_catalogue

    text = " ".join(unit.text for unit in layout.task_units()).lower()
    found: Optional[tuple[int, frozenset[str]]] = None
    for genre in task_catalogue().genres:
        if not genre.features & {"poem", "short"}:
            continue
        match = re.search(rf"\b{re.escape(genre.noun.lower())}s?\b", text)
        if match and (found is None or match.start() < found[0]):
            found = (match.start(), genre.features)
    return found[1] if found else None


def typed_distractor(layout: Layout, rng: Any, profile: str,
                     settings: Mapping[str, Sequence[dict[str, Any]]], *, turn: int = 0
                     ) -> Optional[tuple[str, dict[str, Any], str]]:
    """Another of the instruction types as the competing requirement: a type that
    `competes_as_format`, not in the case, with a modest setting seen in the run, such that
    the conflict declarations allow it (`conflicts_with`, and the case's `refuses_effects`
    against what it adds, `competing_effects`) and the witness builder finds one response
    passing the case's constraints and it, and (for verse and short pieces) the type suits
    the piece (`task_needs`, `task_avoids`; a sentence to rewrite counts as a short piece;
    `distractor_suits`: the kinds of piece it fits at all). The types are tried in an order fixed per case
    and the `turn`-th that fits is taken, so sibling distractors get different types.
    Returns (id, kwargs, its wording) or None."""
    from ..validate.witness import build_witness

    picker = seeded_random(rng)
    own = set(layout.ids)
    refused = demands(layout).refuses | _stated_refusals(layout)
    candidates = [instruction_id for instruction_id in sorted(settings)
                  if instruction_id not in own and getattr(get(instruction_id),
                                                           "competes_as_format", False)]
    seed = int.from_bytes(hashlib.sha256(layout.prompt.encode("utf-8")).digest()[:8], "big")
    random.Random(seed).shuffle(candidates)
    # Which types fit, and with which setting, is fixed per case (not per cousin), so the
    # `turn`-th fitting type is a different type for every turn: siblings never share one.
    fitting = 0
    piece = verse_features(layout)
    if one_sentence(layout):
        piece = (piece or frozenset()) | {"short"}
    kind = piece_kind(layout)
    for instruction_id in candidates[:_TRIED]:
        constraint = get(instruction_id)
        if piece is not None and (constraint.task_needs - piece or constraint.task_avoids & piece):
            continue  # no bullet points in a song, no placeholders in a haiku
        if constraint.distractor_suits and not constraint.distractor_suits & kind:
            continue  # blanks to fill in suit a letter or a plan, not an explanation
        if any(instruction_id in get(other).conflicts_with or other in constraint.conflicts_with
               for other in own):
            continue
        setting = random.Random(f"{seed}:{instruction_id}")
        offered = constraint.distractor_settings(list(settings[instruction_id]))
        if not offered:
            continue
        kwargs = dict(setting.choice(_modest(offered)))
        try:
            params = parse_params(instruction_id, kwargs, profile=profile)
        except (IfevalppError, ValueError):
            continue
        if constraint.competing_effects(params) & refused:
            continue
        ids = list(layout.ids) + [instruction_id]
        all_params = list(layout.params) + [params]
        if compatible(ids, all_params, profile=profile) is not None:
            continue
        items = [Item(position, item_id, item) for position, (item_id, item)
                 in enumerate(zip(ids, all_params))]
        witness = build_witness(CaseContext(key=None, prompt=layout.prompt, items=items,
                                            profile=profile))
        if witness is None:
            continue
        if fitting < turn:
            fitting += 1
            continue
        # A sentence added after a prompt that was complete without it ("Also, …").
        # It shares the reply with the case's constraints (see compose.wording_context); a
        # long prompt needs a longer addition, as for a catalogue requirement below.
        from .compose import wording_context
        context = wording_context(ids, len(ids) - 1)
        sentence = _long_enough(layout, 8, lambda wording_try: constraint.phrase(
            params, picker, ("imperative", "declarative", "question"), **context,
            **({"form": "addition"} if wording_try >= 2 and constraint.grammar() is not None
               else {})))
        return instruction_id, params.model_dump(mode="json", exclude_none=True), sentence
    return None


def _stated_refusals(layout: Layout) -> frozenset[str]:
    """What the types the prompt states without checking them ("Answer in all caps." beside
    a placeholder count) refuse a distractor: the prompt asks for them all the same, so a
    capital-word count there would be redundant or contradict it. Types without settings
    only (their statement is the whole of them)."""
    found: set[str] = set()
    own = set(layout.ids)
    for constraint in _settingless_refusers():
        if constraint.id in own:
            continue
        if constraint.statements(layout.prompt, parse_params(constraint.id, {})):
            found |= set(constraint.refuses_effects)
    return frozenset(found)


@functools.lru_cache(maxsize=1)
def _settingless_refusers() -> tuple[Any, ...]:
    """The types without settings that refuse some distractor effect (all caps, JSON, …)."""
    from ..constraints import REGISTRY

    return tuple(get(instruction_id) for instruction_id in sorted(REGISTRY)
                 if get(instruction_id).refuses_effects
                 and not get(instruction_id).Params.model_fields)


# How many types, at most, are tried for one distractor (each try may build a witness).
_TRIED = 10


def add_format_distractor(layout: Layout, rng: Any, index: int, *, attempt: int = 0,
                          profile: str = "official",
                          options: Optional[Sequence[Requirement]] = None,
                          settings: Optional[Mapping[str, Sequence[dict[str, Any]]]] = None
                          ) -> Composed:
    """The `index`-th distractor cousin: the prompt untouched plus one competing format
    requirement the constraints accept: another instruction type (odd indices, when one
    fits) or a catalogue requirement."""
    picker = seeded_random(rng)
    if settings and (index + attempt) % 2 == 1:
        typed = typed_distractor(layout, picker, profile, settings,
                                 turn=index // 2 + 2 * attempt)
        if typed is not None:
            instruction_id, kwargs, sentence = typed
            return _place(layout, picker, sentence, {"instruction_id": instruction_id,
                                                     "kwargs": kwargs}, instruction_id)
    pool = list(options) if options is not None else compatible_requirements(layout, profile)
    if not pool:
        raise ComposeError("no competing format requirement is compatible with these constraints")
    # Siblings get different requirements: from a seeded start, sibling i takes the i-th,
    # and a retry (or a fallback below) moves three on, so that the three siblings of a
    # family never meet on one requirement while the pool is larger than their steps.
    start = _case_start(layout, len(pool))
    # A long prompt needs a longer addition (`_long_enough`); when none of this
    # requirement's 24 wordings is, the next one of this sibling's is tried.
    sampler = Sampler(picker)
    needed = _needed(layout)
    sentence, requirement = "", pool[(start + index - 1 + SIBLING_STRIDE * attempt) % len(pool)]
    for step in range(min(4, max(1, len(pool) // SIBLING_STRIDE))):
        trying = pool[(start + index - 1 + SIBLING_STRIDE * (attempt + step)) % len(pool)]
        # Later tries may say it comes on top ("One more thing, …"), which is longer.
        candidate = _long_enough(layout, 24, lambda turn: trying.render(
            sampler, {}, rule="addition" if turn >= 2 else "sentence").text)
        if len(tokens(candidate)) > len(tokens(sentence)):
            sentence, requirement = candidate, trying
        if len(tokens(sentence)) >= needed:
            break
    return _place(layout, picker, sentence, {"text": sentence}, requirement.id)


def _needed(layout: Layout) -> float:
    """Tokens an added sentence should have so that the cousin reads as another prompt
    (cousins keep a normalised token edit distance of 0.15 from each other)."""
    return 0.2 * len(tokens(layout.prompt))


def _long_enough(layout: Layout, tries: int, render: Callable[[int], str]) -> str:
    """Of up to `tries` wordings (`render(i)`), the first long enough for `layout`, else the
    longest."""
    needed, sentence = _needed(layout), ""
    for turn in range(tries):
        candidate = render(turn)
        if len(tokens(candidate)) > len(tokens(sentence)):
            sentence = candidate
        if len(tokens(sentence)) >= needed:
            break
    return sentence


def _case_start(layout: Layout, size: int) -> int:
    """A start in the pool fixed per case (each cousin has its own seed, so a seeded draw
    would let siblings meet)."""
    digest = hashlib.sha256(layout.prompt.encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "big") % size


# Siblings per kind in the default families (`--per-kind 3`): the stride of a retry.
SIBLING_STRIDE = 3


def _place(layout: Layout, picker: Any, sentence: str, distractor: dict[str, Any],
           name: str) -> Composed:
    """The original prompt with `sentence` after it (or before it), outside a request to
    repeat."""
    prompt = layout.prompt.rstrip()
    # After the prompt, as IFEval++ appends it: frames such as "Before you finish, …" or
    # "One more thing: …" read wrong in front of the request. Only a request that must be
    # repeated from the end of the prompt pushes it to the front.
    if layout.repeat is not None and layout.repeat.where != "above":
        position = "before"
    else:
        position = "after"
    if position == "before":
        joiner = "\n\n" if "\n" in prompt else " "
        new_prompt = sentence + joiner + layout.prompt
    else:
        # A closing quote or bracket ends a sentence only after a stop ('… "Done."'), not
        # after an example ('… by double line breaks ("\n\n")').
        ends_cleanly = prompt[-1:] in ".!?" or (
            prompt[-1:] in "\"”)" and prompt[:-1].rstrip("\"”)")[-1:] in ".!?")
        joiner = "\n\n" if "\n" in prompt or not ends_cleanly else " "
        new_prompt = prompt + joiner + sentence
    kwargs = [dict(item) for item in layout.kwargs]
    return Composed(new_prompt, kwargs, {"distractor": distractor, "requirement": name,
                                         "position": position, "style": "format"})
