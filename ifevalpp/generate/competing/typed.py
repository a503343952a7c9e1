"""Another of the instruction types as the competing requirement of a distractor.

A type that `competes_as_format`, not in the case, with a modest setting seen in the
run, such that the conflict declarations allow it (`conflicts_with`, and the case's
`refuses_effects` against what it adds, `competing_effects`), a plain answer to the task
does not already meet it (generate/plain_answer.py: a distractor must change what a compliant
answer looks like), the prompt does not already state it, the witness builder
finds one response passing the case's constraints and it, and (for verse and short
pieces) the type suits the piece (`task_needs`, `task_avoids`; a sentence to rewrite
counts as a short piece; `distractor_suits`: the kinds of piece it fits at all), and a
count of bullets, sections or paragraphs does not go against the items the task fixes
itself (`contradicts_items`: a 12-day itinerary in exactly 2 bullet points).
"""

from __future__ import annotations

import random
from typing import Any, Mapping, Optional, Sequence

from ...constraints import get, parse_params
from ...constraints.support.choosing import seeded_random
from ...errors import IfevalppError
from ..addition import first_long_enough, said_also, side_of_request, unframed
from ..prompt.render import wording_context
from ..prompt.layout import Layout
from ..satisfiable import compatible, trivialised
from ..phrase_tables import Known
from ..piece import answers_a_question, features
from ..plain_answer import plain_answer, plain_meets
from .fit import contradicts_items, one_sentence, piece_features, refused
from .witness import witness_for
from ..versions import stream_seed

# The largest count a distractor asks for: a competing requirement is one more thing to
# juggle, not a second task (fifteen placeholders for three dog names).
_MODEST = {"num_placeholders": 3, "num_bullets": 5, "num_highlights": 3, "num_sections": 4,
           "num_paragraphs": 5, "capital_frequency": 15}
# A list, a layout in sections or paragraphs of one is no list at all ("answer in precisely
# 1 bullet point"), and one blank to fill in is what a letter or a plan has anyway (GPT-4's
# answers to 2142 and 2209 have one already): the fewest a distractor asks for.
_AT_LEAST = {"num_bullets": 2, "num_sections": 2, "num_paragraphs": 2, "num_placeholders": 2}
# How many types, at most, are tried for one distractor (each try may build a witness).
TRIED = 10
_KNOWN = Known("fit")


