"""Is a reconfiguration harder than its original? A deterministic scan of finished cousins.

IFEval++ reconfigures a case to make it "more challenging"; reliable@k then reads a
family's reconfigurations as harder versions of the original. One that asks less breaks
that reading, and so does a new task its constraints no longer fit. `judge` compares a
reconfiguration with its original, constraint by constraint:

* **direction** — a count moved (the accepted counts a strict subset of the original's:
  harder; a strict superset: easier); an exact count up (more bullets) is harder, down
  easier; a word list longer (more keywords, more words to avoid) harder, shorter easier.
  A change without a direction (a language, a marker, a relation turned round) is the same.
* **script** — the language asked for is written in a script in which another constraint
  holds by itself or never (`params.trivialised`: no commas in Persian): easier.
* **task swap** — with a new task of ours (`detail.task_genre`): a ban or cap on a word
  the new piece never uses (`Constraint.topic_use` "uses"; the task's words, its genre's
  and subject kinds' vocabulary, tasks/vocabulary.py) holds by itself: easier, and so does
  a cap of one use or more on a word the piece is not about ("caps": "regards" at most
  once in an email, which says it once anyway); so does a
  word cap at or above the genre's longest natural piece (a 220-word cap on a haiku) or a
  minimum at or below its shortest, and a constraint that holds by itself on a text as
  short as the piece runs (`Constraint.task_bites_from`: no commas in a slogan). Misfits, which are not easier but unfair: a word to
  include that the piece does not invite, a minimum longer than the kind of piece runs, a
  piece called short beside a long minimum, more things asked for than the piece has room
  for (`Constraint.task_room`: 25 all-caps words in a limerick).

`out_of_order` checks a case's reconfigurations against each other: where a setting has
a direction, a later sibling never asks less of it than an earlier one.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Optional, Sequence

from ..constraints import get, parse_params
from ..profiles import Profile
from .satisfiable import trivialised
from .prompt.layout import build_layout
from .tasks.carried import dropped, layout_asks, layout_task_text, rule_kept, unchecked_rules
from .tasks.fit import topic_words
from .tasks.maker import SHORT_FRAME_WORDS, catalogue
from .tasks.vocabulary import content_words, genre_kinds, invites, vocabulary

_SHORT = re.compile(r"\b(?:short|brief)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Judgement:
    """How a reconfiguration compares with its original."""

    verdict: str                    # harder | same | easier
    easier: tuple[str, ...] = ()    # why it asks less
    harder: tuple[str, ...] = ()    # what it asks more of
    misfits: tuple[str, ...] = ()   # where a new task does not fit its constraints


def direction(instruction_id: str, before: Any, after: Any) -> int:
    """+1 when `after` asks more of the response than `before`, -1 when less, 0 when
    neither (no direction, or unchanged)."""
    constraint = get(instruction_id)
    spec = constraint.count
    if spec is not None:
        old, new = getattr(before, spec.field), getattr(after, spec.field)
        if spec.shape == "exact":
            return (new > old) - (new < old)
        (low, high), (new_low, new_high) = constraint.interval(before), constraint.interval(after)
        if (new_low, new_high) != (low, high):
            if low <= new_low and new_high <= high:
                return 1
            if new_low <= low and high <= new_high:
                return -1
            return 0
    lists = [name for name, value in before.model_dump().items() if isinstance(value, list)]
    if lists:
        old_n, new_n = len(getattr(before, lists[0])), len(getattr(after, lists[0]))
        return (new_n > old_n) - (new_n < old_n)
    return 0


def _params(ids: Sequence[str], kwargs: Sequence[dict[str, Any]],
            profile: Profile = "official") -> list[Any]:
    return [parse_params(instruction_id, item, profile=profile)
            for instruction_id, item in zip(ids, kwargs)]


def task_text(prompt: str, ids: Sequence[str], kwargs: Sequence[dict[str, Any]]) -> str:
    """The words of a prompt that are not a constraint's statement: its task units, with
    every quoted literal of a constraint ("avoid 'town'") taken out."""
    return layout_task_text(build_layout(prompt, ids, kwargs))


def _words_of(value: Any) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def _task_swap(ids: Sequence[str], params: Sequence[Any], prompt: str,
               kwargs: Sequence[dict[str, Any]], genre_id: str, kept: Sequence[Any] = (),
               original_prompt: str = "") -> tuple[list[str], list[str]]:
    """(easier, misfits) of a reconfiguration with a new task of genre `genre_id`; a word
    to repeat that the original's settings (`kept`) asked already is the case's own
    difficulty ("unfortunately" four times in an ad), no misfit of the new piece, and so is
    a cap the piece the original names meets by itself as well (3089's story under 61
    sentences)."""
    genre = next((item for item in catalogue().genres if item.id == genre_id), None)
    if genre is None:
        return [], [f"unknown task genre {genre_id!r}"]
    text = task_text(prompt, ids, kwargs)
    invited = invites(text, genre.id, genre_kinds(genre.frames))
    # What the piece is about: the words of the request, and those every text uses.
    subject_words = frozenset(content_words(text)) | vocabulary().common
    repeats = any(get(instruction_id).request_field for instruction_id in ids)
    easier: list[str] = []
    misfits: list[str] = []
    shortest, longest = genre.words
    # Words another constraint asks to be used: a cap on one of them bounds a range ("at
    # least 4 and fewer than 6 times"), which the piece does not meet by itself.
    own = topic_words(ids, kept)
    wanted = {word.lower() for instruction_id, item in zip(ids, params)
              if get(instruction_id).topic_field is not None
              and get(instruction_id).topic_use(item) in ("repeats", "suits")
              for word in _words_of(getattr(item, get(instruction_id).topic_field))}
    for instruction_id, item in zip(ids, params):
        constraint = get(instruction_id)
        if constraint.topic_field is not None:
            value = getattr(item, constraint.topic_field)
            use = constraint.topic_use(item)
            if use == "caps" and repeats:
                use = "uses"  # as the swap chose it: the repeated request names the subject
            for word in [value] if isinstance(value, str) else value:
                if use == "caps" and word.lower() not in subject_words | wanted:
                    easier.append(f"{instruction_id}: {word!r} is not what a {genre.noun} "
                                  f"about this is about, so a cap of it holds by itself")
                    continue
                if word.lower() in invited or (use != "uses" and word.lower() in own):
                    continue
                if use == "suits" and word.lower() in vocabulary().traps:
                    continue  # as hard to place as the original's own (tasks/fit.py: traps)
                if use == "uses":
                    easier.append(f"{instruction_id}: {word!r} is a word a {genre.noun} about "
                                  f"this never uses, so the ban holds by itself")
                else:
                    misfits.append(f"{instruction_id}: {word!r} is not a word a {genre.noun} "
                                   f"about this invites")
        stated = constraint.task_words(item)
        if stated is not None:
            low, high = stated
            # A cap a piece of this kind keeps without trying: at or above the midpoint of its
            # typical length and its longest (a slogan under 20 words).
            if high is not None and high >= (genre.typical + longest) / 2 and \
                    not _slack_for_original(original_prompt, high):
                easier.append(f"{instruction_id}: a cap of {high} words, which a {genre.noun} "
                              f"({shortest}-{longest} words) meets by itself")
            if low is not None and low <= shortest:
                easier.append(f"{instruction_id}: a minimum of {low} words, which a "
                              f"{genre.noun} ({shortest}-{longest} words) meets by itself")
            if low is not None and low > longest:
                misfits.append(f"{instruction_id}: {low} words or more, beyond what a "
                               f"{genre.noun} runs to ({longest})")
            if low is not None and low > min(SHORT_FRAME_WORDS, longest // 2) \
                    and _SHORT.search(text):
                misfits.append(f"{instruction_id}: a piece called short beside a minimum of "
                               f"{low} words")
        bites = constraint.task_bites_from(item)
        if bites is not None and bites > longest:
            easier.append(f"{instruction_id}: holds by itself in a piece shorter than {bites} "
                          f"words, and a {genre.noun} runs to {longest}")
        room = constraint.task_room(item)
        if room is not None and room > genre.typical:
            misfits.append(f"{instruction_id}: needs about {room} words of room, more than a "
                           f"{genre.noun} typically runs to ({genre.typical})")
    return easier, misfits


# A verse form this short (a haiku, a limerick) is what its constraints bite on.
SHORT_VERSE_WORDS = 60


def _asks_a_minimum(ids: Sequence[str], kwargs: Sequence[dict[str, Any]]) -> bool:
    """Whether a constraint counts something up from below ("at least 8 times"), which
    more room makes easier."""
    for instruction_id, item in zip(ids, kwargs):
        spec = get(instruction_id).count
        if spec is None or not isinstance(item.get(spec.field), int):
            continue
        relation = item.get(spec.relation_field) if spec.relation_field else None
        if spec.shape == "at_least" or relation == "at least":
            return True
    return False


@functools.lru_cache(maxsize=256)
def _noun(noun: str) -> re.Pattern[str]:
    """A genre's noun as a whole word, plural included, compiled once."""
    return re.compile(rf"\b{re.escape(noun.lower())}s?\b")


