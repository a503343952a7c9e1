"""What a case refuses a competing format requirement, from the types' declarations and its task.

* `demands(layout)` — what the case's constraints cannot have a distractor add
  (`refuses_effects`, and texts `requires` pins at the start or end) and what a
  response must contain (marks a request's `@forbids` would rule out);
* `stated_refusals(layout)` — what the types the prompt states without checking
  them refuse too ("Answer in all caps." beside a placeholder count);
* `one_sentence(layout)` and `piece_features(layout)` — the size and the kind of
  piece the task asks for (a sentence to rewrite takes no list; a song no bullets);
* `contradicts_items(layout, kwargs)` — whether a count of bullets, sections or
  paragraphs goes against the items the task fixes itself (a 12-day itinerary in exactly
  2 bullet points).
"""

from __future__ import annotations

import functools
import re
from typing import Any, Iterable, Optional

from ...constraints import REGISTRY, get, parse_params
from ..distance import tokens
from ..phrase_tables import Known, table
from ..prompt.layout import Layout, slot_lines
from .catalogue import EFFECTS, Demands

_KNOWN = Known("fit")

_AT_START = frozenset({"adds_first_line", "sets_start"})
_AT_END = frozenset({"adds_last_line", "sets_end", "ends_with_question"})

# What a piece of one sentence (a sentence to rewrite, "write a long sentence") cannot take:
# a second sentence, a list, a layout, lines of its own.
ONE_SENTENCE_REFUSES = frozenset({
    "adds_sentence", "adds_lines", "adds_bullets", "numbered_list", "changes_shape", "uses_table",
    "limits_paragraph_length", "adds_first_line", "adds_last_line", "ends_with_question",
    "needs_question_mark"})
_QUOTED = re.compile(r'["\u201c]([^"\u201d]{3,})["\u201d]')
# A quoted text this short, to rework, gives a reply of about its size: a sentence or two.
_SHORT_QUOTE_WORDS = 30
# Features of verse and short pieces (generate/tasks/), where not every layout suits.
_VERSE = frozenset({"poem", "short"})


def _task_text(layout: Layout) -> str:
    return " ".join(unit.text for unit in layout.task_units())


def one_sentence(layout: Layout) -> bool:
    """Whether the task asks for a piece of about one sentence: a sentence of its own
    ("Write a long sentence about …") or a short quoted text to rewrite or criticise."""
    text = _task_text(layout)
    if _KNOWN.pattern("one_sentence_task").search(text) and \
            not _KNOWN.pattern("several_sentences").search(text):
        return True
    if not _KNOWN.pattern("rework").search(text):
        return False
    quoted = [match.group(1) for match in _QUOTED.finditer(text)]
    return bool(quoted) and max(len(tokens(q)) for q in quoted) <= _SHORT_QUOTE_WORDS


def piece_features(layout: Layout, *, verse_only: bool = False) -> Optional[frozenset[str]]:
    """The features (generate/tasks/) of the first kind of piece the task sentences name (a
    letter, a plan, an essay), or None; with `verse_only`, of the first verse or short piece
    (a song, a haiku, a riddle)."""
    from ..tasks import catalogue as task_catalogue

    text = _task_text(layout).lower()
    found: Optional[tuple[int, frozenset[str]]] = None
    for genre in task_catalogue().genres:
        if verse_only and not genre.features & _VERSE:
            continue
        match = re.search(rf"\b{re.escape(genre.noun.lower())}s?\b", text)
        if match and (found is None or match.start() < found[0]):
            found = (match.start(), genre.features)
    return found[1] if found else None


# Settings that lay the answer out in a number of parts, and whether the parts are the
# items of a list (bullets: a list task's own items are its bullets, whatever their count).
_LAYOUT_COUNTS = {"num_bullets": True, "num_sections": False, "num_paragraphs": False}


def contradicts_items(layout: Layout, kwargs: dict[str, Any]) -> bool:
    """Whether a setting that lays the answer out in parts contradicts what the task fixes
    itself (generate/piece.task_items): a number of bullets, sections or paragraphs other
    than the days, steps or items the task names ("a 12-day trip" in exactly 2 bullets,
    "3 names" in exactly 4), or any bullet count beside a task that asks for a list, an
    itinerary or an outline, whose items are the task's to count."""
    from ..piece import task_items

    return counts_contradict(task_items(layout), kwargs)


