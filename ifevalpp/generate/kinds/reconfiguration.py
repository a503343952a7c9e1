"""Reconfiguration cousins: new settings stated in the prompt, or a new task of our own.

Proposes, first, new settings: one or two reconfigurable constraints get a harder
setting (generate/new_settings.py: the `index`-th of three increasingly hard ones, no
easier in any way, able to hold together); the sentences that state them are said
anew in place, or the value is edited inside a task sentence, so kwargs and prompt
always change together. Every third sibling also restructures the prompt, so
siblings differ by more than one number.

Then, for a case whose constraints have no setting to change, or when no change can
be stated cleanly (from the seventh attempt on), a new task: one from the task
grammar (generate/tasks/) that suits the constraints, which are all said anew around
it, a kind of piece on which the stated length bites and that has room for what the
constraints ask. The words of the word constraints are chosen for the new task (a
ban takes a word the new piece will use, a word to include one it invites), and a
text to reproduce that belongs to the old task's story is renewed
(generate/tasks/fit.py). The request to repeat follows the new request either way.

Promises: a change of settings changes some setting (the request to repeat aside),
and never to the settings of a sibling kept before.

A model is asked for harder values (each setting's harder range, and the siblings'
values to go beyond: `llm.checks.harder_guide`, `judge_reconfiguration`) or, when no
setting can get harder, for a new task that keeps every kwarg (but the request to
repeat) and drops the old task.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

from ...constraints import check, get, parse_params
from ...constraints.support.choosing import choice, seeded_random
from ...errors import IfevalppError
from ...profiles import Profile
from ...schema import Variant
from ..prompt.assemble import PRESENTATIONS, Assembled, in_place, restructured
from ..prompt.layout import Layout, described_slots, slot_lines
from ..llm.answers import ModelCousin, answered, repeat_text, same
from ..llm.checks import can_get_harder, harder_guide, judge_reconfiguration
from ..llm.plan import ModelPlan, Sibling
from ..difficulty import (closes_on_a_line, direction as asks_more, genre_changed, judge,
                          judge_variant, short_verse_named, tally)
from ..new_settings import change_direction, new_params, piece_register, target_plan, targets
from ..records import Candidate, ComposeError, CousinRequest, Detail, Rejection
from ..versions import stream_seed
from ..tasks import (TaskMaker, catalogue, renew_bound_literals, retopic_words, task_demands,
                     topic_words)
from ..phrase_tables import one_of, table
from ..tasks.carried import (MANNERS, bound_to_task, carried_sentence, layout_asks,
                             said_of_piece, unchecked_rules)
from .context_distractor import context_sentences
from ..piece import (code_under_letter_case, jargon_under_another_language, length_bounds,
                     notation_under_paragraphs,
                     text_features)
from .contract import CousinKind, changed_setting, counts

if TYPE_CHECKING:
    from ..llm.checks import DistractorOptions


@dataclass(kw_only=True)
class ReconfigurationDetail(Detail):
    """How a reconfiguration was made."""

    strategy: str                                   # parameters | task
    task_source: Optional[str] = None               # grammar (ours) | model
    task_genre: Optional[str] = None                # the new task's genre
    keywords_swapped: Optional[list[str]] = None    # "old->new" keywords of the old task
    literals_renewed: Optional[list[str]] = None    # types whose old-story text was renewed
    changed: Optional[list[str]] = None             # instruction ids with a new setting
    directions: Optional[dict[str, str]] = None     # id -> harder | easier | changed
    presentation: Optional[str] = None              # when the prompt was restructured
    task_wording: Optional[str] = None
    reconfigure: Optional[str] = None               # the model backend's mode
    repeat_where: Optional[str] = None
    subject_kept: Optional[bool] = None             # a new task on the original's own subject

    @property
    def new_settings(self) -> bool:
        """Whether the cousin changes settings (not only the task)."""
        return self.strategy == "parameters"


def _candidate(made: Assembled, detail: ReconfigurationDetail) -> Candidate:
    """The assembled prompt, with how it was assembled added to the detail."""
    return Candidate(made.prompt, made.kwargs, detail.updated(
        presentation=made.presentation, task_wording=made.task_wording,
        repeat_where=made.repeat_where))


def reconfigure_case(layout: Layout, rng: Any, index: int, *,
                     profile: Profile = "official", attempt: int = 0,
                     direction: str = "harder", case_seed: int = 0,
                     siblings: Sequence[str] = (),
                     sibling_settings: Sequence[Any] = ()) -> Candidate:
    """The `index`-th reconfiguration (1-based) of a case. From the seventh attempt on (the
    settings kept failing or repeated a sibling's), a new task instead, on a subject none of
    `siblings` (the family's prompts so far) is about."""
    # The original's task keeps its words: no stock words to include ("winter", "island" and
    # "lantern" in a summary of how to pay taxes); a new task takes words chosen for it.
    changeable = [position for position in targets(layout, direction, profile)
                  if not get(layout.ids[position]).harder_draws_words] if attempt < 6 else []
    plans = target_plan(layout, changeable, index, case_seed) if changeable else []
    if len(changeable) >= 2 and _why_no_new_task(layout) is not None:
        # No new task may stand in (a trap of the task would go): when two settings cannot
        # change together (1000's highlights are spelled out), one changes alone, a step further.
        plans += [[position] for position in changeable if [position] not in plans]
    for chosen in plans:
        params = new_params(layout, rng, chosen, profile, direction=direction, step=index)
        if params is None:
            continue
        detail = ReconfigurationDetail(
            strategy="parameters", changed=[layout.ids[item] for item in chosen],
            directions={layout.ids[item]: change_direction(
                layout.ids[item], layout.params[item], params[item]) for item in chosen})
        try:
            if (index + attempt) % 3 == 2:
                presentation = choice(rng, PRESENTATIONS)
                return _candidate(restructured(layout, rng, params=params,
                                               presentation=presentation), detail)
            return _candidate(in_place(layout, rng, targets=set(chosen), params=params,
                                       vary=(index + attempt) % 3 == 0,
                                       rephrase_repeat=False), detail)
        except ComposeError:
            continue  # the next choice of constraints, then a new task
    return new_task(layout, rng, index=index, attempt=attempt, profile=profile,
                    case_seed=case_seed, direction=direction, siblings=siblings,
                    sibling_settings=sibling_settings)


# A new request to copy keeps at least this share of the original's words (generate/difficulty).
COPY_KEPT = 0.6


# Where the slots a family's new tasks fall back on begin, past its three (`new_task`).
SLOTS_PAST = 3
# The attempts a new task keeps its own slot for, before the slots past the family's three.
SLOT_ATTEMPTS = 6


def new_task(layout: Layout, rng: Any, *, index: int, attempt: int = 0,
             profile: Profile = "official", direction: str = "any", case_seed: int = 0,
             siblings: Sequence[str] = (), sibling_settings: Sequence[Any] = ()) -> Candidate:
    """A task of our own (generate/tasks/) that suits the constraints (`task_demands`);
    the constraints are all stated anew around it. Under "harder" the settings move as the
    `index`-th sibling's would (where they can), so a late sibling with a new task does not
    fall back to the original bound after its siblings tightened it, and each keeps at least
    what `sibling_settings` (the kept siblings' kwargs) asked."""
    refused = _why_no_new_task(layout)
    if refused is not None:
        raise ComposeError(refused)
    tuned = _tuned(layout, rng, index=index, profile=profile, direction=direction,
                   case_seed=case_seed, sibling_settings=sibling_settings)
    maker = TaskMaker(seeded_random(rng))
    # One kind of piece per cousin of a family: consecutive slots from a point fixed per case.
    start = stream_seed(case_seed, "task slot") % 2**32
    # A later sibling never falls back on the case's own settings (they would be easier than
    # an earlier sibling's): only the first may.
    fallback = [None] if tuned is None or index == 1 else []
    own_subject = _own_subject(layout)
    choices = [tuned] if tuned is not None else []
    picked = None
    # The kind of piece the original names first where it must be kept, then a piece about
    # the original's own subject when it has one to keep, then any.
    about = False
    # A slot whose kind of piece fits nothing gives way to the slots past the family's three
    # (2736), as does one whose tasks kept failing (3081); those take the original's own
    # subject where it has one (read CHN: another kept 2736's end line on a phone for a child).
    past = [start + SLOTS_PAST + (extra + attempt) % 3 for extra in range(3)]
    slots = [start + index - 1] + past if attempt < SLOT_ATTEMPTS else past
    for slot in slots:
        abouts = [True, False] if slot == start + index - 1 else [True]
        for piece, about in [(piece, about) for piece in _pieces_tried(layout)
                             for about in (abouts if own_subject is not None else [False])]:
            picked = _pick_task(layout, maker, choices + fallback, slot=slot,
                                siblings=siblings, about=about, piece=piece)
            if picked is not None:
                break
        if picked is not None:
            break
    if picked is None:
        needs, avoids, low, high, room, bites = task_demands(layout, tuned)
        raise ComposeError(f"no task of ours offers {sorted(needs)} without {sorted(avoids)} "
                           f"at {low}-{high} words with room for {room}, biting from "
                           f"{bites}")
    task, tuned = picked
    task = _without_own_tone(layout, task)
    detail = ReconfigurationDetail(strategy="task", task_source="grammar", task_genre=task.genre)
    # Only a task drawn to be about it takes the original's subject: "a fable about a bicycle
    # that dreams of racing" made "a fable about "Laureates and twins"" (read NA).
    kept = about and own_subject is not None and _about(task, own_subject) != task.text
    # On the original's own subject its words and its own texts still fit ("war" and
    # "peace", "Yes Mom, I am Dave."); on another, they are chosen for it.
    # (A harder setting's added words are chosen for the new piece: "lemon" joins "mom" and
    # "mother" in a poem about moms only if the poem invites it.)
    params, swapped = retopic_words(layout, task, rng, profile=profile, params=tuned,
                                    keep=topic_words(layout.ids, layout.params) if kept
                                    else frozenset())
    params, renewed = renew_bound_literals(layout, params, rng, profile, piece=task.ending,
                                           keep_bound=kept)
    detail = detail.updated(keywords_swapped=swapped or None, literals_renewed=renewed or None,
                            subject_kept=kept or None)
    every = {position for position, item_id in enumerate(layout.ids)
             if not get(item_id).request_field}
    text = _said_again(layout, task, _about(task, own_subject)
                       if kept and own_subject is not None else task.text, rng)
    text = _as_long_to_copy(layout, text, rng, siblings)
    # The request to repeat is said anew too: the original's may name the old piece
    # ("Before you give the limerick, repeat …") when the new task asks for a poem.
    return _candidate(in_place(layout, rng, targets=every, params=params,
                               task_override=text, rephrase_repeat=True), detail)


def _singular_beside_its_plural(layout: Layout) -> bool:
    """Whether a word the answer must repeat is the singular of a plural the task says, so
    that the natural word ("sneakers") is not the counted one ("sneaker")."""
    task = " ".join(unit.text for unit in layout.task_units())
    for instruction_id, params in zip(layout.ids, layout.params):
        constraint = get(instruction_id)
        field = constraint.topic_field
        word = getattr(params, field, None) if field else None
        if isinstance(word, str) and constraint.topic_use(params) == "repeats" and \
                re.search(rf"(?i)\b{re.escape(word)}s\b", task):
            return True
    return False


def _pieces_in_slots(prompt: str) -> bool:
    """Whether the template the prompt spells out names a different piece in each slot line
    ("[essay]", "******", "[poem]"), not numbered slots of one kind ("[Movie 1]", "[Movie
    2]")."""
    names = [re.sub(r"\s*\d+$", "", slot.strip().lower()) for slot in slot_lines(prompt)]
    return len(names) >= 2 and len(set(names)) == len(names)


def _why_no_new_task(layout: Layout) -> Optional[str]:
    """Why no task of ours may replace the original's, or None: what the old task holds that
    a new one would drop, making it ask less."""
    if bound_to_task(layout_asks(layout)):
        return ("its answer goes under a key of its own message: a new task would carry the key "
                "where it means nothing")
    if described_slots(layout.prompt) >= 2:
        # 3063 (reads BCF, BCG): a late-order apology in place of a proof in three set sections.
        return ("its answer fills a template whose slots say what goes in them: a new task "
                "would drop the template and ask less")
    if _singular_beside_its_plural(layout):
        # 1219 (reads BDP, CEQ): "sneaker" ten times in a piece on "sneakers" became "garden"
        # twelve times in a proposal for a community garden.
        return ("its word to repeat is the singular of a plural its own task says ('sneaker' "
                "beside 'sneakers'), which the check does not count: a new task drops that trap")
    if _pieces_in_slots(layout.prompt):
        # 1746 (read CET): an essay and a poem that sums it up became two haikus.
        return ("its answer is two different pieces, each in a slot of its own ('[essay]', "
                "'[poem]'): a new task of ours asks for two versions of one piece, which is less")
    if _address_breaks_a_rule(layout):
        # 1000 (read BCY): a summary of the page ".../Raymond_III,_Count_of_Tripoli" under a
        # comma ban became a diary entry and an article with no such name to write.
        return ("its task names a web address that a rule of the answer forbids (a comma in "
                "the page's name under a comma ban): a new task drops that trap")
    if code_under_letter_case(layout):
        # 2563 (reads BCI, BCV): a joke in the notation of C, in capitals, became a cover
        # letter in capitals. No task of ours writes code.
        return ("its task asks for code under a rule on the letter case of the whole answer: a "
                "new task without code drops that pull")
    if notation_under_paragraphs(layout):
        # 2880 (read CKV): a chatty explanation of two sets in mathematical notation, in
        # counted paragraphs, became fables about a pigeon and a teapot.
        return ("its task asks for mathematical notation under a count of paragraphs: a new "
                "task without notation drops that pull")
    if jargon_under_another_language(layout):
        # 1154 (read CHQ): a rubric for a software engineer's technical skills in Punjabi
        # became a story set in a harbour and a fable about a lighthouse.
        return ("its answer must be in another language while its task is on a technical "
                "subject whose terms are English: a new task on a plain subject drops that pull")
    if _marker_against_small_letters(layout):
        # 2216: "P.P.S" under "no capital letters" read contradictory in a new task (reads
        # CHY, CKA, CKD, CKG), and "p.p.s" there read easier (read CJR).
        return ("its postscript marker is shown in capitals beside a rule of small letters "
                "('P.P.S'), a clash the check forgives: a new task that keeps it reads "
                "contradictory, and one that writes it small drops the trap")
    clash = _items_against_an_exact_count(layout)
    if clash is not None:
        # 3069 (reads BDM, BDT): a 5-day itinerary in exactly 3 bullet points became tips
        # and name ideas, which fit three bullets by themselves.
        return (f"its task names {clash[0]} days, steps or items of its own where a checked "
                f"count asks for exactly {clash[1]}: a new task drops that clash")
    return None


def _marker_against_small_letters(layout: Layout) -> bool:
    """Whether the case asks for a text with capital letters (a postscript marker, "P.P.S":
    its `competing_effects` need capitals) and for an answer in small letters only: the clash
    is the original's trap."""
    if not any(get(instruction_id).letter_case == "lower" for instruction_id in layout.ids):
        return False
    return any("needs_capitals" in get(instruction_id).competing_effects(params)
               for instruction_id, params in zip(layout.ids, layout.params))


def _items_against_an_exact_count(layout: Layout) -> Optional[tuple[int, int]]:
    """The number of items, days or steps the task names and an exact count of bullets or
    paragraphs that differs from it ("a 5 day trip … exactly 3 bullet points"), or None. A
    number equal to one of the exact counts is that count said in the task ("a blog post …
    with exactly 3 bullet points")."""
    from ..piece import task_items

    named = task_items(layout)[1]
    exact = [value for instruction_id, params in zip(layout.ids, layout.params)
             if (spec := get(instruction_id).count) is not None and spec.shape == "exact"
             and isinstance(value := getattr(params, spec.field, None), int)]
    if named is None or not exact or named in exact:
        return None
    return named, exact[0]


def _genre_class(genre: str) -> Optional[str]:
    """The class of a genre of ours (make, give, explain, ask, …: tasks/genres.json)."""
    from ..tasks.maker import catalogue

    return next((item.cls for item in catalogue().genres if item.id == genre), None)


def _tone_unfit(layout: Layout, task: Any) -> bool:
    """Whether a tone the original asks for has no place on a task of ours drawn for its
    quotation: a rewrite takes it in place of its own (`_rewrite_in_tone`), but whether a
    saying holds up is no question to answer in a passive aggressive tone (read BDM)."""
    return "quoted" in task.features and \
        any(ask.noun == "tone" for ask in layout_asks(layout)) and _own_tone(task) is None


def _own_tone(task: Any) -> Optional[str]:
    """The tone a task of ours gives its rewrite ("so that it sounds more polite"), or None."""
    from ..tasks.maker import catalogue

    tones = catalogue().subjects.get("tone", ())
    return next((subject for subject in task.subjects if subject in tones), None)


def _manner_unfit(layout: Layout, task: Any) -> bool:
    """Whether a manner the original asks for, carried to the new task, misfits its piece
    (fit.json carried.manner_unfit_pieces): a rap "like something Taylor Swift would write"
    (read CEC) — unless the original's own piece is one."""
    unfit = table("fit")["carried"]["manner_unfit_pieces"]
    carried = {ask.noun for ask in layout_asks(layout)}
    pieces = {piece for manner, listed in unfit.items() if manner in carried for piece in listed}
    return task.noun in pieces and task.noun != _original_piece(layout)


def _original_piece(layout: Layout) -> Optional[str]:
    """The kind of piece the original's request names first ("Write a song about …": song)."""
    from ..tasks.maker import catalogue

    request = next((unit.text for unit in layout.units if not unit.pure), "").lower()
    nouns = sorted({genre.noun.lower() for genre in catalogue().genres}, key=len, reverse=True)
    found = re.search(rf"\b(?:a|an)\s+({one_of([re.escape(noun) for noun in nouns])})\b",
                      request)
    return found.group(1) if found else None


def _without_own_tone(layout: Layout, task: Any) -> Any:
    """A rewrite of ours that takes the original's tone (`_rewrite_in_tone`) without the words
    of the tone it gave up ("so that it sounds more polite"): they are no longer the piece's
    (read CEJ: "Keep the words "polite" and "tomorrow" out of your answer" on a rewrite "in
    an engaging tone")."""
    if not any(ask.noun == "tone" for ask in layout_asks(layout)):
        return task
    own = _own_tone(task)
    if own is None:
        return task
    gone = {word.lower() for word in re.findall(r"[A-Za-z]+", own)}

    def kept(words: Sequence[str]) -> tuple[str, ...]:
        return tuple(word for word in words if word.lower() not in gone)

    return dataclasses.replace(task, nouns=kept(task.nouns), uses=kept(task.uses),
                               suits=kept(task.suits))


def _rewrite_in_tone(layout: Layout, task: Any, text: str) -> tuple[str, bool]:
    """A rewrite of ours in the tone the original asks for, said where the rewrite says how
    ("rewrite "The heating will be off until Monday." in a passive aggressive tone"): a
    tone said after it would contradict its own ("so that it sounds more polite")."""
    from ..tasks.carried import tone_said

    tone = next((ask.what[0] for ask in layout_asks(layout) if ask.noun == "tone"), None)
    own = _own_tone(task)
    if tone is None or own is None or own not in text:
        return text, False
    return text.replace(own, tone_said(tone), 1), True


def _said_again(layout: Layout, task: Any, text: str, rng: Any) -> str:
    """The new task `text` with what the old task asked of the answer and no kwarg checks
    said again: its asks ("a joke that has the words thursday and amalgamation in it"), a
    request to think aloud before answering a question, and its rules of the whole answer
    ("Use only lowercase letters.")."""
    # (A manner a carried rule says already, "Answer in a Shakespearean style.", once.)
    rules = unchecked_rules(layout)
    text, toned = _rewrite_in_tone(layout, task, text)
    carried = [ask for ask in layout_asks(layout)
               if (ask.noun not in ("manner", "tone") or
                   not any(ask.what[0] in rule for rule in rules)) and
               not (ask.noun == "tone" and toned)]
    if carried:
        # "it" needs a piece: "I'd like to understand how recycling plants sort waste. Make it
        # funny." asks for none (read BDN), so the answer is named instead; a description or a
        # narrative poem is "it" whatever the task calls it (read BDP: "Make your answer
        # weird." after a poem).
        unnamed = _genre_class(task.genre) in ("explain", "ask", "compare") and \
            not re.search(rf"\b{re.escape(task.noun.lower())}", text.lower())
        said = carried_sentence(carried, rng, plural=task.plural,
                                question="question" in task.features or unnamed)
        text = f"{text} {said}"
    found = table("fit")["carried"]
    if "question" in task.features and re.search(found["reasoning"], layout.prompt):
        # "Think out loud, then answer …" is asked of the new question too (read BCC).
        text = f"{text} {choice(rng, found['reasoning_said'])}"
    if "question" not in task.features:
        rules = [said_of_piece(rule, plural=task.plural, task=text) for rule in rules]
    return " ".join([text] + rules)


def _as_long_to_copy(layout: Layout, text: str, rng: Any, siblings: Sequence[str] = ()) -> str:
    """A new request the answer must copy, about as long as the original's: a line on why I
    ask, part of the request, goes before a short one ("I am asking on behalf of my cousin,
    who is shy about asking questions herself. I need a fable about a penguin on holiday."),
    since a long request full of commas is harder to copy word for word than "I need a fable
    about a penguin."."""
    copied = [kwargs[field] for instruction_id, kwargs in zip(layout.ids, layout.kwargs)
              for field in [get(instruction_id).request_field] if field and kwargs.get(field)]
    (_, most_words), (_, most_sentences) = length_bounds(layout)
    if not copied or most_words != math.inf or most_sentences != math.inf:
        return text  # a cap the copy counts against leaves no room for a longer request
    wanted = COPY_KEPT * len(copied[0].split())
    # Only a sentence the copy may carry (no comma under a no-comma rule, no capital in an
    # all-lowercase reply, no word past a cap the copy counts against): what the request
    # passes, the request with the sentence passes too.
    others = [(instruction_id, kwargs) for instruction_id, kwargs in zip(layout.ids, layout.kwargs)
              if not get(instruction_id).request_field]
    # and none unfit for the new piece ("My manager asked me …" before a fable, read DA).
    piece = text_features(text) | {"asked"}
    pool = [item.text for item in context_sentences() if item.opens_request
            and item.suits(piece) and ("before" in item.positions or
                                                 # (a line written for a fable or a poem)
                                                 "copy" in item.positions and
                                                 bool(piece & {"story", "verse"}))
            and not any(item.text in sibling for sibling in siblings)
            and all(check(instruction_id, f"{item.text} {text}", kwargs) or
                    not check(instruction_id, text, kwargs) for instruction_id, kwargs in others)]
    if not pool or len(text.split()) >= wanted:
        return text
    # One line, never two stacked: the longest few when even they fall short.
    enough = [item for item in pool if len(f"{item} {text}".split()) >= wanted]
    pool = enough or sorted(pool, key=len)[-3:]
    return f"{choice(rng, pool)} {text}"


def _pick_task(layout: Layout, maker: TaskMaker, settings_tried: Sequence[Any], *, slot: int,
               siblings: Sequence[str], about: bool, piece: Optional[frozenset[str]] = None
               ) -> Optional[tuple[Any, Any]]:
    """A new task and the settings it carries: the harder settings first, then the case's
    own (`settings_tried`, None for the case's own); within each, the original's kind of
    piece kept whole, then its verse or prose alone (`genre_class`). A task whose numbers
    contradict a count is refused; one on which an end line of the original would not
    suit the piece (replaced, it drops a trap) is the last resort, and only for a piece that
    speaks to its reader (`_SPARE_ENDINGS`): a line said to the asker is a misfit in a
    letter or a diary ("That is all you need!" closing a letter to the council, read EA;
    a diary entry, read HB); so is a piece a carried manner misfits (`_manner_unfit`)."""
    spare = None
    own_kind = piece_register(layout)  # a piece of the original's own kind keeps its misfit
    tiers = [(settings, kept, endings) for settings in settings_tried
             for endings in _endings_tried(layout, settings) for kept in genre_class(layout)]
    # A rewrite of ours is drawn only for what it is for: a line to render or to recast.
    quoted = {"quoted"} if piece == frozenset({"rewrite"}) else set()
    for settings, (kept_needs, kept_avoids), endings in tiers:
        needs, avoids, low, high, room, bites = task_demands(layout, settings)
        needs, avoids = needs | kept_needs | quoted, (avoids | kept_avoids) - kept_needs - quoted
        excluded = [layout.prompt]
        for _ in range(8):
            task = maker.make(needs=needs, avoids=avoids, words=(low, high), room=room,
                              bites=bites, exclude=excluded, slot=slot,
                              taken_subjects=siblings, about=about, endings=endings,
                              nouns=piece)
            if task is None:
                break
            if genre_changed(layout.prompt, task.genre, layout.ids, layout.kwargs,
                             task_text=task.text) or \
                    _tone_unfit(layout, task) or \
                    (about and piece is None and _nothing_reconfigured(layout, settings, task)):
                excluded.append(task.text)  # a poem of 165 words for a haiku
                continue
            if not _counts_clash(layout, settings, task.text):
                kept = not _loses_own_text(layout, settings, task.ending)
                if kept and not _manner_unfit(layout, task):
                    return task, settings
                if kept or task.ending in _SPARE_ENDINGS or task.ending == own_kind:
                    spare = spare or (task, settings)  # a rap in a singer's style, at worst
            excluded.append(task.text)  # five kinds of trees in exactly two bullet points
    return spare


def _nothing_reconfigured(layout: Layout, settings: Any, task: Any) -> bool:
    """Whether a task on the original's own subject asks for the original's own kind of piece
    under the case's own settings: the original said again, a rephrasing and no
    reconfiguration ("Would you write an article about the reality of disability, please?"
    for "Write an article about the reality of disability.": read CGU, 1446). (Where the
    piece must stay what it is, a haiku under a letter count, it may.)"""
    if settings is not None and list(settings) != list(layout.params):
        return False
    noun = next((genre.noun for genre in catalogue().genres if genre.id == task.genre), None)
    own = " ".join(unit.text for unit in layout.task_units()).lower()
    return noun is not None and re.search(rf"\b{re.escape(noun.lower())}s?\b", own) is not None


def _pieces_tried(layout: Layout) -> list[Optional[frozenset[str]]]:
    """The kinds of piece (nouns) a new task is drawn from, in turn (None: any that suits):
    only the piece the asked words name, or a rewrite of an English line; a haiku or a
    limerick where one fits, and where none can (a no-comma rule bites only on a longer
    piece) a poem of more lines, as before."""
    named = _piece_in_asked_words(layout) or (
        "rewrite" if _english_source(layout) or _capitals_to_echo(layout) else None)
    if named is not None:
        return [frozenset({named})]
    having = _pieces_with_carried_parts(layout)
    if having is not None:
        return [having]
    if _rewrite_in_a_tone(layout):
        return [frozenset({"rewrite"}), None]
    short_verse = _short_verse_kept(layout)
    return [frozenset({short_verse}), None] if short_verse is not None else [None]


def _pieces_with_carried_parts(layout: Layout) -> Optional[frozenset[str]]:
    """The pieces that have a part a carried rule names ("Please include explanations for the
    lyrics you write.": a song or a rap, never a haiku), or None (fit.json `piece_parts`)."""
    rules = " ".join(unchecked_rules(layout)).lower()
    for part, nouns in table("fit")["carried"]["piece_parts"].items():
        if re.search(rf"\b{re.escape(part)}\b", rules):
            return frozenset(nouns)
    return None


def _rewrite_in_a_tone(layout: Layout) -> bool:
    """Whether the original asks for a quoted English line rewritten in a tone ("rewrite
    "Cognitive Services … will be renamed …" in an engaging tone"): a rewrite of a line of
    ours takes the tone best (`_rewrite_in_tone`); a riddle or a joke "in an engaging tone"
    reads oddly (reads BDW, CED, CEI on 1476)."""
    if not any(ask.noun == "tone" for ask in layout_asks(layout)):
        return False
    task = " ".join(unit.text for unit in layout.task_units())
    return re.search(r"(?i)\brewrite\b", task) is not None and \
        any(len(quoted.split()) >= 4 for quoted in layout.task_quotes())


def _piece_in_asked_words(layout: Layout) -> Optional[str]:
    """The original's own kind of piece when the words its task asks for name it ("a limerick
    about the word "limerick" … includes the words "limerick" and "funny""): the ask is said
    again on the new task, so only a piece of that kind keeps it sensible (read BCS: "the
    words "limerick" and "funny"" in a rap about a snow day)."""
    from ..tasks.maker import catalogue

    nouns = {genre.noun.lower() for genre in catalogue().genres}
    request = next((unit.text for unit in layout.units if not unit.pure), "").lower()
    for ask in layout_asks(layout):
        for word in ask.what:
            word = word.lower()
            if word in nouns and re.search(rf"\b(?:a|an)\s+{re.escape(word)}\b", request):
                return word
    return None


def _short_verse_kept(layout: Layout) -> Optional[str]:
    """The short verse form the original asks for (a haiku, a limerick), which a new task
    keeps: its metre and length are what the constraints bite on, and a poem, a song or a
    rap of free lines is easier under the same rules (reads BDF, BDH: 2677's limerick that
    must close on "Yes Mom, I am Dave." became a poem)."""
    from ..piece import features

    found = features(layout)
    # (An HTML page of 25 limericks is a page: one limerick would be far less.)
    if "verse" not in found or found & {"markup", "items"} or \
            any(get(instruction_id).short_answer for instruction_id in layout.ids):
        return None
    short = short_verse_named(layout.prompt)
    return short.noun if short is not None else None


def _endings_tried(layout: Layout, settings: Optional[Sequence[Any]]
                   ) -> list[Optional[frozenset[str]]]:
    """The kinds of closing line a new task is drawn for: first only those whose piece an end
    line of the original suits ("Is there anything else I can help with?" closes an answer,
    so an explanation or a comparison before a fable), then any."""
    from ...constraints.support.choosing import words

    kinds = frozenset(words()["end_phrase_pieces"])
    suited = frozenset(kind for kind in kinds if not _loses_own_text(layout, settings, kind))
    return [suited, None] if suited != kinds else [None]


# The kinds of piece an end line of the original may close though it does not suit them
# (generate/piece.end_register): an answer, an article or a post speak to their reader.
_SPARE_ENDINGS = frozenset({"answer", "article", "social"})


def _own_subject(layout: Layout) -> Optional[str]:
    """What the original's request is about ("an inspirational chorus teacher", "the movie
    "The Social Network""), when a new task should keep it: the original asks for a phrase
    of its own that no kwarg checks ("singing is life"), reproduces a text of its story ("Yes
    Mom, I am Dave.", an end line), or sets a letter case beside names ("Martin Van Buren"
    under all lowercase): on another subject those no longer fit, or get easier."""
    request = next((unit.text for unit in layout.units if not unit.pure), "")
    patterns = table("fit")["carried"]
    found = re.search(patterns["subject"], request) or re.search(patterns["subject_of"], request)
    if found is None or found.group("subject").count('"') % 2 or \
            len(found.group("subject").split()) > 12:
        return None  # no run-on into the requirements ("… and end with the phrase "Is …")
    subject = found.group("subject")
    if _names_its_own_piece(request[:found.start("subject")], subject):
        return None
    # A name and who it is go together ("Hannah, a college student, doing an internship at a
    # coffee company"): "a rap about Hannah" alone leaves her unknown (read ADA).
    told = re.match(r', (?:a|an) [^.?!\n"]+(?=[.?!])', request[found.end("subject"):])
    if told is not None and subject[:1].isupper() and \
            len((subject + told.group(0)).split()) <= 12:
        subject += told.group(0)
    # "how to improve the quality of life" is no subject without "for people with
    # disabilities" (reads BDU, BDV): a question's "for …" stays with it.
    whom = re.match(r' for [^,.?!\n"]+?(?=[,.?!]|$)', request[found.end("subject"):])
    if whom is not None and re.match(patterns["question_subject"], subject) and \
            len((subject + whom.group(0)).split()) <= 12:
        subject += whom.group(0)
    named = re.search(patterns["names"], request) is not None and any(
        get(instruction_id).letter_case for instruction_id in layout.ids)
    bound = any(get(instruction_id).literal_bound_to_task(item, layout.prompt) or
                get(instruction_id).sketch_texts(item) and instruction_id.startswith("startend:")
                for instruction_id, item in zip(layout.ids, layout.params))
    # Words to include are the case's own difficulty ("finale" and "less" in a blog post on
    # training a dog): on the original's subject they stay, where a new subject takes words
    # it invites anyway, an easier ask (read ZA).
    included = any(get(instruction_id).topic_field is not None and
                   get(instruction_id).topic_use(item) == "suits"
                   for instruction_id, item in zip(layout.ids, layout.params))
    # ... a plain subject only: "a speech about embroidery that has the answer "needle"" is
    # the riddle's, not a subject (a name and who it is may run longer).
    plain = '"' not in subject and len(subject.split()) <= (12 if told or whom else 8) and \
        re.search(patterns["relative"], subject) is None
    # (A style in a person's name suits any subject: "in the style of Alex Jones" keeps none;
    # a voice said in common words was chosen for the subject: "Write in a crazy coach
    # screaming style." keeps the sports teams, not a bedtime story: reads BAH, BAI.)
    voiced = any(re.search(patterns["voice_rule"], rule) and not re.search(r"\w [A-Z]", rule)
                 for rule in unchecked_rules(layout))
    if any(ask.noun not in MANNERS for ask in layout_asks(layout)) or \
            named or bound or voiced or \
            (included and plain):
        return subject
    return None


def _names_its_own_piece(before: str, subject: str) -> bool:
    """Whether the subject is the piece the original asks for ("a limerick about the word
    "limerick""): another kind of piece about it makes no sense (read BBY: "a song about the
    word "limerick"")."""
    words = re.findall(r"[a-z]+", before.lower())
    return len(words) >= 2 and words[-1] == "about" and \
        re.search(rf"\b{re.escape(words[-2])}s?\b", subject.lower()) is not None


def _about(task: Any, subject: str) -> str:
    """The new task about `subject` in place of its own ("a limerick about an inspirational
    chorus teacher"), or the task as it is when its frame names no "about" subject."""
    own = next((item for item in task.subjects if f"about {item}" in task.text), None)
    if own is None:
        return str(task.text)
    return str(task.text).replace(f"about {own}", f"about {subject}", 1)


def _loses_own_text(layout: Layout, settings: Optional[Sequence[Any]], piece: str) -> bool:
    """Whether a text of the original the reply must reproduce (an end line) would have to
    be replaced for a new piece ending `piece`, though it belongs to no story of the task."""
    params = settings if settings is not None else layout.params
    return any(not get(instruction_id).literal_bound_to_task(item, layout.prompt)
               and not get(instruction_id).suits_piece(item, piece)
               for instruction_id, item in zip(layout.ids, params))


def _tuned(layout: Layout, rng: Any, *, index: int, profile: Profile, direction: str,
           case_seed: int, sibling_settings: Sequence[Any]) -> Optional[list[Any]]:
    """The settings a new task states under "harder": the `index`-th sibling's, else an
    earlier sibling's (never the case's own when an earlier sibling made them harder), each
    kept at least as hard as `sibling_settings` asked; None where none changes."""
    changeable = targets(layout, direction, profile) if direction == "harder" else []
    for step in range(index, 0, -1):
        for chosen in (target_plan(layout, changeable, step, case_seed) if changeable else []):
            tuned = new_params(layout, rng, chosen, profile, direction=direction, step=step)
            if tuned is not None:
                return _no_less_than(layout, tuned, sibling_settings)
    return None


def _no_less_than(layout: Layout, tuned: Sequence[Any],
                  sibling_settings: Sequence[Any]) -> list[Any]:
    """`tuned` with every setting an earlier sibling made harder kept at least as hard: the
    siblings of 3089 raised its highlights to 10 and 11 where its range of sentences could not
    be said anew in place, and a new task with a harder range but the original's 8
    highlights asks less of them (`_eases_a_sibling`)."""
    settings = list(tuned)
    for kwargs in sibling_settings:
        for position, (instruction_id, item) in enumerate(zip(layout.ids, kwargs)):
            if get(instruction_id).request_field:
                continue
            theirs = parse_params(instruction_id, item)
            if asks_more(instruction_id, settings[position], theirs) > 0:
                settings[position] = theirs
    return settings


def _eases_a_sibling(layout: Layout, candidate: Candidate,
                     kept: Sequence[Candidate]) -> Optional[Rejection]:
    """A later sibling never asks less of a setting than an earlier one did (14 sentences,
    then back to 10 beside a new task): the generator draws again."""
    for sibling in kept:
        for instruction_id, before, after in zip(layout.ids, sibling.kwargs, candidate.kwargs):
            if get(instruction_id).request_field:
                continue
            if asks_more(instruction_id, parse_params(instruction_id, before),
                         parse_params(instruction_id, after)) < 0:
                return Rejection("sibling-easier",
                                 f"asks less of {instruction_id} than an earlier sibling")
    return None


def _met_by_copy(kwargs: Sequence[dict[str, Any]], layout: Layout) -> set[str]:
    """The instructions of a case that asks for its request to be repeated which the copy
    alone already meets (a tip list about "sit" copied with "sit" twice in it, checked for
    "sit" at least twice; "<<a short title>>" in the copy under a title check): a new task
    must not hand out such a pass."""
    ids = layout.ids
    request = next((item.get(get(instruction_id).request_field or "")
                    for instruction_id, item in zip(ids, kwargs)
                    if get(instruction_id).request_field), None)
    if not request:
        return set()
    met = set()
    for instruction_id, item in zip(ids, kwargs):
        constraint = get(instruction_id)
        if constraint.request_field:
            continue
        if constraint.check(request, parse_params(instruction_id, item)):
            met.add(instruction_id)
    return met


def genre_class(layout: Layout) -> list[tuple[set[str], set[str]]]:
    """What a new task must keep of the original's kind of piece (task features of
    generate/tasks/), most first: verse stays verse and prose stays prose (no poem under a
    no-comma rule a review had, no prose for a song under a sentence count), and a list
    stays a list; then verse or prose alone, which is never given up."""
    from ..new_settings import task_kind
    from ..piece import features

    found = features(layout)
    # A tweet is short by its nature, whatever its count says: its rules bite in a few
    # sentences, and a proposal or a diary entry has room to spare (read BDF, 2662); and it is
    # prose: its keywords in a list of names for a kit read as a misfit.
    brief_prose = "brief" in text_features(" ".join(unit.text for unit in layout.task_units()))
    if brief_prose:
        found = found | {"short"}
    if _english_source(layout) or _capitals_to_echo(layout):
        # The answer renders an English text the prompt gives in another language, and that is
        # all it asks (3241: "Rewrite and expand the following in Arabic"): only a rewrite of
        # a line we give keeps the pull towards English (read BCX: a free article in Arabic
        # is easier; `_pick_task` takes the rewrite alone). So for a quoted sentence to carry
        # on in capitals under an all-lowercase rule (`_capitals_to_echo`, 3703).
        return [({"quoted"}, set())]
    verse = "verse" in found
    needs, avoids = ({"poem"}, set()) if verse else (set(), {"poem"})
    tiers = [(needs, avoids)]
    # A long piece stays long and prose stays prose: two cover letters under a no-comma rule
    # are harder than two jokes, an itinerary than a list of six fruits.
    form = (set() if "short" in found else {"short"}) | \
        (set() if "items" in task_kind(layout) or verse else {"list"})
    if form:
        tiers.insert(0, (needs, avoids | form))
    # A short piece stays short: eight g's in a haiku are harder than in a poem; and a
    # limerick that must close on a given line stays a short verse form, whose metre leads
    # into the line (`difficulty.genre_changed`).
    if "short" in found and "items" not in task_kind(layout) or \
            verse and closes_on_a_line(layout.ids) and short_verse_named(layout.prompt):
        tiers.insert(0, (needs | {"short"}, avoids | ({"list"} if brief_prose else set())))
    if "items" in task_kind(layout):
        tiers.insert(0, (needs | {"list"}, avoids | (form - {"list"})))
    elif not verse and found & {"long", "article"} and _length_unstated(layout):
        # An essay stays a long piece where no count of words or sentences says its length:
        # a description of a mayor under a no-comma rule is easier than the essay (read OB).
        tiers.insert(0, (needs | {"long"}, avoids | form))
    preferred = frozenset().union(*(get(instruction_id).task_prefers
                                    for instruction_id in layout.ids))
    if preferred and not verse and not preferred & task_demands(layout)[1]:
        if preferred <= found:
            # What suits the constraints best first: a letter for a postscript (reads VA, VB).
            tiers.insert(0, (tiers[0][0] | preferred, tiers[0][1]))
        else:
            # On a piece that does not invite it (a table, an explanation for children) the
            # postscript is the pull, and a letter, where a P.S. is at home, is easier (reads
            # BDC, BDD, BDG: 2070, 1800, 2929).
            tiers = [(needs_of, avoids_of | preferred) for needs_of, avoids_of in tiers]
    register = piece_register(layout)
    # Not where a constraint refuses a letter: under a cap on all-caps words every "I" counts
    # (read JB: a cover letter with "3 to 6 words in upper case").
    if register == "letter" and "letter" not in task_demands(layout)[1]:
        # A letter stays a letter: two comma-free cover letters are harder than two reviews,
        # and an end line of the original ("Call me at …") stays only on a piece of its kind.
        tiers.insert(0, (tiers[0][0] | {register}, tiers[0][1]))
        if closes_on_a_line(layout.ids):
            # A letter's sign-off pulls against a line it must end on: tips or name ideas end
            # on "Is there anything else I can help with?" with no pull (reads BCD, BCI: 3079).
            tiers = [(needs_of | {register}, avoids_of - {register})
                     for needs_of, avoids_of in tiers]
    if "letter" not in found and any(ask.noun == "style_of" for ask in layout_asks(layout)):
        # The style goes with the new piece ("Write it in the style of a stand-up comedian."):
        # a cover letter or an e-mail in it fits no occasion.
        tiers = [(needs_of, avoids_of | {"letter"}) for needs_of, avoids_of in tiers]
    return tiers


def _address_breaks_a_rule(layout: Layout) -> bool:
    """Whether a web address in the task breaks a rule that a plain word keeps (a comma under
    a comma ban, capitals under small letters): the answer names what the address names, so
    the clash is the case's own difficulty. A rule that a plain word breaks too (a count of
    words) says nothing of the address."""
    task = " ".join(unit.text for unit in layout.task_units())
    addresses = re.findall(r"https?://\S+", task)
    return any(check(instruction_id, "word", kwargs) and not check(instruction_id, address, kwargs)
               for address in addresses
               for instruction_id, kwargs in zip(layout.ids, layout.kwargs))


def _english_source(layout: Layout) -> bool:
    """Whether the case's one rule is an answer in a language other than English while the
    task quotes an English sentence for it to render (3191: "We are a team of creators", read
    BDF). Beside other rules (a comma ban) a new task keeps those (reads found them the
    same)."""
    if not all(get(instruction_id).language_of(item) not in (None, "en")
               for instruction_id, item in zip(layout.ids, layout.params)):
        return False
    return any(_english_sentence(quoted) for quoted in layout.task_quotes())


def _capitals_to_echo(layout: Layout) -> bool:
    """Whether an all-lowercase rule meets a sentence the task quotes for the answer to carry
    on, opening with a capital (3703: "finish the sentence "The dog barked at the cat, but
    …""): the pull to echo it as written is the case's trap, which only a rewrite of a line of
    ours, a sentence with its own capital, keeps (read CFN: an article or a fable in
    lowercase has no such pull)."""
    if not any(get(instruction_id).letter_case == "lower" for instruction_id in layout.ids):
        return False
    return any(len(quoted.split()) >= 4 and quoted[:1].isupper() and _english_sentence(quoted)
               for quoted in layout.task_quotes())


def _english_sentence(text: str) -> bool:
    """Five English words or more, most in small letters ("We are a team of creators"), not a
    title ("The Secrets of Homeschooling: Revealed!")."""
    words = re.findall(r"[A-Za-z]+", text)
    return text.isascii() and len(words) >= 5 and \
        sum(word[0].isupper() for word in words) * 2 < len(words)


def _length_unstated(layout: Layout) -> bool:
    """Whether no constraint of the case bounds its words or sentences."""
    from ..piece import length_bounds

    (least_words, most_words), (least_sentences, most_sentences) = length_bounds(layout)
    return not least_words and not least_sentences and \
        most_words == math.inf and most_sentences == math.inf


def _counts_clash(layout: Layout, settings: Optional[Sequence[Any]], text: str) -> bool:
    """Whether a count of bullets, sections or paragraphs the case carries goes against a
    number the new task names ("five European capitals" in exactly two bullet points;
    generate/competing/fit.counts_contradict). Every number of a task of ours counts its
    items or days."""
    from ...constraints.support.phrases import NUMBER, number_value
    from ..competing.fit import counts_contradict

    numbers = [number_value(token) for token in re.findall(rf"\b{NUMBER}\b", text.lower())]
    named = max((n for n in numbers if n is not None and 2 <= n <= 100), default=None)
    if named is None:
        return False
    params = settings if settings is not None else layout.params
    # A number a text to reproduce names ("Follow the 5 steps listed above") is one the
    # new task must not contradict (ten tips).
    said = {number_value(token) for instruction_id, item in zip(layout.ids, params)
            for literal in get(instruction_id).literals(item)
            for token in re.findall(rf"\b{NUMBER}\b", literal.lower())}
    if said - {None} and named not in said:
        return True
    return any(counts_contradict((False, named), item.model_dump(exclude_none=True))
               for item in params)


class Reconfiguration(CousinKind):
    name = "reconfiguration"
    # A long original whose task stays, with one count said anew, stays within the floor of
    # its siblings however the count is worded (2912's dialogue under a letter count: 0.147):
    # on the second pass the new setting is difference enough, as a distractor's sentence is.
    second_passes = ("floor",)

    def propose(self, request: CousinRequest) -> Candidate:
        return reconfigure_case(request.layout, request.rng, request.index,
                                profile=request.profile, attempt=request.attempt,
                                direction=request.reconfigure, case_seed=request.family_seed,
                                siblings=request.accepted, sibling_settings=request.kept_kwargs)

    def broken_promise(self, layout: Layout, candidate: Candidate) -> Optional[Rejection]:
        if _new_settings(candidate) and changed_setting(layout, candidate,
                                                        except_request=True) is None:
            return Rejection("promise", "no parameter changed")
        return None

    def easier(self, layout: Layout, candidate: Candidate,
               profile: Profile) -> Optional[Rejection]:
        # Never easier than the original, as a strict reader judges it (generate/difficulty).
        verdict = judge(layout.ids, layout.kwargs, candidate.prompt, candidate.kwargs,
                        candidate.detail.record(), profile=profile,
                        original_prompt=layout.prompt)
        if verdict.easier:
            return Rejection("easier", f"easier than the original: {verdict.easier[0]}")
        freed = _met_by_copy(candidate.kwargs, layout) - _met_by_copy(layout.kwargs, layout)
        if freed:
            return Rejection("easier", f"the request to repeat already meets {sorted(freed)[0]}")
        return None

    def refusal(self, layout: Layout, candidate: Candidate,
                kept: Sequence[Candidate]) -> Optional[Rejection]:
        return super().refusal(layout, candidate, kept) or _eases_a_sibling(layout, candidate,
                                                                             kept)

    def repeats_sibling(self, candidate: Candidate,
                        kept: Sequence[Candidate]) -> Optional[Rejection]:
        if _new_settings(candidate) and candidate.kwargs in [
                sibling.kwargs for sibling in kept if _new_settings(sibling)]:
            return Rejection("same-settings", "the same settings as a sibling reconfiguration")
        return None

    # ------------------------------------------------------------ the model backend

    def model_plan(self, request: CousinRequest, siblings: Sequence[Sibling],
                   options: Callable[[], DistractorOptions]) -> ModelPlan:
        layout = request.layout
        changeable = (can_get_harder(layout) if request.reconfigure == "harder" else
                      any(get(instruction_id).reconfigurable for instruction_id in layout.ids))
        hint = "parameters" if changeable else "task"
        detail = ReconfigurationDetail(strategy=hint,
                                       task_source="model" if hint == "task" else None)
        return ModelPlan(self.name, hint, detail, siblings=tuple(siblings),
                         mode=request.reconfigure)

    def model_context(self, request: CousinRequest, plan: ModelPlan) -> dict[str, Any]:
        """What a new task must offer, or how each setting gets harder and what the
        earlier siblings asked."""
        layout = request.layout
        if plan.hint == "task":
            needs, avoids, low, high, *_ = task_demands(layout)
            return {"needs": sorted(needs), "avoids": sorted(avoids), "low": low, "high": high}
        earlier = [{"version": sibling.index, "kwargs": json.dumps(list(sibling.kwargs),
                                                                   ensure_ascii=False)}
                   for sibling in plan.siblings]
        return {"guide": harder_guide(layout) if plan.mode == "harder" else [],
                "earlier": earlier}

    def model_candidate(self, answer: ModelCousin, request: CousinRequest,
                        plan: ModelPlan) -> Candidate:
        kwargs = _model_kwargs(answer, request, plan)
        if plan.hint == "task":
            return _model_task(answer, request, plan, kwargs)
        try:
            new_params = [parse_params(instruction_id, item, profile=request.profile)
                          for instruction_id, item in zip(request.layout.ids, kwargs)]
        except (IfevalppError, ValueError) as exc:
            raise ComposeError(f"invalid kwargs: {exc}") from None
        judged = judge_reconfiguration(request.layout, new_params, mode=plan.mode,
                                       siblings=[(sibling.index, sibling.params)
                                                 for sibling in plan.siblings])
        return Candidate(answer.prompt, kwargs,
                         plan.detail.updated(**{**judged, "reconfigure": plan.mode}))

    def model_sibling(self, request: CousinRequest, candidate: Candidate) -> Optional[Sibling]:
        """With its settings parsed, for the next sibling to go beyond (None: they do not
        parse, and the family loop refuses it anyway)."""
        try:
            params = tuple(parse_params(instruction_id, kwargs, profile=request.profile)
                           for instruction_id, kwargs
                           in zip(request.layout.ids, candidate.kwargs))
        except (IfevalppError, ValueError):
            return None
        return Sibling(request.index, tuple(candidate.kwargs), params)

    # ------------------------------------------------------------ the manifest

    def manifest_entry(self, cousins: Sequence[Variant], result: Any) -> dict[str, Any]:
        """The mode asked for, the strategies, the direction of every changed value
        (overall and per instruction type), and how many reconfigurations are harder, the
        same or easier than their originals by the scan of generate/difficulty.py."""
        by_type: dict[str, Counter] = {}
        for v in cousins:
            for instruction_id, direction in v.generator.detail.get("directions", {}).items():
                by_type.setdefault(instruction_id, Counter())[direction] += 1
        originals = {str(v.case): v for v in result.variants if v.kind == "original"}
        judged = [judge_variant(originals[str(v.case)], v, profile=result.profile)
                  for v in cousins if str(v.case) in originals]
        return {
            "reconfigure": result.reconfigure,
            "strategy": counts(v.generator.detail.get("strategy", "?") for v in cousins),
            "directions": counts(direction for v in cousins for direction
                                 in v.generator.detail.get("directions", {}).values()),
            "directions_by_type": {instruction_id: dict(sorted(tally.items()))
                                   for instruction_id, tally in sorted(by_type.items())},
            "difficulty": tally(judged),
        }


def _model_kwargs(answer: ModelCousin, request: CousinRequest,
                  plan: ModelPlan) -> list[dict[str, Any]]:
    """The answer's kwargs, a kept setting written as the case has it (same bytes), the
    request to repeat as the answer gives it (or as it was)."""
    found = answered(answer, request.layout)
    original, repeat, given = found.original, found.repeat, found.given
    if given is None:
        if plan.hint == "parameters":
            raise ComposeError("the answer has no kwargs (a reconfiguration returns the new "
                               "parameters)")
        given = original
    kwargs = [dict(before) if position != repeat and same(instruction_id, before, after)
              else after for position, (instruction_id, before, after)
              in enumerate(zip(found.ids, original, given))]
    if repeat is not None:
        text = repeat_text(answer, given, repeat, found.field_name)
        kwargs[repeat] = {**kwargs[repeat],
                          found.field_name: text or original[repeat].get(found.field_name, "")}
    return kwargs


def _model_task(answer: ModelCousin, request: CousinRequest, plan: ModelPlan,
                kwargs: list[dict[str, Any]]) -> Candidate:
    """A task reconfiguration: the kwargs stay (but the request to repeat), the task goes."""
    layout = request.layout
    repeat = layout.echo
    for position, (instruction_id, before, after) in enumerate(zip(layout.ids, layout.kwargs,
                                                                   kwargs)):
        if position != repeat and not same(instruction_id, before, after):
            raise ComposeError(f"{instruction_id} kwargs changed in a task reconfiguration "
                               f"(the requirements stay as they are)")
    start, end = layout.region()
    kept = [unit.text for unit in layout.task_units()
            if not unit.owners and start <= unit.start and unit.end <= end
            and len(unit.text.split()) >= 4 and unit.text in answer.prompt]
    if kept:
        raise ComposeError(f"the original task is still there ({kept[0][:60]!r}); write a new "
                           f"task")
    result = [dict(item) for item in layout.kwargs]
    if repeat is not None:
        if kwargs[repeat] == result[repeat]:
            raise ComposeError(f"{get(layout.ids[repeat]).request_field} is the old request; a "
                               f"new task brings a new request to repeat")
        result[repeat] = kwargs[repeat]
    return Candidate(answer.prompt, result, plan.detail.updated())


def _new_settings(candidate: Candidate) -> bool:
    detail = candidate.detail
    return isinstance(detail, ReconfigurationDetail) and detail.new_settings