def _capped_short(ids: Sequence[str], kwargs: Sequence[dict[str, Any]]) -> bool:
    """Whether the original caps its answer at a few sentences' length ("TLDR the article …
    in 45 words or less"): the piece it names is what it reads, not what it writes."""
    for instruction_id, item in zip(ids, kwargs):
        words = get(instruction_id).task_words(parse_params(instruction_id, item))
        if words is not None and words[1] is not None and words[1] <= SHORT_CAP_WORDS:
            return True
    return False


# An answer capped at this many words is short whatever piece the prompt names.
SHORT_CAP_WORDS = 100


@functools.lru_cache(maxsize=1024)
def _named_pieces(prompt: str) -> tuple[Any, ...]:
    """The genres whose noun `prompt` names (a question asked is none), kept per original:
    every new task drawn for a case is judged against the same one."""
    lowered = prompt.lower()
    return tuple(item for item in catalogue().genres
                 if item.cls != "ask" and _noun(item.noun).search(lowered))


def _slack_for_original(original_prompt: str, high: int) -> bool:
    """Whether a piece the original names meets a cap of `high` words by itself too, so the
    cap is no difficulty the new task gives up."""
    return any(high >= (piece.typical + piece.words[1]) / 2
               for piece in _named_pieces(original_prompt)) if original_prompt else False


