"""A case's constraints beside a task of our own: what the task must offer, what must change.

* `task_demands` — what a new task must offer (`task_needs`), must not be
  (`task_avoids`), the length the constraints state (`task_words`), the room they need
  (`task_room`) and the length from which they bite (`task_bites_from`);
* `retopic_words` — the words of the word constraints (keywords, forbidden words, a
  counted keyword) are chosen for the new task: "avoid 'revolution'" beside a seaside
  itinerary holds by itself, so a ban takes a word the new task will use anyway, and a
  word to include one the new piece invites (tasks/vocabulary.py);
* `renew_bound_literals` — a text the response must reproduce that belongs to the
  old task's story (an end line naming its people) gets another setting.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Optional, Sequence

from ...constraints import get
from ...constraints.support.choosing import choice
from ...profiles import Profile
from ..satisfiable import compatible
from ..records import ComposeError
from ..piece import end_register, features
from .maker import Task
from .vocabulary import content_words, vocabulary

if TYPE_CHECKING:
    from ..prompt.layout import Layout


# The fewest letters of a word to cap that the check counts inside longer words.
CAPPED_LENGTH = 6


def task_demands(layout: Layout, params: Optional[Sequence[Any]] = None
                 ) -> tuple[set[str], set[str], Optional[int], Optional[int], Optional[int],
                            Optional[int]]:
    """What a new task must offer (`task_needs`), must not be (`task_avoids`), the length
    the constraints state (`task_words`: fewest, most words), the room they need
    (`task_room`: a piece of that kind must typically run so long) and the length a piece
    must be able to run to for a ban to ask anything (`task_bites_from`: no commas in a
    slogan), over the case's constraints with `params` (default: the case's own, so a
    harder setting asks for a piece that can carry it)."""
    needs: set[str] = set()
    avoids: set[str] = set()
    low, high, room, bites = None, None, None, None
    for instruction_id, item in zip(layout.ids, params if params is not None else layout.params):
        constraint = get(instruction_id)
        needs |= set(constraint.task_needs_for(item))
        avoids |= set(constraint.task_avoids_for(item))
        words = constraint.task_words(item)
        if words is not None:
            low = words[0] if low is None or (words[0] or 0) > low else low
            high = words[1] if high is None or (words[1] is not None and words[1] < high) else high
        wanted = constraint.task_room(item)
        if wanted is not None:
            room = max(room or 0, wanted)
        wanted = constraint.task_bites_from(item)
        if wanted is not None:
            bites = max(bites or 0, wanted)
    if _hard_words_to_include(layout):
        # Words as hard to place as the original's own take prose to sit in: 'hesitate' and
        # 'borrow' in a JSON list of rooms with their sizes have no place (reads CJN, CJP,
        # CJR, CKH on 3518), so no list of entries.
        avoids.add("entries")
    # What one constraint needs outweighs what another would rather avoid: the original asks
    # for both (keywords in an answer that must be JSON: 2591, 3518), so the piece must be
    # structured, and the words go into it.
    return needs, avoids - needs, low, high, room, bites


def _request_words(layout: Layout) -> set[str]:
    """The content words of the original's request, its first sentence that is not a bare
    statement: what the case is about ("a dog cage", "sneakers")."""
    return set(content_words(next((unit.text for unit in layout.units
                                   if not unit.pure), "").lower()))


def _hard_words_to_include(layout: Layout) -> bool:
    """Whether the case asks to include a few words its request is not about ("compensated"
    and "immigrants" beside "the pros and cons of working abroad"): a new task gets words as
    hard to place (`retopic_words`)."""
    request_words = _request_words(layout)
    for instruction_id, item in zip(layout.ids, layout.params):
        constraint = get(instruction_id)
        if constraint.topic_field is None or constraint.topic_use(item) != "suits":
            continue
        value = getattr(item, constraint.topic_field)
        words = [value] if isinstance(value, str) else list(value)
        if len(words) <= MOST_TRAPS and any(not _topical([word], request_words)
                                            for word in words):
            return True
    return False


def renew_bound_literals(layout: Layout, params: list[Any], rng: Any, profile: Profile,
                         piece: Optional[str] = None, keep_bound: bool = False
                         ) -> tuple[list[Any], list[str]]:
    """A text the response must reproduce that belongs to the old task's story (an end line
    naming its people), or that does not suit the new kind of `piece` (generate/piece.py:
    end_register; an assistant's "Can I help with anything more?" closing a haiku), gets another
    setting of its type for the new task, one that suits the piece; with `keep_bound` (the
    new task is about the old one's subject) a text of its story stays."""
    renewed: list[str] = []
    fresh = list(params)
    # A new piece of the original's own kind (a letter for a letter) keeps its end line:
    # "Call me at 631-481-4867" closes a cover letter as well as it closed the old one.
    own_kind = piece is not None and piece == end_register(features(layout))
    for index, instruction_id in enumerate(layout.ids):
        constraint = get(instruction_id)
        if keep_bound:
            continue  # the new task keeps the old one's subject (`keep_bound`): its texts fit
        # A text that only suits another kind of piece better ("Is there anything else I can
        # help with?" after a story) stays: replaced, the reconfiguration would drop a trap
        # of the original (strict reads Z2, AK). The maker prefers a piece it suits.
        unsuited = piece is not None and not own_kind and \
            not constraint.suits_piece(fresh[index], piece) and constraint.renews_unsuited
        if constraint.literal_bound_to_task(fresh[index], layout.prompt) or unsuited:
            options = {"piece": piece} if piece and constraint.proposes_for_piece else {}
            fresh[index] = constraint.renew_literal(fresh[index], rng, profile=profile, **options)
            renewed.append(instruction_id)
    if renewed and compatible(layout.ids, fresh, profile=profile) is not None:
        raise ComposeError("the old task's own texts cannot be replaced compatibly")
    return fresh, renewed


def _required_words(layout: Layout, params: Sequence[Any], skip: int) -> set[str]:
    """The words of every text the response must contain (an end phrase, a postscript
    marker, the keywords), but those of constraint `skip`."""
    texts = [text for position, (instruction_id, item) in enumerate(zip(layout.ids, params))
             if position != skip for text in get(instruction_id).sketch_texts(item)]
    return set(content_words(" ".join(texts))) | {word.lower() for text in texts
                                                   for word in re.findall(r"[A-Za-z]+", text)}


def _fitting(use: str, task: Task, common: frozenset[str] | set[str], said: set[str],
             repeats: bool) -> set[str]:
    """The words of the new task a word constraint of this `use` may keep as they are."""
    if use == "caps":
        return set(task.nouns) | common
    if use == "uses":
        # A ban on a word of the request the response repeats could never hold.
        return set(task.uses) | common | (said & common if repeats else said)
    return set(task.uses) | set(task.suits) | common | said


def topic_words(ids: Sequence[str], params: Sequence[Any]) -> frozenset[str]:
    """The words of a case's word constraints (`Constraint.topic_field`: keywords, banned
    words, a word to repeat), in small letters."""
    return frozenset(word.lower() for instruction_id, item in zip(ids, params)
                     if (field := get(instruction_id).topic_field) is not None
                     for word in ([getattr(item, field)] if isinstance(getattr(item, field), str)
                                  else getattr(item, field)))


def _topical(words: Sequence[str], request_words: set[str]) -> bool:
    """Whether words to repeat are the old request's own ("sneaker" beside "Which brand of
    sneakers …"), not a difficulty of their own ("lantern" twice in a poem about rain): a
    new task then takes its own subject's words."""
    return any(word in request_words or word + "s" in request_words or
               word.rstrip("s") in request_words for word in (word.lower() for word in words))


def case_traps(layout: Layout) -> set[str]:
    """Words to include that the prompt writes with a capital ("include the word "Netflix"")
    under a rule of small letters: the clash is the case's difficulty, so a new task keeps
    them, and one that drops them is easier (generate/difficulty.py)."""
    if not any(get(instruction_id).letter_case == "lower" for instruction_id in layout.ids):
        return set()
    found: set[str] = set()
    for instruction_id, item in zip(layout.ids, layout.params):
        field = get(instruction_id).topic_field
        if field not in ("keywords", "keyword"):
            continue
        value = getattr(item, field)
        for word in [value] if isinstance(value, str) else list(value):
            if word and re.search(rf"\b{re.escape(word[:1].upper() + word[1:])}\b",
                                  layout.prompt):
                found.add(word.lower())
    return found


def _word_plan(layout: Layout, task: Task, params: Sequence[Any], said: set[str],
               repeats: bool, keep: frozenset[str] = frozenset()
               ) -> tuple[list[tuple[int, str, list[str], set[str]]], set[str], set[str]]:
    """For each word constraint: its position, how the new task should use its words
    (`topic_use`), its words, and the words of the new task it may keep (`keep` always);
    the words kept (taken, so no other constraint takes them); and the original's words to
    include that its request is not about (`traps`: "engages" and "lightly" in a tweet for
    the president), which a new piece gets words as hard to place for."""
    common = vocabulary().common
    # Words the original's request itself is about ("a dog cage", "sneakers"): a word to
    # repeat that is none of them ("unfortunately") is the case's own difficulty and stays.
    request_words = _request_words(layout)
    # So are the words of a statement bound to the old task ('Include the keyword "brand"
    # each time, followed by suggested name'): kept on tips for juggling, "brand" belonged to
    # naming a tonic (reads CHG, CHP on 3272).
    bound_words = request_words | {word for unit in layout.units if not unit.pure
                                   for word in content_words(unit.text.lower())}
    # An answer in another language: the original's words are of that language ("nourriture"
    # for French), and words of an English task would never be written anyway.
    foreign = any(get(instruction_id).language_of(item) not in (None, "en")
                  for instruction_id, item in zip(layout.ids, params))
    plan: list[tuple[int, str, list[str], set[str]]] = []
    taken: set[str] = set()
    traps = case_traps(layout)
    for index, instruction_id in enumerate(layout.ids):
        constraint = get(instruction_id)
        if constraint.topic_field is None:
            continue
        value = getattr(params[index], constraint.topic_field)
        olds = [value] if isinstance(value, str) else list(value)
        use = constraint.topic_use(params[index])
        if use == "caps" and repeats:
            use = "uses"  # the repeated request says the subject's nouns already
        fits = _fitting(use, task, common, said, repeats) | (traps if use == "suits" else set())
        if foreign or (use == "repeats" and not _topical(olds, bound_words)):
            fits = fits | {word.lower() for word in olds}
        fits = fits | {word.lower() for word in olds if word.lower() in keep}
        taken |= {word.lower() for word in olds if word.lower() in fits}
        plan.append((index, use, olds, fits))
    own = topic_words(layout.ids, layout.params)
    traps = {word for word in own if not _topical([word], request_words)}
    return plan, taken, traps


def _pools(use: str, task: Task, counted_inside: bool) -> tuple[Sequence[str], Sequence[str]]:
    """The words a word constraint of this `use` takes first, and those it falls back on.
    A ban takes the subject's own nouns first ("lighthouse" in a story set in one), as the
    originals ban the words their request is about ("flea" in a post about a flea market): a
    word the genre only tends to use bites less. A cap the check counts inside longer words
    (`counted_inside`) takes no short word: it is in many ("bus" in "busy", "host" in
    "ghost"), so a careful answer that uses it once may still break the cap (read BAU)."""
    genre_words = tuple(word for word in task.uses if word not in task.nouns)
    others = tuple(word for word in task.uses + task.suits if word not in task.nouns)
    wanted, fallback = {"uses": (task.nouns, others),
                        "caps": (task.nouns, task.uses),
                        "repeats": (task.nouns, task.suits)}.get(use, (task.suits, genre_words))
    if use == "caps" and counted_inside:
        return ([word for word in wanted if len(word) >= CAPPED_LENGTH],
                [word for word in fallback if len(word) >= CAPPED_LENGTH])
    return wanted, fallback


def _word_pools(use: str, task: Task, blocked: set[str], said: set[str], counted_inside: bool
                ) -> tuple[list[str], list[str], list[str]]:
    """The words a word constraint of this `use` takes first, those it falls back on, and
    (a word to include) those as hard to place as a word that was the original's own
    difficulty; none of `blocked`."""
    wanted, fallback = _pools(use, task, counted_inside)
    first = [word for word in wanted if word not in blocked]
    # With no such word left, a word the piece invites.
    spare = [word for word in fallback if word not in blocked and word not in first]
    if use not in ("uses", "caps", "repeats"):
        # A word to include asks something ("kindness"): "make" or "sure" only when the
        # piece invites nothing else (strict read AZ).
        plain = vocabulary().plain
        first, spare = ([word for word in first if word not in plain],
                        [word for word in spare if word not in plain] +
                        [word for word in first + spare if word in plain])
    if use != "suits":
        return first, spare, []
    # A word to include that was the original's own difficulty gets a word no piece
    # invites by itself ("lightly", "reluctantly"): one the new piece uses anyway would
    # make the ask easier (reads ACA, ADA, AEB: "engages" and "lightly" became "local",
    # "owner" and "customers" in a proposal for a campsite).
    hard = [word for word in vocabulary().traps if word not in blocked and word not in said
            and word not in first + spare]
    # The check finds a word inside longer ones: "sincere" is met by the "Sincerely" a
    # letter closes on (read BCH, 2549), "thank" by an email's "thanks".
    return (_not_inside(first, task.uses), _not_inside(spare, task.uses),
            _not_inside(hard, task.uses))


# The most words to include that a case's difficulty lies in ("gao" and "hearts" about a
# football season); a longer list names what the piece is about.
MOST_TRAPS = 3


def _not_inside(pool: Sequence[str], used: Sequence[str]) -> list[str]:
    """The words of `pool` that no word of `used` holds inside itself."""
    return [word for word in pool
            if not any(word != other and word in other for other in used)]


def retopic_words(layout: Layout, task: Task, rng: Any, *, profile: Profile = "official",
                  params: Optional[Sequence[Any]] = None, keep: frozenset[str] = frozenset()
                  ) -> tuple[list[Any], list[str]]:
    """The word constraints' words chosen for the new task (`Constraint.topic_field`): a word
    the new task does not invite is replaced, with as many words as before. A word to ban
    (`topic_use` "uses") comes from what an answer to the new task will use anyway
    (`Task.uses`: the subject's nouns, the genre's own words), so the ban bites; a word to
    cap at one use or more ("caps") from what the task is about (`Task.nouns`: a piece
    uses its subject's name many times, an email's "regards" once), and so does a word to
    repeat ("repeats"); a word to
    include ("suits") from what the piece invites (`Task.suits`). No
    word serves two constraints, a banned word is never one a required text holds, and
    when the response repeats the request, never one of the new task's own words; the
    words of `keep` stay."""
    params = list(params if params is not None else layout.params)
    said = set(content_words(task.text)) | {word.lower() for word in re.findall(r"[A-Za-z]+",
                                                                              task.text)}
    repeats = any(get(instruction_id).request_field for instruction_id in layout.ids)
    plan, taken, traps = _word_plan(layout, task, params, said, repeats, keep)
    swapped: list[str] = []
    # One word of the original in two constraints (at least 3 and fewer than 6 uses of
    # "unfortunately": a range) stays one word in the new task.
    renamed: dict[str, str] = {}
    for index, use, olds, fits in plan:
        constraint = get(layout.ids[index])
        blocked = set(taken)
        if use in ("uses", "caps"):
            blocked |= _required_words(layout, params, index)
        if repeats:
            blocked |= said  # the copied request would hold the word already
        first, spare, hard = _word_pools(use, task, blocked, said,
                                         constraint.counts_inside_words(profile))
        # Where the original's words to include are its difficulty ("gao", "hearts" about a
        # football season), a word added to them is one too: "please" beside them in a letter
        # asks nothing (read BCH, 2549).
        # A long list is the piece's own vocabulary, chosen for it ("trust", "brand",
        # "customer", "law", "policy" in a refund letter), though its request names none of
        # them: the new piece gets words it invites, never a stock list of hard words (read
        # CFW, 3156: "puzzled", "stubborn", "clumsy" in a cover letter).
        own = getattr(layout.params[index], constraint.topic_field)
        own_words = {word.lower() for word in ([own] if isinstance(own, str) else own)}
        trapped = traps if len(own_words) <= MOST_TRAPS else set()
        all_hard = use == "suits" and any(word.lower() in trapped for word in olds)
        news = []
        for word in olds:
            pool = hard if hard and (all_hard or word.lower() in trapped) else first or spare
            if word.lower() in renamed:
                news.append(renamed[word.lower()])
                continue
            added_easy = all_hard and word.lower() not in own_words | keep and \
                word.lower() not in vocabulary().traps
            if (word.lower() in fits and not added_easy) or not pool:
                news.append(word)
                renamed.setdefault(word.lower(), word)
                continue
            new = pool.pop(int(choice(rng, range(len(pool)))))
            taken.add(new)
            renamed[word.lower()] = new
            swapped.append(f"{word}->{new}")
            news.append(new)
        if news != olds:
            value = getattr(params[index], constraint.topic_field)
            params[index] = params[index].model_copy(
                update={constraint.topic_field: news[0] if isinstance(value, str) else news})
    if swapped and compatible(layout.ids, params, profile=profile) is not None:
        raise ComposeError("the word constraints cannot take words of the new task compatibly")
    return params, swapped