def modest(settings: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The settings seen in the run that suit any task, in their order (all when none do)."""
    fitting = [item for item in settings
               if all(not isinstance(item.get(name), int) or item[name] <= cap
                      for name, cap in _MODEST.items())
               and all(not isinstance(item.get(name), int) or item[name] >= least
                       for name, least in _AT_LEAST.items())
               # section labels that suit any task ("Day 1" suits an itinerary only)
               and str(item.get("section_spliter", "section")).lower()
               in _KNOWN.words("generic_section_labels")]
    return fitting or list(settings)


def _piece(layout: Layout) -> tuple[Optional[frozenset[str]], frozenset[str]]:
    """(the features of a verse or short piece the task asks for, or None; the features of
    the first piece it names at all): a sentence to rewrite counts as a short piece."""
    piece = piece_features(layout, verse_only=True)
    if one_sentence(layout):
        piece = (piece or frozenset()) | {"short"}
    return piece, piece_features(layout) or frozenset()


def _suits_piece(constraint: Any, piece: Optional[frozenset[str]], kind: frozenset[str]) -> bool:
    """No bullet points in a song, no placeholders in a haiku, blanks to fill in only in a
    letter or a plan (not an explanation)."""
    if piece is not None and (constraint.task_needs - piece or constraint.task_avoids & piece):
        return False
    return not (constraint.distractor_suits and not constraint.distractor_suits & kind)


# How many of a type's settings, at most, are tried for one case (each may build a witness).
_SETTINGS_TRIED = 4


def _minimum(constraint: Any, kwargs: dict[str, Any]) -> Optional[int]:
    """The count a setting asks for at least (None: not a minimum)."""
    spec = constraint.count
    if spec is None or not isinstance(kwargs.get(spec.field), int):
        return None
    relation = kwargs.get(spec.relation_field) if spec.relation_field else None
    if spec.shape == "at_least" or relation == "at least":
        return kwargs[spec.field]
    return None


def _in_order(constraint: Any, options: list[dict[str, Any]], seed: str) -> list[dict[str, Any]]:
    """The settings in an order fixed per case; minimums from the smallest up, so that the
    one taken asks a little more than a plain answer has ("at least five all-caps words"
    where a plain answer has three), not a second task."""
    ordered = list(options)
    random.Random(seed).shuffle(ordered)
    return sorted(ordered, key=lambda kwargs: (_minimum(constraint, kwargs) is None,
                                               _minimum(constraint, kwargs) or 0))


def _fits(layout: Layout, instruction_id: str, seen: Sequence[dict[str, Any]], seed: int,
          refusals: frozenset[str], profile: str, plain: Optional[str]) -> Optional[Any]:
    """The type's setting for this case when it can compete here (None when it cannot): the
    first of its modest settings, in an order fixed per case, that the conflict declarations
    allow, that a plain answer to the task does not already meet (`plain`: "fewer than five
    all-caps words" beside a limerick tests nothing) and that one witness holds with the
    case's constraints. A type the prompt already states without checking it is never
    added: it would restate the prompt."""
    constraint = get(instruction_id)
    if any(instruction_id in get(other).conflicts_with or other in constraint.conflicts_with
           for other in layout.ids):
        return None
    offered = constraint.distractor_settings(list(seen))
    if constraint.proposes_for_piece:
        # An end line that closes this kind of piece ("Stay curious." after no cover letter).
        # A word to the asker ("Hope this helps.") closes only an answer to a question: a
        # piece of no kind we know (two product descriptions) takes none (read CGZ, 1656:
        # "Stay curious.").
        from ..new_settings import piece_register

        piece = piece_register(layout)
        if piece == "answer" and "asked" not in features(layout):
            return None
        offered = [kwargs for kwargs in offered
                   if constraint.suits_piece(parse_params(instruction_id, dict(kwargs)), piece)]
    if not offered:
        return None
    options = _in_order(constraint, modest(offered), f"{seed}:{instruction_id}")
    for kwargs in options[:_SETTINGS_TRIED]:
        try:
            params = parse_params(instruction_id, dict(kwargs), profile=profile)
        except (IfevalppError, ValueError):
            continue
        if constraint.competing_effects(params) & refusals:
            continue
        if contradicts_items(layout, params.model_dump(exclude_none=True)):
            continue  # exactly 2 bullet points for a 12-day itinerary
        if plain_meets(instruction_id, params.model_dump(mode="json", exclude_none=True),
                       plain, prompt=layout.prompt, profile=profile):
            continue
        if constraint.statements(layout.prompt, params):
            return None
        ids = list(layout.ids) + [instruction_id]
        all_params = list(layout.params) + [params]
        if compatible(ids, all_params, profile=profile) is not None:
            continue
        if trivialised(ids, all_params) is not None:
            continue  # no commas in a reply in Thai, which writes none anyway
        if witness_for(layout.prompt, ids, all_params, profile) is None:
            continue
        return params
    return None


def _wording(layout: Layout, constraint: Any, params: Any, picker: Any) -> str:
    """A sentence added after a prompt that was complete without it ("Also, …"). It shares
    the reply with the case's constraints (see prompt/render.wording_context); a long prompt
    needs a longer addition, as a catalogue request does."""
    ahead = side_of_request(layout) == "before"
    context = wording_context(list(layout.ids) + [constraint.id], len(layout.ids), ahead=ahead)
    # After a question ("What happened when …?") no "it" stands for the answer.
    context["asked"] = answers_a_question(layout) or None
    # A song's paragraphs are its stanzas ("Use exactly five paragraphs" for lyrics, read EA).
    context["stanzas"] = "verse" in features(layout) or None
    context["said_also"] = said_also(layout.prompt) or None
    # Beside a text to repeat, a model may copy the addition along: no comma in it where the
    # case bans them (kinds/distractor.py refuses one that has).
    context["comma_free"] = layout.repeat is not None and any(
        get(instruction_id).spent_by_copy(params, ",")
        for instruction_id, params in zip(layout.ids, layout.params)) or None
    # "In addition, …" reads wrong at the very start: only after the prompt.
    additions = not ahead and constraint.grammar() is not None

    def worded(wording_try: int) -> str:
        # Not opening as a sentence of the prompt does ("Could you …? Could you use …?").
        return unframed(layout.prompt, lambda: constraint.phrase(
            params, picker, ("imperative", "declarative", "question"), **context, added=True,
            **({"form": "addition"} if wording_try >= 2 and additions else {})))

    return first_long_enough(layout.prompt, 8, worded)


def typed_distractor(layout: Layout, rng: Any, profile: str,
                     settings: Mapping[str, Sequence[dict[str, Any]]], *, turn: int = 0,
                     case_seed: int = 0) -> Optional[tuple[str, dict[str, Any], str]]:
    """The `turn`-th type that fits the case, in an order fixed per case, so sibling
    distractors get different types; returns (id, kwargs, its wording) or None."""
    picker = seeded_random(rng)
    own = set(layout.ids)
    refusals = refused(layout).refuses
    candidates = [instruction_id for instruction_id in sorted(settings)
                  if instruction_id not in own and getattr(get(instruction_id),
                                                           "competes_as_format", False)]
    seed = stream_seed(case_seed, "type order")
    random.Random(seed).shuffle(candidates)
    # Which types fit, and with which setting, is fixed per case (not per cousin), so the
    # `turn`-th fitting type is a different type for every turn: siblings never share one.
    fitting = 0
    piece, kind = _piece(layout)
    plain = plain_answer(layout, profile)
    answer = features(layout)
    for instruction_id in candidates[:TRIED]:
        constraint = get(instruction_id)
        if not _suits_piece(constraint, piece, kind) or constraint.distractor_unfit_for & answer:
            continue
        params = _fits(layout, instruction_id, settings[instruction_id], seed, refusals,
                       profile, plain)
        if params is None:
            continue
        if fitting < turn:
            fitting += 1
            continue
        wording = _wording(layout, constraint, params, picker)
        return instruction_id, params.model_dump(mode="json", exclude_none=True), wording
    return None