# A piece the original asks to be detailed ("a detailed proposal in list format") is not one
# that typically runs to fewer words than this (read CGN on 2216: a product description; read
# CHR: a list of reasons to try a smart plant pot, whose range runs to 600 words though such
# a list is a page at most).
DETAILED_TYPICAL = 360


@functools.lru_cache(maxsize=1)
def _detail_patterns() -> tuple[re.Pattern[str], re.Pattern[str], frozenset[str]]:
    """(a detailed piece asked for, a piece called short, the genres' nouns), built once."""
    from .phrase_tables import one_of, table
    from .tasks import catalogue

    words = table("plain")["detailed"]
    asked = re.compile(rf"(?i)\b(?:{one_of(words['asked'])})\s+(?P<a>[a-z-]+)(?:\s+(?P<b>[a-z]+))?")
    shortened = re.compile(rf"(?i)\b(?:{one_of(words['shortened'])})\b")
    return asked, shortened, frozenset(genre.noun.lower() for genre in catalogue().genres)


def _detail_dropped(original_prompt: str, found: Any, task_text: str) -> bool:
    """Whether the original asks for a detailed or long piece and the new task is a short
    one: its genre typically runs short, or its task calls it short ("a short guide"). The
    word must be said of a piece ("a detailed proposal", "a long email template"), not of its
    subject ("a poem about a long lasting war")."""
    asked, shortened, nouns = _detail_patterns()
    said = [word.lower() for match in asked.finditer(original_prompt)
            for word in match.group("a", "b") if word]
    if not any(word in nouns or word.rstrip("s") in nouns for word in said):
        return False
    return found.typical < DETAILED_TYPICAL or bool(shortened.search(task_text))


