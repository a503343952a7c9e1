"""What a unit of a layout says about its constraints: the readings the plan decides by.

A unit may state a constraint (a count, a relation, a value), only mention it (a word
of the task that a finder also matched), say something more of its own (an aside:
"Please keep the tone warm, and don't use commas" asks for warmth too), or outline the
answer's parts. Each reading here is one question the plan asks of a unit.
"""

from __future__ import annotations

import re
from typing import Any, Optional, Sequence

from ...constraints import get
from ...constraints.support.edits import numbers_in
from ..phrase_tables import filled, of, words
from ..records import ComposeError
from .cut import strip_clause
from .units import Layout, Unit, local_spans
from .purity import piece_words, rewords
from .substitute import substitute_values
from .words import content_words, residual


# An aside asks for something: an imperative, or a sentence with a modal verb.
_request = filled(r"^(?:(?:{aside_leads})\s+)*(?:{aside_verbs})\b|\b(?:{aside_modals})\b",
                  of("prompt"), re.IGNORECASE)
# Where one clause ends and the next begins ("…, and don't use any commas").
_clause_break = filled(r"\s*(?:;|--?\s|(?:,\s*)?(?:{clause_conjunctions})\s|"
                       r"\s(?:{clause_prepositions})\s|,\s*(?:{clause_verbs})\b)", of("prompt"),
                       re.IGNORECASE)
_ban = filled(r"\b(?:{bans})\b", of("prompt"), re.IGNORECASE)
_relation_words = filled(r"(?i)\b(?:{relation_words})\b", of("prompt"))


def literals(layout: Layout, indices: set[int]) -> list[str]:
    """The literal parameter values (phrases, words, markers) of some constraints."""
    found: list[str] = []
    for index in indices:
        found += get(layout.ids[index]).literals(layout.params[index])
    return found


def mention_only(text: str, spans: Sequence[tuple[int, int]]) -> bool:
    """Whether the spans only mention the constraint (no count, no relation word)."""
    return bool(spans) and not any(
        numbers_in(text[start:end]) or _relation_words().search(text[start:end])
        for start, end in spans)


def states(layout: Layout, unit: Unit, index: int) -> bool:
    """Whether `unit` says something about constraint `index` beyond quoting a literal of
    another constraint ("XML" in "Never use the words 'kettle' or 'XML'")."""
    others = [literal.lower() for other in unit.owners if other != index
              for literal in literals(layout, {other})]
    spans = local_spans(layout, unit, index)
    if not spans and unit.pure and index in unit.owners:
        return True  # the whole sentence is the statement ("The words … cannot be in it.")
    for start, end in spans:
        text = unit.text[start:end].strip(" \"'“”‘’.,").lower()
        if text and text not in others:
            return True
    return False


def stated_by(layout: Layout, unit: Unit) -> list[int]:
    """The constraints a dropped pure unit needs stated anew: those it states, and those it
    only mentions when no other sentence carries them."""
    return [index for index in sorted(unit.owners)
            if states(layout, unit, index)
            or not any(other is not unit for other in layout.units_of(index))]


def stated_elsewhere(layout: Layout, index: int) -> bool:
    """Whether a pure unit states constraint `index`."""
    return any(other.pure and states(layout, other, index) for other in layout.units_of(index))


def still_here(layout: Layout, unit: Unit, hit: set[int],
               params: Optional[Sequence[Any]]) -> set[int]:
    """Constraints of `hit` whose statement stays in a task unit kept as it is: a count or
    relation, or any mention when no other sentence states the constraint."""
    found = set()
    for index in hit:
        if params is not None and params[index] != layout.params[index]:
            continue
        spans = local_spans(layout, unit, index)
        if not spans:
            continue  # only a sentence-wide match: the phrase-level statement is elsewhere
        if not mention_only(unit.text, spans) or not stated_elsewhere(layout, index):
            found.add(index)
    return found


def still_states(layout: Layout, text: str, unit: Unit, hit: set[int]) -> bool:
    """Whether a stripped unit still contains one of the removed constraints' values."""
    for index in hit:
        for start, end in layout.values.get(index, []):
            if start >= unit.start and end <= unit.end:
                value = layout.prompt[start:end]
                # A bare word may also belong to the task ("list the steps"); only
                # statements with a number or several words count as still stated.
                if not re.search(r"\d|\s", value.strip()):
                    continue
                if value and value in text:
                    return True
    return False


def aside(layout: Layout, unit: Unit) -> Optional[str]:
    """What a pure unit asks before its constraints' trailing clause, if that is a request of
    its own ("Please only write short sentences"); None otherwise."""
    spans = [span for index in unit.owners for span in local_spans(layout, unit, index)]
    stripped = strip_clause(unit.text, spans, literals(layout, set(unit.owners)))
    if stripped is None or not unit.text.startswith(stripped[:-1]):
        return None
    head_end = unit.start + len(stripped) - 1
    # Evidence inside the head means it states something too (a span covering the whole
    # sentence says nothing about which part states what).
    if any(start < head_end and end > unit.start and not (start <= unit.start and end >= unit.end)
           for spans_of in layout.evidence.values() for start, end in spans_of):
        return None
    if not content_words(stripped) or len(stripped.split()) < 3 or \
            not _request().search(stripped):
        return None
    # The cut must fall between two clauses ("…, and don't use any commas"), not inside one
    # ("The song should be | in English"), or the aside is a fragment.
    if not _clause_break().match(unit.text[len(stripped) - 1:]):
        return None
    if re.match(r"\s*(?:--|—|–|:)", unit.text[len(stripped) - 1:]):
        return None  # "Make your reply short -- … less than 40 words": the head sums it up
    return stripped


