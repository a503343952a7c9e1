"""Put a prompt back together from a Layout, with constraint statements re-rendered.

Two ways of assembling:

* `in_place` keeps the prompt's own order and wording; only the units that
  state the chosen constraints are replaced (by freshly rendered sentences at
  the same spot), and the task may be swapped for another one.
* `restructured` separates task and constraints and presents them anew:
  inline after the task, as a "Requirements:"-style list, or constraints first.

Both return a `Composed` with the new prompt and the new kwargs; for a case
whose type echoes part of the prompt (`Constraint.request_field`, the request to
repeat) the request is rebuilt first, that parameter is set to exactly the
request, and the instruction to repeat it is rendered above or below it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from ..constraints import get
from ..constraints.support.choosing import chance, choice
from ..constraints.support.edits import numbers_in
from ..constraints.support.wording import STYLES, load_json
from .decompose import Layout, Unit, _content_words, local_spans, strip_clause
from .records import ComposeError
from .substitute import substitute_values
from ..wording.sampler import Usage


@dataclass
class Composed:
    prompt: str
    kwargs: list[dict[str, Any]]
    detail: dict[str, Any] = field(default_factory=dict)


def dump(params: Any) -> dict[str, Any]:
    return params.model_dump(mode="json")


# ---------------------------------------------------------------- rendering helpers


def render(instruction_id: str, params: Any, rng: Any, styles: Sequence[str] = STYLES[:3],
           avoid: Optional[str] = None, usage: Any = None,
           context: Optional[dict[str, Any]] = None) -> str:
    """Render one constraint in a random style and variant (not equal to `avoid`); `usage`
    (shared by the sentences of one prompt) keeps them from repeating a frame; `context`
    (`wording_context`) tells the grammar what else the prompt asks."""
    constraint = get(instruction_id)
    extra = dict(context or {})
    if usage is not None:
        extra["usage"] = usage
    for _ in range(6):
        text = constraint.phrase(params, rng, styles, **extra)
        if text != avoid:
            return text
    return text


def wording_context(ids: Sequence[str], index: int, *, ahead: bool = False) -> dict[str, Any]:
    """What the wording of constraint `index` of a case checking `ids` must fit (guards of the grammars):
    `after_copy` — the reply opens with the copied request, so no form may put anything else
    first ("start with a title") or make the reply consist of one thing; `shares_reply` —
    the case asks other things of the reply, so no form says the reply is only this one
    ("your answer consists of 3 bullet points" beside a P.S.); `ahead` — the sentence comes
    before the task, so no form may point at it ("make it …", "before you hand it over")."""
    others = [get(instruction_id) for position, instruction_id in enumerate(ids)
              if position != index]
    return {"after_copy": any(other.request_field for other in others) or None,
            "shares_reply": bool(others) or None, "ahead": ahead or None}


def _sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    if text[-1] not in ".!?:*)\"”>" and "\n" not in text:
        text += "."
    return text


def _join(pieces: Sequence[str]) -> str:
    """Join sentences with a space; a piece spanning several lines gets lines of its own."""
    out = ""
    for piece in pieces:
        if not piece:
            continue
        if not out:
            out = piece
        elif "\n" in piece or "\n" in out:
            out = out + "\n" + piece
        else:
            out = out + " " + piece
    return out


# ---------------------------------------------------------------- task wording


_LEAD = re.compile(r"^(?P<please>(?:please|kindly)\s+)?(?P<verb>[A-Za-z]+)\b(?P<rest>.*)$",
                   re.DOTALL | re.IGNORECASE)


_DITRANSITIVE = frozenset({"write", "compose", "draft", "create", "make", "prepare", "produce",
                           "pen", "design", "offer", "send"})


def _weave(task: str, layout: Layout, params: Sequence[Any], order: Sequence[int], rng: Any,
           usage: Any = None) -> Optional[tuple[str, list[int]]]:
    """Join the first constraint onto the task sentence ("Write a haiku about rain, leaving
    out every comma."), half the time, when the task is one line ending in a stop or a
    question mark and the type has a grammar; returns the new task and the rest."""
    if not order or "\n" in task.strip() or task.rstrip()[-1:] not in ".?" or not chance(rng, 0.75):
        return None
    from .task_rewrite import last_sentence_asks
    if not last_sentence_asks(task):
        return None  # "It is meant for teenagers, and make sure …": weave onto a request only
    if re.search(r"\bmind \w+ing\b", task):
        return None  # "Would you mind writing X, and …" would need a second gerund
    index = order[0]
    constraint = get(layout.ids[index])
    if constraint.grammar() is None:
        return None
    from ..wording import close_sentence

    tail = constraint.phrase(params[index], rng, ("imperative",), form="attached", usage=usage,
                             **wording_context(layout.ids, index))
    body, mark = task.rstrip()[:-1].rstrip(), task.rstrip()[-1]
    if mark == "?" and tail.startswith(";"):
        return None
    joined = body + ("" if tail[0] in ",;" else " ") + tail
    return close_sentence(joined, mark), list(order[1:])


def layout_phrase(rule: str, rng: Any, **params: Any) -> str:
    """A list header, an intro for requirements that come first, or a task label
    (templates/wording/layout.grammar); `params` feed its guards (`single`, `question`)."""
    from ..constraints.support.choosing import seeded_random
    from ..wording import Sampler, load

    return Sampler(seeded_random(rng)).render(load("wording/layout"), rule, params).text


def _protected(task: str, layout: Layout, params: Sequence[Any]) -> list[tuple[int, int]]:
    """Spans of the task a checker reads: every literal of every instruction (keywords, end
    phrases, markers, the text to repeat…), wherever it occurs in the task."""
    spans = []
    lowered = task.lower()
    for instruction_id, item in zip(layout.ids, params):
        for literal in get(instruction_id).literals(item):
            literal = literal.strip()
            if not literal:
                continue
            for match in re.finditer(re.escape(literal.lower()), lowered):
                spans.append((match.start(), match.end()))
    return spans


def reword_task(task: str, layout: Layout, params: Sequence[Any], rng: Any, *,
                openers: bool = True, siblings: Sequence[str] = ()) -> tuple[str, str]:
    """The task said another way (generate/task_rewrite.py: frame, topic, audience, context,
    split or join, synonyms), keeping every literal a checker reads; the verb-table fallback
    (`vary_task`) when the sentence has a shape the rewriter does not vouch for."""
    from .task_rewrite import rewrite

    found = rewrite(task, _protected(task, layout, params), rng, siblings=siblings)
    if found is not None:
        return found.text, "rewrite:" + "+".join(found.operations)
    return vary_task(task, rng, openers=openers)


def vary_task(task: str, rng: Any, *, openers: bool = True) -> tuple[str, str]:
    """Reword the task's opening: swap its leading verb or wrap it in an opener.

    Returns (new task, what was done). A task that does not open with a known
    imperative verb is returned unchanged apart from an optional lead-in sentence.
    """
    table = load_json("phrases/task.json")
    task = task.strip()
    match = _LEAD.match(task)
    if not match:
        return task, "unchanged"
    verb = match.group("verb")
    alternatives = table["verbs"].get(verb.lower())
    if alternatives is None:
        if task.endswith("?") or not openers or not chance(rng, 0.5):
            return task, "unchanged"
        opener = choice(rng, [item for item in table["openers"] if "{task_cap}" in item])
        return opener.format(task_cap=task), "lead-in"
    rest = match.group("rest")
    if re.match(r"\s+(?:me|us|him|her|them)\b", rest):
        # "Give me a …" does not survive most swaps ("Share me a …"); keep such verbs
        # unless the alternative takes an indirect object too.
        alternatives = [item for item in alternatives if item in _DITRANSITIVE]
        if not alternatives:
            return task, "unchanged"
    new_verb = choice(rng, alternatives)
    body = new_verb + rest
    how = chance(rng, 0.6) or not openers
    if how:
        text = body[0].upper() + body[1:]
        return text, f"verb:{verb.lower()}->{new_verb}"
    opener = choice(rng, table["openers"])
    if "{task_cap}" in opener:
        return opener.format(task_cap=body[0].upper() + body[1:]), f"opener+verb:{new_verb}"
    wrapped = opener.format(task=body[0].lower() + body[1:] if not body[:2].isupper() else body)
    if opener.startswith(("Could you", "Can you")):
        first, dot, remainder = wrapped.partition(". ")
        if first.endswith("."):
            first = first[:-1]
        if dot:
            wrapped = first + "? " + remainder
        elif wrapped.endswith("."):
            wrapped = wrapped[:-1] + "?"
    return wrapped, f"opener+verb:{new_verb}"


# ---------------------------------------------------------------- the plan


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


def plan(layout: Layout, targets: set[int], *, drop_task: bool = False,
         params: Optional[Sequence[Any]] = None) -> Plan:
    """Decide which units to drop or edit so constraints in `targets` can be stated anew.

    A pure unit that states a target is dropped and all its constraints are
    re-rendered. A mixed unit loses the target's clause when `strip_clause` can
    cut it; otherwise the target's value is replaced in place (when `params`
    gives new values); otherwise planning fails with ComposeError.
    """
    unit_text: dict[int, Optional[str]] = {}
    to_render: list[int] = []
    anchor: dict[int, int] = {}
    asides: set[int] = set()
    stated: set[int] = set()      # constraints whose statement stays inside a kept task unit
    stripped_from: set[int] = set()

    def want(index: int, position: int) -> None:
        if index not in to_render:
            to_render.append(index)
            anchor[index] = position

    # Constraints with no located statement get one.
    for index, instruction_id in enumerate(layout.ids):
        if get(instruction_id).request_field:
            continue
        if index in targets and not layout.units_of(index):
            want(index, _default_anchor(layout))
    changed = True
    while changed:  # dropping a unit may pull more constraints in
        changed = False
        for position, unit in enumerate(layout.units):
            if position in unit_text or not unit.owners:
                continue
            if drop_task and not unit.pure:
                unit_text[position] = None
                changed = True
                for index in unit.owners:
                    want(index, position)
                continue
            hit = unit.owners & (targets | set(to_render))
            if not hit:
                continue
            if unit.pure:
                # Keep what the unit asks beyond its constraints ("Keep it breezy, and avoid
                # commas throughout" keeps "Keep it breezy.").
                aside = None if drop_task else _aside(layout, unit)
                unit_text[position] = aside
                if aside is not None:
                    asides.add(position)
                changed = True
                for index in _stated_by(layout, unit):
                    want(index, position)
                continue
            spans = [span for index in hit for span in local_spans(layout, unit, index)]
            if _bare_split(layout, unit, hit, spans):
                # "Separate the essay and the poem with ******": cutting the value would leave
                # "Separate the essay and the poem" bare; the parts are named by the task
                # ("… an essay … then a poem"), so the whole sentence goes and is said anew.
                unit_text[position] = None
                changed = True
                for index in _stated_by(layout, unit):
                    want(index, position)
                continue
            if all(_mention_only(unit.text, local_spans(layout, unit, index)) and any(
                    other.pure for other in layout.units_of(index)) for index in hit):
                # Only a word of the task matched ("a Zelda fan", "trying to avoid using the
                # letter t"); the statement itself is elsewhere, so the task stays as it is —
                # unless a format phrase can be cut cleanly ("… in JSON format."), which would
                # otherwise be stated twice.
                formats = {index for index in hit
                           if get(layout.ids[index]).format_phrase
                           and any(other.pure and _states(layout, other, index)
                                   for other in layout.units_of(index))}
                cut = None
                if formats:
                    cut = strip_clause(unit.text, [span for index in formats
                                                   for span in local_spans(layout, unit, index)],
                                       _literals(layout, hit))
                if cut is not None and not _still_states(layout, cut, unit, formats) and \
                        _content_words(cut):
                    unit_text[position] = cut
                    changed = True
                    stripped_from |= formats
                    for index in sorted(formats):
                        want(index, position)
                    continue
                unit_text[position] = _mentions_updated(layout, unit, hit, params)
                continue
            stripped = strip_clause(unit.text, spans, _literals(layout, hit))
            if stripped is not None and not _still_states(layout, stripped, unit, hit):
                unit_text[position] = stripped
                changed = True
                stripped_from |= hit
                for index in sorted(hit):
                    want(index, position)
                continue
            single = _strip_one(layout, unit, hit, params)
            if single is not None:
                index, text = single
                unit_text[position] = text
                changed = True
                stripped_from.add(index)
                want(index, position)
                stated |= _still_here(layout, unit, hit - {index}, params)
                continue
            if params is not None and all(index in targets for index in hit):
                edited = unit.text
                ok = True
                for index in hit:
                    new_text = substitute_values(layout, unit, index, params[index], edited)
                    if new_text is None:
                        ok = False
                        break
                    edited = new_text
                if ok:
                    unit_text[position] = edited
                    changed = True
                    # Unchanged values are still stated here, as in the case below.
                    stated |= _still_here(layout, unit, hit, params)
                    continue
            if all(index in targets and params is not None and params[index] !=
                   layout.params[index] for index in hit):
                raise ComposeError(f"cannot separate {', '.join(layout.ids[i] for i in hit)} "
                                   f"from the task sentence {unit.text[:60]!r}")
            # Not changing: leave the statement where it is.
            unit_text[position] = unit.text
            stated |= _still_here(layout, unit, hit, params)
    kept = _keep_stated(layout, unit_text, to_render, anchor, asides, stated, stripped_from)
    return Plan(unit_text, to_render, anchor, asides, kept)


# An aside asks for something: an imperative, or a sentence with a modal verb.
_REQUEST = re.compile(r"^(?:(?:please|also|and|but|just|only|try\s+to)\s+)*"
                      r"(?:make|keep|write|use|be|try|do|don't|avoid|add|give|include|focus|"
                      r"explain|mention|sound|act|reply|respond|answer|imagine|pretend|list|describe|"
                      r"consider)\b"
                      r"|\b(?:should|must|needs? to|has to|have to|can|could|would|will)\b",
                      re.IGNORECASE)


_CLAUSE_BREAK = re.compile(r"\s*(?:;|--?\s|(?:,\s*)?(?:and|but|so)\s|,\s*(?:write|use|include|add|"
                          r"wrap|avoid|do|don't|keep|make)\b)", re.IGNORECASE)


_BAN = re.compile(r"\b(?:without|avoid|avoiding|no|not|never|don't|refrain)\b", re.IGNORECASE)


def _mentions_updated(layout: Layout, unit: Unit, hit: set[int],
                      params: Optional[Sequence[Any]]) -> str:
    """A task unit that only mentions constraints stated elsewhere, with the mentioned values
    changed where the cousin changes them ("[Section 1: …, in Marathi language]" says Russian
    when the cousin asks for Russian): a stale mention would contradict the statement."""
    text: Optional[str] = unit.text
    for index in sorted(hit):
        if params is None or params[index] == layout.params[index]:
            continue
        text = substitute_values(layout, unit, index, params[index], text)
        if text is None:
            raise ComposeError(f"cannot change {layout.ids[index]} where the task mentions it "
                               f"({unit.text[:60]!r})")
    return text


_SPLIT_VERBS = frozenset({"separate", "divide", "split", "then", "and"})


def _bare_split(layout: Layout, unit: Unit, hit: set[int], spans: Sequence[tuple[int, int]]) -> bool:
    """Whether cutting the statement of a type that names the answer's parts would leave only
    the verb and the parts ("Separate the essay and the poem"): a fragment, not a request."""
    if not any(get(layout.ids[index]).names_parts for index in hit):
        return False
    stripped = strip_clause(unit.text, spans, _literals(layout, hit))
    if stripped is None:
        return False
    from .decompose import _piece_words
    words = {word.lower().strip(".,") for word in _content_words(stripped)}
    return not (words - _piece_words() - _SPLIT_VERBS)


def _strip_one(layout: Layout, unit: Unit, hit: set[int],
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
        if _mention_only(unit.text, spans) and not any(
                _BAN.search(unit.text[start:end]) for start, end in spans):
            continue  # only counts ("a 2 paragraph critique") and bans ("and without any
            # commas") are cut this way; a bare mention may be a word of the task
        stripped = strip_clause(unit.text, local_spans(layout, unit, index),
                                _literals(layout, {index}))
        if stripped is not None and not _still_states(layout, stripped, unit, {index}):
            return index, stripped
    return None


def _still_here(layout: Layout, unit: Unit, hit: set[int],
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
        if not _mention_only(unit.text, spans) or not any(
                other.pure and _states(layout, other, index) for other in layout.units_of(index)):
            found.add(index)
    return found


def _keep_stated(layout: Layout, unit_text: dict[int, Optional[str]], to_render: list[int],
                 anchor: dict[int, int], asides: set[int], stated: set[int],
                 stripped_from: set[int]) -> set[int]:
    """A constraint still stated inside a task sentence that stays is not stated anew.

    Its other statements (pure units) stay as they were too, and so do the constraints
    those units state, until nothing would be said twice. Returns the kept positions.
    """
    kept: set[int] = set()
    pending = {index for index in stated if index in to_render}
    done: set[int] = set()
    while pending:
        if pending & stripped_from:
            raise ComposeError("a constraint stated in the task sentence is also cut from "
                               "another sentence")
        done |= pending
        for index in pending:
            to_render.remove(index)
            anchor.pop(index, None)
        following: set[int] = set()
        for position, unit in enumerate(layout.units):
            if not unit.pure or position in kept:
                continue
            if not any(_states(layout, unit, index) for index in pending & unit.owners):
                continue
            unit_text[position] = unit.text
            kept.add(position)
            asides.discard(position)
            following |= {index for index in unit.owners
                          if index in to_render and index not in done
                          and _states(layout, unit, index)}
        pending = following
    return kept


def _stated_by(layout: Layout, unit: Unit) -> list[int]:
    """The constraints a dropped pure unit needs stated anew: those it states, and those it
    only mentions when no other sentence carries them."""
    return [index for index in sorted(unit.owners)
            if _states(layout, unit, index)
            or not any(other is not unit for other in layout.units_of(index))]


def _states(layout: Layout, unit: Unit, index: int) -> bool:
    """Whether `unit` says something about constraint `index` beyond quoting a literal of
    another constraint ("XML" in "Never use the words 'kettle' or 'XML'")."""
    others = [literal.lower() for other in unit.owners if other != index
              for literal in _literals(layout, {other})]
    spans = local_spans(layout, unit, index)
    if not spans and unit.pure and index in unit.owners:
        return True  # the whole sentence is the statement ("The words … cannot be in it.")
    for start, end in spans:
        text = unit.text[start:end].strip(" \"'“”‘’.,").lower()
        if text and text not in others:
            return True
    return False


def _aside(layout: Layout, unit: Unit) -> Optional[str]:
    """What a pure unit asks before its constraints' trailing clause, if that is a request of
    its own ("Please only write short sentences"); None otherwise."""
    spans = [span for index in unit.owners for span in local_spans(layout, unit, index)]
    stripped = strip_clause(unit.text, spans, _literals(layout, set(unit.owners)))
    if stripped is None or not unit.text.startswith(stripped[:-1]):
        return None
    head_end = unit.start + len(stripped) - 1
    # Evidence inside the head means it states something too (a span covering the whole
    # sentence says nothing about which part states what).
    if any(start < head_end and end > unit.start and not (start <= unit.start and end >= unit.end)
           for spans_of in layout.evidence.values() for start, end in spans_of):
        return None
    if not _content_words(stripped) or len(stripped.split()) < 3 or \
            not _REQUEST.search(stripped):
        return None
    # The cut must fall between two clauses ("…, and don't use any commas"), not inside one
    # ("The song should be | in English"), or the aside is a fragment.
    if not _CLAUSE_BREAK.match(unit.text[len(stripped) - 1:]):
        return None
    return stripped


def _literals(layout: Layout, indices: set[int]) -> list[str]:
    """The literal parameter values (phrases, words, markers) of some constraints."""
    found: list[str] = []
    for index in indices:
        found += get(layout.ids[index]).literals(layout.params[index])
    return found


def _mention_only(text: str, spans: Sequence[tuple[int, int]]) -> bool:
    """Whether the spans only mention the constraint (no count, no relation word)."""
    return bool(spans) and not any(
        numbers_in(text[start:end]) or re.search(r"(?i)\b(?:at least|less than|fewer than|"
                                                 r"more than|at most|exactly)\b",
                                                 text[start:end])
        for start, end in spans)


def _still_states(layout: Layout, text: str, unit: Unit, hit: set[int]) -> bool:
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


def _default_anchor(layout: Layout) -> int:
    """Render new statements after the last task unit."""
    last = 0
    for position, unit in enumerate(layout.units):
        if not unit.pure:
            last = position
    return last


# ---------------------------------------------------------------- assembly


def _request_pieces(layout: Layout, the_plan: Plan, rendered: dict[int, str],
                    task_override: Optional[str]) -> str:
    """Units in their original order with edits, rendered statements at their anchors."""
    out: list[str] = []
    task_done = False
    by_anchor: dict[int, list[int]] = {}
    for index in the_plan.render:
        by_anchor.setdefault(the_plan.anchor[index], []).append(index)
    for position, unit in enumerate(layout.units):
        text = the_plan.unit_text.get(position, unit.text)
        if task_override is not None and not unit.pure:
            text = None
            if not task_done:
                text = task_override
                task_done = True
        sep = unit.sep if out else ""
        if text:
            out.append((sep if sep else "") + text if out else text)
        for index in by_anchor.get(position, []):
            piece = rendered[index]
            joiner = "\n" if ("\n" in piece or (out and "\n" in out[-1].split(". ")[-1]
                                                 and out[-1].rstrip().endswith(":"))
                              or (out and _stands_alone("".join(out)))) else " "
            if out and joiner == "\n" and _stands_alone("".join(out)):
                joiner = "\n\n"  # a riddle's answer line, a list item: a blank line after it
            # The break the original had there: before this unit when its own text is gone
            # (its statement is rendered in its place), else before the next one.
            following = (unit.sep if not text else layout.units[position + 1].sep
                         if position + 1 < len(layout.units) else "")
            if (out and joiner == " " and "\n" in following
                    and out[-1].rstrip().rstrip('"”\')*_')[-1:] not in ".!?:"):
                # A line the original ended without a stop ("… starting with P.P.S"): the
                # new sentence goes on a line of its own, as the original's next one did.
                joiner = "\n" * min(2, following.count("\n"))
            if not out:
                out.append(piece)
            else:
                if joiner == " ":
                    out[-1] = _closed(out[-1])
                out.append(joiner + piece)
    if task_override is not None and not task_done:
        out.insert(0, task_override + " ")
    text = "".join(out).strip()
    return re.sub(r"[ \t]+\n", "\n", re.sub(r" {2,}", " ", text))


# A sentence that only gives an example ("For example: *3 years of experience*.").
_EXAMPLE_ONLY = re.compile(r"^\s*(?:for example|for instance|e\.g\.|i\.e\.|such as|like)\b[:,]?\s",
                           re.IGNORECASE)
_LIST_LINE = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")


def _closed(text: str) -> str:
    """A sentence that ends in a quotation or bracket with no stop ('… with title "Layton is
    the best"') gets one before another sentence runs on after it on the same line."""
    stripped = text.rstrip()
    if stripped[-1:] in "\"”)" and stripped[:-1].rstrip("\"”)")[-1:] not in ".!?:" and \
            "\n" not in stripped.rsplit(". ", 1)[-1]:
        return stripped + "."
    return text


def _stands_alone(text: str) -> bool:
    """Whether the text so far ends in a line nothing may be run onto: a list item, an
    example, a line without a final stop (new sentences then start on a line of their own)."""
    if re.search(r"(?:\*{3,}|-{3,}|~{3,})$", text.rstrip()):
        return True  # "… by a line with just three "*" symbols: ***"
    last = text.rstrip().rsplit("\n", 1)[-1] if "\n" in text.strip() else ""
    if not last.strip():
        return False
    ending = last.rstrip().rstrip('"”\')*_')
    return bool(_LIST_LINE.match(last)) or ending[-1:] not in ".!?:"


def finish(layout: Layout, request: str, params: Sequence[Any], rng: Any, *,
           rephrase_repeat: bool = False, detail: Optional[dict[str, Any]] = None) -> Composed:
    """Attach the repeat instruction (repeat cases) and build kwargs for the new prompt."""
    # Unchanged constraints keep the kwargs exactly as the case gave them.
    kwargs = [dict(layout.kwargs[i]) if item == layout.params[i] else dump(item)
              for i, item in enumerate(params)]
    detail = dict(detail or {})
    if layout.repeat is None:
        return Composed(request, kwargs, detail)
    repeat = layout.repeat
    echo_id = layout.ids[repeat.index]
    field_name = get(echo_id).request_field or ""
    request = request.strip()
    for instruction_id in dict.fromkeys(layout.ids):
        # The response must reproduce the request, so the request must let every other
        # instruction hold (a comma-free answer needs a comma-free request).
        request = get(instruction_id).fit_request(request)
    where = repeat.where
    if rephrase_repeat:
        if chance(rng, 0.3):
            where = "below" if where == "above" else "above"
        instruction = render(echo_id, params[repeat.index], rng,
                             context=wording_context(layout.ids, repeat.index))
        instruction = _where(instruction, where)
    else:
        instruction = repeat.instruction
        old = getattr(layout.params[repeat.index], field_name).strip()
        if old != request and (old in instruction or old[:40] in instruction):
            # The instruction quotes the old request ("First, repeat \"…\""): say it anew.
            instruction = _where(render(echo_id, params[repeat.index], rng,
                                        context=wording_context(layout.ids, repeat.index)), where)
    prompt = (request + "\n\n" + instruction) if where == "above" else (
        instruction + "\n\n" + request)
    kwargs[repeat.index] = {field_name: request}
    detail["repeat_where"] = where
    return Composed(prompt, kwargs, detail)


def _where(text: str, where: str) -> str:
    return text.replace(" above", " " + where) if where == "below" else text


def in_place(layout: Layout, rng: Any, *, targets: set[int], params: Sequence[Any],
             task_override: Optional[str] = None, vary: bool = False,
             rephrase_repeat: bool = False, detail: Optional[dict[str, Any]] = None
             ) -> Composed:
    """Re-render the statements of `targets` (with `params`) where they stand."""
    the_plan = plan(layout, targets, drop_task=task_override is not None, params=params)
    usage = Usage()
    rendered = {index: _sentence(render(layout.ids[index], params[index], rng, usage=usage,
                                        context=wording_context(layout.ids, index)))
                for index in the_plan.render}
    request = _request_pieces(layout, the_plan, rendered, task_override)
    if vary and task_override is None:
        request = _vary_first_task(layout, the_plan, request, rng, params)
    return finish(layout, request, params, rng, rephrase_repeat=rephrase_repeat, detail=detail)


def _vary_first_task(layout: Layout, the_plan: Plan, request: str, rng: Any,
                     params: Sequence[Any]) -> str:
    for position, unit in enumerate(layout.units):
        if unit.pure:
            continue
        text = the_plan.unit_text.get(position, unit.text)
        if text and request.startswith(text):
            new, _ = reword_task(text, layout, params, rng)
            rest = request[len(text):]
            if new.rstrip()[-1:] in ".!?" and rest.startswith("."):
                rest = rest[1:]  # the stop `_closed` gave the old wording, now the rewrite's
            return new + rest
        break
    return request


PRESENTATIONS = ("inline", "list", "first")

# A task that already opens with a label or a frame of its own takes no task label before it
# ("Task: Your task is to …", "My request: I have a question: …").
_LABELLED = re.compile(r"(?i)^(?:the topic|my topic|the subject|the audience|here is|here's|"
                       r"quick question|i have a question|my question|something i|i'd like to "
                       r"know this|could you answer this|your task|task\b|[^.?!\n]{0,40}:)")
# A task that says what the writer wants in its own words, or asks it as a request ("Please
# tell me …", "Can you …?"), takes no "Here's what I'd like:" label.
_OWN_WANT = re.compile(r"\bI(?:'d| would) like\b|\bI (?:need|want)\b|\bwhat I\b|"
                       r"^(?:please|kindly|tell me|(?:can|could|would|will) (?:you|I)|"
                       r"would you mind|is it possible)\b", re.IGNORECASE)


# A task with a "Here is my question:" of its own takes no "Here is the task:" label too.
_HAS_HERE = re.compile(r"(?i)\bhere(?: is|'s| are)\b")


def restructured(layout: Layout, rng: Any, *, params: Sequence[Any], presentation: str,
                 task_override: Optional[str] = None, vary: bool = True,
                 targets: Optional[set[int]] = None, detail: Optional[dict[str, Any]] = None,
                 siblings: Sequence[str] = ()) -> Composed:
    """Task first or last, constraints rendered anew and presented `presentation`-style;
    the task's new wording keeps away from `siblings` (prompts of the family so far)."""
    all_targets = {index for index, instruction_id in enumerate(layout.ids)
                   if not get(instruction_id).request_field}
    the_plan = plan(layout, targets if targets is not None else all_targets,
                    drop_task=task_override is not None, params=params)
    # Pull every pure unit's constraints into the block, so nothing is stated twice.
    for position, unit in enumerate(layout.units):
        if unit.pure and the_plan.unit_text.get(position, "keep") is not None and \
                not the_plan.task_like(position):
            the_plan.unit_text[position] = None
            for index in _stated_by(layout, unit):
                if index not in the_plan.render:
                    the_plan.render.append(index)
    task_parts: list[str] = []
    for position, unit in enumerate(layout.units):
        if unit.pure and not the_plan.task_like(position):
            continue
        text = the_plan.unit_text.get(position, unit.text)
        if not text:
            continue
        if _EXAMPLE_ONLY.match(text) and the_plan.render:
            continue  # an example of a statement said anew (with its own example) elsewhere
        task_parts.append((unit.sep if task_parts else "") + text)
    task = task_override if task_override is not None else "".join(task_parts).strip()
    how = "unchanged"
    if vary and task_override is None:
        task, how = reword_task(task, layout, params, rng, openers=presentation != "first",
                                siblings=siblings)
    order = sorted(the_plan.render)
    if len(order) > 1 and chance(rng, 0.5):
        order = order[::-1]
    usage = Usage()
    if presentation == "list":
        items = [render(layout.ids[index], params[index], rng, styles=("list",), usage=usage,
                        context=wording_context(layout.ids, index))
                 for index in order]
        if len(items) == 1:
            # One requirement is no list: "One rule: no commas anywhere."
            label = layout_phrase("single_label", rng)
            line = _sentence(label + ": " + items[0])
            if line[-1:] in "\"”" and line[:-1].rstrip()[-1:] not in ".!?":
                line += "."
            request = task + "\n\n" + line
        elif items:
            header = layout_phrase("header", rng)
            marker = choice(rng, ["- ", "numbered"])
            lines = [(f"{number}) " if marker == "numbered" else "- ") + item[0].upper() + item[1:]
                     for number, item in enumerate(items, start=1)]
            request = task + "\n\n" + header + "\n" + "\n".join(lines)
        else:
            request = task
    elif presentation == "first" and order:
        sentences = [_sentence(render(layout.ids[index], params[index], rng,
                                      styles=("imperative", "declarative"), usage=usage,
                                      context=wording_context(layout.ids, index, ahead=True)))
                     for index in order]
        block = _join(sentences)
        # Requirements first, then the task: a label or nothing — never a remark about the
        # prompt itself ("To begin with, one rule.", "Read these conditions first.").
        way = rng.randrange(3)
        if way == 1 and not _LABELLED.match(task) and not _HAS_HERE.search(task) and \
                not _OWN_WANT.search(task.split("\n", 1)[0]):
            head = task.split("\n", 1)[0].rstrip()
            asks = head.endswith("?") and not re.match(
                r"(?i)(?:could|can|would|will) (?:you|I)\b", head)
            label = layout_phrase("task_label", rng, question=asks)
            request = block + "\n\n" + label + " " + task
        else:
            request = block + "\n\n" + task
    else:
        woven = _weave(task, layout, params, order, rng, usage)
        if woven is not None:
            task, order = woven
        sentences = [_sentence(render(layout.ids[index], params[index], rng, usage=usage,
                                      context=wording_context(layout.ids, index)))
                     for index in order]
        block = _join(sentences)
        joiner = "\n" if ("\n" in task.split("\n")[-1] or task.rstrip().endswith(":")) else " "
        if "\n" in task.strip():
            joiner = "\n\n"
        if block and joiner == " ":
            task = _closed(task)
        request = task + (joiner + block if block else "")
    detail = dict(detail or {})
    detail.update(presentation=presentation, task_wording=how)
    return finish(layout, request.strip(), params, rng, rephrase_repeat=True, detail=detail)