def genre_changed(original_prompt: str, genre: str, original_ids: Sequence[str] = (),
                  original_kwargs: Sequence[dict[str, Any]] = (),
                  task_text: str = "") -> Optional[str]:
    """Why a new task of `genre` is easier by its kind of piece: verse for a prose task or
    prose for verse changes what every constraint asks (commas, sentences, lines). A case
    answered by a fixed phrase ("My answer is yes.") asks no verse, whatever it names; a
    haiku or a limerick under a minimum ("the letter g 8 times") stays that short. A piece of
    short entries (a menu) is easier under a constraint that holds by itself there
    (`Constraint.holds_by_itself_in`: no commas). A short piece (`task_text`: the new task)
    for one the original asks to be detailed is easier too (`_detail_dropped`)."""
    from .piece import text_features
    from .tasks import catalogue

    found = {item.id: item for item in catalogue().genres}.get(genre)
    if found is None:
        return None
    for instruction_id in original_ids:  # a shopping list under a comma ban (read BAD)
        if get(instruction_id).holds_by_itself_in & set(found.features):
            return f"genre: a {found.noun} of short entries, where {instruction_id} holds by itself"
    if _detail_dropped(original_prompt, found, task_text):
        return f"genre: a short {found.noun} for a piece the original asks to be detailed"
    was_verse = "verse" in text_features(original_prompt) and \
        not any(get(instruction_id).short_answer for instruction_id in original_ids)
    is_verse = "poem" in found.features
    if was_verse != is_verse:
        return (f"genre: a {found.noun} ({'verse' if is_verse else 'prose'}) for a "
                f"{'verse' if was_verse else 'prose'} task")
    # A joke for a review under a no-comma rule: a piece of a few words for one the original
    # names as a whole text (strict reads AW, AX).
    # (A "question" named is no piece: every prompt may ask one.)
    named_pieces = _named_pieces(original_prompt)
    long_named = [item for item in named_pieces if "short" not in item.features]
    answered_short = any(get(instruction_id).short_answer for instruction_id in original_ids) \
        or _capped_short(original_ids, original_kwargs)
    if not was_verse and not answered_short and "short" in found.features and long_named and \
            len(long_named) == len(named_pieces) and "short" not in text_features(original_prompt):
        return f"genre: a {found.noun} (a few lines) for a {long_named[0].noun}"
    # A haiku's 17 syllables are what make eleven g's hard: a poem of 165 words is not.
    short = short_verse_named(original_prompt) if was_verse else None
    if short is not None and found.typical > 2.5 * short.typical and \
            _asks_a_minimum(original_ids, original_kwargs):
        return (f"genre: a {found.noun} (about {found.typical} words) for a {short.noun} "
                f"(about {short.typical})")
    # A limerick's metre and rhyme lead into the line it must close on; a song's free lines
    # do not (read BBD, 2677: "Yes Mom, I am Dave." after a rap was easier).
    if short is not None and "short" not in found.features and \
            closes_on_a_line(original_ids):
        return (f"genre: a {found.noun} for a {short.noun}, whose form leads into the line "
                "it must close on")
    return None


@functools.lru_cache(maxsize=1024)
def short_verse_named(prompt: str) -> Optional[Any]:
    """The one short verse form (a haiku, a limerick: `SHORT_VERSE_WORDS`) that `prompt`
    names, if it names one verse form only."""
    from .tasks import catalogue

    named = [genre for genre in catalogue().genres if "poem" in genre.features and
             _noun(genre.noun).search(prompt.lower())]
    return named[0] if len(named) == 1 and named[0].typical <= SHORT_VERSE_WORDS else None


def closes_on_a_line(ids: Sequence[str]) -> bool:
    """Whether one of the constraints fixes the text the answer ends on (an end phrase)."""
    return any(get(instruction_id).closing_text_field for instruction_id in ids)


def judge(original_ids: Sequence[str], original_kwargs: Sequence[dict[str, Any]],
          prompt: str, kwargs: Sequence[dict[str, Any]],
          detail: Optional[dict[str, Any]] = None, *, profile: Profile = "official",
          original_prompt: Optional[str] = None) -> Judgement:
    """How a reconfiguration (`prompt`, `kwargs`, its generator `detail`) compares with its
    original (the same instruction ids, `original_kwargs`, and with `original_prompt` its
    kind of piece), settings read under `profile`."""
    ids = list(original_ids)
    before, after = _params(ids, original_kwargs, profile), _params(ids, kwargs, profile)
    easier: list[str] = []
    harder: list[str] = []
    for instruction_id, old, new in zip(ids, before, after):
        constraint = get(instruction_id)
        if constraint.request_field:
            # The text to repeat follows the task, but keeps what made it hard to copy.
            lost = constraint.task_needs_for(old) - constraint.task_needs_for(new)
            if lost:
                easier.append(f"the original's request to copy is {', '.join(sorted(lost))}; "
                              "the new one is not")
            continue
        moved = direction(instruction_id, old, new)
        if moved > 0:
            harder.append(instruction_id)
        elif moved < 0:
            easier.append(f"{instruction_id}: {_said(instruction_id, old)} became "
                          f"{_said(instruction_id, new)}")
    reason = trivialised(ids, after)
    if reason is not None and trivialised(ids, before) is None:
        easier.append(reason)
    if original_prompt is not None:
        original = build_layout(original_prompt, ids, original_kwargs)
        gone = dropped(layout_asks(original), prompt)
        if gone:
            easier.append("the original's task asks for " + ", ".join(map(repr, gone)) +
                          ", which this one no longer names")
        traps = _lost_case_traps(original, ids, kwargs)
        if traps:
            easier.append("the original's " + ", ".join(map(repr, traps)) + " is a name to write "
                          "in small letters, a trap this one no longer sets")
        premises = _lost_premises(original, ids, after, prompt, kwargs)
        if premises:
            easier.append("what the original's task holds beside its checked values is gone: " +
                          "; ".join(premises))
        lost = [rule for rule in unchecked_rules(original) if not rule_kept(rule, prompt)]
        if lost:
            easier.append("the original asks " + ", ".join(map(repr, lost)) +
                          " of the whole answer, which this one no longer does")
    misfits: list[str] = []
    genre = (detail or {}).get("task_genre")
    if (detail or {}).get("strategy") == "task" and genre:
        swap_easier, misfits = _task_swap(ids, after, prompt, kwargs, genre, kept=before,
                                          original_prompt=original_prompt or "")
        easier += swap_easier
        changed = genre_changed(original_prompt, genre, original_ids, original_kwargs,
                                task_text=prompt) if original_prompt else None
        if changed is not None:
            easier.append(changed)
    verdict = "easier" if easier else "harder" if harder else "same"
    return Judgement(verdict, tuple(easier), tuple(harder), tuple(misfits))