def bare_split(layout: Layout, unit: Unit, hit: set[int],
               spans: Sequence[tuple[int, int]]) -> bool:
    """Whether cutting the statement of a type that names the answer's parts would leave only
    the verb and the parts ("Separate the essay and the poem"): a fragment, not a request."""
    if not any(get(layout.ids[index]).names_parts for index in hit):
        return False
    stripped = strip_clause(unit.text, spans, literals(layout, hit))
    if stripped is None:
        return False
    # Verbs of a statement that splits the answer ("Separate the essay and the poem …").
    found = {word.lower().strip(".,") for word in content_words(stripped)}
    return not (found - piece_words() - words("prompt", "split_verbs"))


def own_parts(layout: Layout, unit: Unit, hit: set[int]) -> list[str]:
    """The parts of the answer a statement of a type that names them says and no other
    sentence does ("Give your final summary, following ******" after "Write a rubric …"):
    what the two parts are is the request's own, and a generic "two different answers"
    would change it."""
    if not any(get(layout.ids[index]).names_parts for index in hit):
        return []
    spans = [span for index in hit for span in local_spans(layout, unit, index)]
    named = {word.lower().strip(".,") for word in content_words(residual(unit.text, spans))}
    named &= piece_words() | words("prompt", "part_words")
    others = " ".join(other.text for other in layout.units if other is not unit).lower()
    said = set(re.findall(r"[a-z]+", others))
    return sorted(word for word in named
                  if word not in said and word.rstrip("s") not in said and word + "s" not in said)


def holds_old_value(layout: Layout, unit: Unit, index: int) -> bool:
    """Whether a unit that stays as it is says a value of constraint `index` that a cousin
    changes: one of its literals ("Peace!" on a line of its own), or its count."""
    text = unit.text.lower()
    if any(literal.strip() and re.search(rf"(?<!\w){re.escape(literal.strip().lower())}(?!\w)",
                                         text) for literal in literals(layout, {index})):
        return True
    spec = get(layout.ids[index]).count
    if spec is None:
        return False
    count = getattr(layout.params[index], spec.field)
    return any(value == count for _, _, value in numbers_in(unit.text))


def reworded_next(layout: Layout, position: int) -> bool:
    """Whether the sentence after unit `position` says it again ("In other words, …") and
    stays (it carries more than a statement): the two go together."""
    if position + 1 >= len(layout.units):
        return False
    after = layout.units[position + 1]
    return not after.pure and bool(rewords().match(after.text))


def strip_one(layout: Layout, unit: Unit, hit: set[int],
              params: Optional[Sequence[Any]]) -> Optional[tuple[int, str]]:
    """Cut one constraint's clause when the joint cut failed ("a 2 paragraph critique … in all
    capital letters" -> "a critique … in all capital letters"); the others stay stated as they
    are, so they must keep their values."""
    if len(hit) < 2:
        return None
    for index in sorted(hit):
        others = hit - {index}
        if params is not None and any(params[other] != layout.params[other] for other in others):
            continue
        spans = local_spans(layout, unit, index)
        if mention_only(unit.text, spans) and not any(
                _ban().search(unit.text[start:end]) for start, end in spans):
            continue  # only counts ("a 2 paragraph critique") and bans ("and without any
            # commas") are cut this way; a bare mention may be a word of the task
        stripped = strip_clause(unit.text, local_spans(layout, unit, index),
                                literals(layout, {index}))
        if stripped is not None and not still_states(layout, stripped, unit, {index}):
            return index, stripped
    return None


def mentions_updated(layout: Layout, unit: Unit, hit: set[int],
                     params: Optional[Sequence[Any]]) -> str:
    """A task unit that only mentions constraints stated elsewhere, with the mentioned values
    changed where the cousin changes them ("[Section 1: …, in Marathi language]" says Russian
    when the cousin asks for Russian): a stale mention would contradict the statement."""
    text: Optional[str] = unit.text
    for index in sorted(hit):
        if params is None or params[index] == layout.params[index]:
            continue
        if not _says_changed_count(layout, unit, index, params[index]):
            continue  # "trying to avoid using the letter t": the letter stays, the count moves
        text = substitute_values(layout, unit, index, params[index], text)
        if text is None:
            raise ComposeError(f"cannot change {layout.ids[index]} where the task mentions it "
                               f"({unit.text[:60]!r})")
    return text


def _says_changed_count(layout: Layout, unit: Unit, index: int, new: Any) -> bool:
    """Whether a task unit must be updated for constraint `index`'s new setting: it must
    unless the count is all that changes and the unit does not say the old one (a task about
    two people "trying to avoid using the letter t" beside "at least 30 times" names the
    letter, not the count, read AFA)."""
    spec = get(layout.ids[index]).count
    old = layout.params[index]
    if spec is None or old.model_copy(update={spec.field: getattr(new, spec.field)}) != new:
        return True
    count = getattr(old, spec.field)
    return any(value == count for _, _, value in numbers_in(unit.text))