def counts_contradict(items: tuple[bool, Optional[int]], kwargs: dict[str, Any]) -> bool:
    """`contradicts_items` for what a task fixes of its own list (`items`: whether it asks
    for a list, the number of items it names)."""
    is_list, count = items
    return any((_LAYOUT_COUNTS[field] and is_list) or (count is not None and count != value)
               for field, value in kwargs.items()
               if field in _LAYOUT_COUNTS and isinstance(value, int))


def _required_marks(options: Iterable[str]) -> set[str]:
    """The marks a required text holds that a request's `@forbids` could rule out."""
    needs: set[str] = set()
    for option in options:
        if "?" in option:
            needs.add("question_mark")
        if "!" in option:
            needs.add("exclamation_mark")
        if "*" in option:
            needs |= {"asterisks", "markdown"}
    return needs


@functools.lru_cache(maxsize=1)
def _piece_nouns() -> frozenset[str]:
    """The nouns of our genres that name a piece, not the answer ("song", not "answer")."""
    from ..tasks import catalogue as task_catalogue

    return frozenset(genre.noun.lower() for genre in task_catalogue().genres) - \
        frozenset(table("prompt")["response_words"])


def said_of_the_piece(layout: Layout) -> bool:
    """Whether a checked statement speaks of the piece the task names, not of the answer
    ("Commas are not allowed in the song.", "Your song should contain …"): the check reads
    the whole answer, so a line added outside the piece (a postscript, a closing line)
    would fall under a rule the prompt never set for it (read AIA)."""
    nouns = _piece_nouns()
    scope = _KNOWN.pattern("piece_scope")
    for unit in layout.units:
        if not unit.owners:
            continue
        for match in scope.finditer(unit.text.strip()):
            said = (match.group("piece") or match.group("subject") or "").lower()
            if said in nouns or said.rstrip("s") in nouns:
                return True
    return False


def demands(layout: Layout) -> Demands:
    """What the case's constraints refuse a distractor, from the types' declarations, and
    what a piece of one sentence cannot take."""
    refuses: set[str] = set(ONE_SENTENCE_REFUSES) if one_sentence(layout) else set()
    if _KNOWN.pattern("one_paragraph_task").search(" ".join(
            unit.text for unit in layout.task_units())):
        refuses |= {"names_parts", "changes_shape"}  # "Write a paragraph …": no parts of it
    if said_of_the_piece(layout):
        refuses |= {"adds_first_line", "adds_last_line"}
    if slot_lines(layout.prompt):
        # The answer fills a template the prompt spells out ("[Movie 1]\n[Description]"): no
        # list, table or parts of another shape ("set out the main points as a numbered
        # list" beside two movie slots, read CJW on 3335).
        refuses |= {"changes_shape", "numbered_list", "uses_table", "adds_bullets", "names_parts"}
    needs: set[str] = set()
    for instruction_id, params in zip(layout.ids, layout.params):
        constraint = get(instruction_id)
        refuses |= set(constraint.refuses_effects_in(layout.prompt))
        for required in constraint.requires(params).texts:
            if required.at == "start":
                refuses |= _AT_START
            elif required.at == "end":
                refuses |= _AT_END
            needs |= _required_marks(required.options())
    return Demands(frozenset(refuses & set(EFFECTS)), frozenset(needs))


def stated_refusals(layout: Layout) -> frozenset[str]:
    """What the types the prompt states without checking them ("Answer in all caps." beside
    a placeholder count) refuse a distractor: the prompt asks for them all the same, so a
    capital-word count there would be redundant or contradict it. Types without settings
    only (their statement is the whole of them)."""
    found: set[str] = set()
    own = set(layout.ids)
    for constraint in _settingless_refusers():
        if constraint.id in own or own & constraint.conflicts_with:
            continue  # a case that checks lowercase does not also ask for all capitals
        if constraint.statements(layout.prompt, parse_params(constraint.id, {})):
            found |= set(constraint.refuses_effects)
    return frozenset(found)


@functools.lru_cache(maxsize=1)
def _settingless_refusers() -> tuple[Any, ...]:
    """The types without settings that refuse some distractor effect (all caps, JSON, …)."""
    return tuple(get(instruction_id) for instruction_id in sorted(REGISTRY)
                 if get(instruction_id).refuses_effects
                 and not get(instruction_id).Params.model_fields)


def refused(layout: Layout) -> Demands:
    """`demands` with the stated refusals added: what a competing request must respect."""
    found = demands(layout)
    needs = found.needs
    if _KNOWN.pattern("mentions_markdown").search(layout.prompt):
        # "You can use markdown ticks like ```JSON": no "no markdown at all" beside it.
        needs = needs | {"markdown"}
    return Demands(found.refuses | stated_refusals(layout), needs)