def _lost_case_traps(original: Any, ids: Sequence[str],
                     after: Sequence[dict[str, Any]]) -> list[str]:
    """The original's words to include that it writes with a capital under a rule of small
    letters (`tasks.fit.case_traps`: "Netflix") which a cousin no longer asks for: the clash
    was the difficulty (strict read AY)."""
    from .tasks.fit import case_traps

    kept: set[str] = set()
    for instruction_id, item in zip(ids, after):
        field = get(instruction_id).topic_field
        value = item.get(field) if field in ("keywords", "keyword") else None
        kept |= {word.lower() for word in ([value] if isinstance(value, str) else value or [])}
    return sorted(case_traps(original) - kept)


def _lost_premises(original: Any, ids: Sequence[str], after: Sequence[Any], prompt: str,
                   kwargs: Sequence[dict[str, Any]]) -> list[str]:
    """What the original's task says of a checked literal besides stating its count
    (`Constraint.task_premise`: "two people who are both trying to avoid using the letter t"
    beside a count of t's) that the cousin's task no longer says."""
    from .tasks.carried import layout_task_text

    own = layout_task_text(original)
    said = [get(instruction_id).task_premise(item, own)
            for instruction_id, item in zip(ids, original.params)]
    if not any(said):
        return []
    new = task_text(prompt, ids, kwargs)
    return [premise for instruction_id, item, premise in zip(ids, after, said)
            if premise and get(instruction_id).task_premise(item, new) is None]


def _said(instruction_id: str, params: Any) -> str:
    constraint = get(instruction_id)
    if constraint.count is not None:
        return constraint.count_wording(params)
    return str(params.model_dump(exclude_none=True))


def judge_variant(original: Any, cousin: Any, *, profile: Profile = "official") -> Judgement:
    """`judge` for two family records (`Variant`s): a reconfiguration and its original."""
    return judge(original.instruction_id_list, original.kwargs, cousin.prompt, cousin.kwargs,
                 cousin.generator.detail, profile=profile, original_prompt=original.prompt)


def out_of_order(original: Any, siblings: Sequence[Any], *,
                 profile: Profile = "official") -> list[str]:
    """Where a case's reconfigurations (in index order) ask less of a setting than an
    earlier sibling did."""
    ids = list(original.instruction_id_list)
    found: list[str] = []
    ordered = sorted(siblings, key=lambda variant: variant.index)
    parsed = [(variant, _params(ids, variant.kwargs, profile)) for variant in ordered]
    for position, instruction_id in enumerate(ids):
        if get(instruction_id).request_field:
            continue
        for (first, first_params), (later, later_params) in zip(parsed, parsed[1:]):
            if direction(instruction_id, first_params[position], later_params[position]) < 0:
                found.append(f"{later.key}: {instruction_id} asks less than {first.key} "
                             f"({_said(instruction_id, first_params[position])} -> "
                             f"{_said(instruction_id, later_params[position])})")
    return found


def tally(judgements: Iterable[Judgement]) -> dict[str, int]:
    """Reconfigurations harder, the same and easier than their originals."""
    counted = Counter(judgement.verdict for judgement in judgements)
    return {verdict: counted.get(verdict, 0) for verdict in ("harder", "same", "easier")}


__all__ = ["Judgement", "direction", "judge", "judge_variant", "out_of_order", "tally",
           "task_text"]
