"""Take a prompt apart: sentence-like units, which constraint each unit states, and the task.

A `Layout` is what every generator works from. It splits the prompt (or, for a case
whose type echoes part of the prompt, the request to repeat: prompt/repeat.py) into
units (prompt/segment.py) and marks which constraints each unit states, from each
type's one finder (`Constraint.statements(..., edits=True)`: the validator's
statements plus the tight value and mention spans an edit in place needs).

A unit that states constraints and little else is *pure* (prompt/purity.py): a
generator may drop it and say the constraints anew. A unit that also carries the task
("Write a 300+ word summary of …") is *mixed*: it stays, possibly with the
constraint's clause cut off (prompt/cut.py) or with its value replaced in place.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from ...constraints import get, parse_params
from ...constraints.support.statements import EDIT_ROLES, edit_spans
from .purity import carries_content, points_back, rewords, task_start
from .residue import block_line_spans, example_line, mostly_quoted, residual_words
from .repeat import echo_index, find_request
from .segment import segment
from ..phrase_tables import filled, of, table
from .words import WORD, content_words, literal_spans, residual
from .stated import aside
from .units import Layout, Spans, Unit, local_spans

def outlined(layout: Layout, index: int) -> bool:
    """Whether constraint `index` is stated in a sentence that also outlines the answer
    ("Put *** between your reasoning and the final answer", a format block): its count is
    then tied to that outline, and changing it would contradict the prompt."""
    return any(carries_content(unit.text, WORD.findall(unit.text),
                               {layout.ids[owner] for owner in unit.owners})
               for unit in layout.units_of(index)) or enumerates_slots(layout, index)


# A numbered slot of an example outline: "[conversation part 3]", "Poem 2", "Section 1" —
# at the start of a line, or named in the sentence ("Mark them with Audience 1 and Audience 2").
_SLOT = re.compile(r"^\W*(?:\[[^\]\n]*?\b(\d+)\]|[A-Z][A-Za-z]* (\d+)\b)", re.MULTILINE)
_NAMED_SLOT = re.compile(r"\b[A-Z][A-Za-z]* (\d+)\b")


# A line of a template that is only a slot in square brackets ("[Section 1: Brief summary]").
_SLOT_LINE = re.compile(r"^[ \t]*\[([^\]\n]+)\][ \t]*$", re.MULTILINE)


def slot_lines(prompt: str) -> list[str]:
    """What the slot lines of a template the prompt spells out hold ("[essay]" -> "essay")."""
    return _SLOT_LINE.findall(prompt)


def described_slots(prompt: str) -> int:
    """How many slot lines of a template the prompt spells out say what goes in them (three
    words or more: "[Section 2: Describe how to prove …]", not "[Movie 1]"): a new task would
    drop them (kinds/reconfiguration.new_task)."""
    return sum(len(found.split()) >= 3 for found in _SLOT_LINE.findall(prompt))


def enumerates_slots(layout: Layout, index: int) -> bool:
    """Whether a statement of a count shows or names exactly that many numbered slots ("3
    parts, such as: [part 1] *** [part 2] *** [part 3]"; "two advertisements … with Audience
    1 and Audience 2"): more parts would contradict it."""
    spec = get(layout.ids[index]).count
    if spec is None:
        return False
    count = getattr(layout.params[index], spec.field)
    if not isinstance(count, int):
        return False
    every = set(range(1, count + 1))
    for unit in layout.units_of(index):
        shown = {int(a or b) for a, b in _SLOT.findall(unit.text)}
        named = {int(number) for number in _NAMED_SLOT.findall(unit.text)}
        if count >= 2 and every in (shown, named):
            return True
    return False


# ---------------------------------------------------------------- building one


def _statement_spans(prompt: str, ids: Sequence[str], params: Sequence[Any],
                     region: tuple[int, int]) -> tuple[dict[int, Spans], dict[int, Spans],
                                                       dict[int, Spans]]:
    """Per constraint (not the echoing one, whose request is where the others are read):
    every statement span inside `region` (a repeat instruction states no other constraint),
    the tight value and mention spans, and the value spans alone."""
    evidence: dict[int, Spans] = {}
    own_spans: dict[int, Spans] = {}
    values: dict[int, Spans] = {}
    def inside(spans):
        return [(s, e) for s, e in spans if s >= region[0] and e <= region[1]]
    for index, (instruction_id, item) in enumerate(zip(ids, params)):
        if get(instruction_id).request_field:
            continue
        found = get(instruction_id).statements(prompt, item, edits=True)
        value_spans, mention_spans = edit_spans(found)
        own = set(value_spans) | set(mention_spans)
        located = {(statement.span.start, statement.span.end) for statement in found
                   if statement.role not in EDIT_ROLES}
        evidence[index] = inside(sorted(located | own))
        own_spans[index] = inside(sorted(own))
        values[index] = inside(value_spans)
    return evidence, own_spans, values


def _tight_spans(prompt: str, ids: Sequence[str], evidence: dict[int, Spans],
                 own_spans: dict[int, Spans],
                 raw_units: Sequence[tuple[int, int, str]]) -> dict[int, Spans]:
    """What decides task and statement: our own phrase-level spans, and located spans that
    are clauses rather than whole units (a located sentence may still carry the task, as in
    "It's a diaper for babies and I want the output in JSON")."""
    tight = {index: list(spans) for index, spans in own_spans.items()}
    for index, spans in evidence.items():
        for s, e in spans:
            s, e = _past_task_words(prompt, s, e, own_spans[index], ids[index])
            for start, end, _ in raw_units:
                overlap = min(e, end) - max(s, start)
                if overlap > 0 and overlap < 0.8 * (end - start) and (s, e) not in tight[index]:
                    tight[index].append((max(s, start), min(e, end)))
    return tight


def _past_task_words(prompt: str, start: int, end: int, own: Spans,
                     instruction_id: str) -> tuple[int, int]:
    """A located clause without the task's words around its own phrase: "and the Chipmunks
    in English" (a clause grown back to "and") states English from "English" on; "write a
    200+ word poem that professionally describes a new line of shoes" states only "200+
    word" (the rest is the task, which no cut may take)."""
    inside = [(s, e) for s, e in own if start <= s < end]
    if not inside:
        return start, end
    first = min(s for s, _ in inside)
    last = max(e for _, e in inside)
    if last < end and residual_words(prompt[last:end], [], [instruction_id], []):
        return first, last
    if first > start and residual_words(prompt[start:first], [], [instruction_id], []):
        return first, end
    return start, end


# A scope the types' wordings cannot say ("(including the repeated request)", "paragraphs
# and only paragraphs are separated by …"): the statement stays word for word.
_scope_aside = filled(r"(?i)\b(?:{scope_asides})\b", of("fairness"))


def _asks_more(text: str, local: Spans, owners: frozenset[int], ids: Sequence[str],
               params: Sequence[Any]) -> bool:
    """Whether a statement asks more than its types can say anew: an aside ("(don't forget
    to add punctuations)"), what the statement applies to ("5 of your favorite names"), a
    quoted passage it mostly is, or lines of a block after its first line that are not an
    example of the answer's markup. Such a sentence stays with the task, word for word, so
    no cousin loses what it asks (generate/fairness.py checks the same)."""
    literals = [literal for index in owners for literal in get(ids[index]).literals(params[index])]
    if residual_words(text, local, [ids[index] for index in owners], literals):
        return True
    if _scope_aside().search(text):
        return True  # "(including the repeated request)", "paragraphs and only paragraphs"
    if mostly_quoted(text, literals):
        return True
    # "Use the keywords 'indicator', 'objective' and 'management'" checked for two of them:
    # said anew from the kwargs, 'objective' would be gone.
    quoted = [first or second for first, second in
              re.findall(r"\"([^\"\n]{1,40})\"|(?<!\w)'([^'\n]{1,40})'(?!\w)", text)]
    own = {literal.lower() for literal in literals}
    if own and any(item.lower() in own for item in quoted) and \
            any(item.lower() not in own for item in quoted):
        return True
    return any(line.strip() and not example_line(line) for line in text.split("\n")[1:])


def _kept(prompt: str, start: int, end: int, owners: frozenset[int], tight: dict[int, Spans],
          ids: Sequence[str], params: Sequence[Any], block: Sequence[tuple[int, int]]) -> bool:
    """Whether the statement unit prompt[start:end] stays word for word: a line of a block
    the prompt spells out ("Part 1. Task Summary"), or a statement that asks more than its
    types can say anew."""
    if any(line_start <= start and end <= line_end for line_start, line_end in block):
        return True
    local = [(s - start, e - start) for index in owners for s, e in tight[index]
             if s < end and e > start]
    return _asks_more(prompt[start:end], local, owners, ids, params)


def _is_pure(prompt: str, start: int, end: int, position: int, owners: frozenset[int],
             tight: dict[int, Spans], ids: Sequence[str], params: Sequence[Any]) -> bool:
    """Whether the unit prompt[start:end], stating `owners`, says little else."""
    text = prompt[start:end]
    local = [(s - start, e - start) for index in owners for s, e in tight[index]
             if s < end and e > start]
    rest = residual(text, local)
    content = content_words(rest)
    carries = carries_content(text, content, {ids[index] for index in owners}) or \
        bool(re.search(table("prompt")["purpose_clause"], rest))
    if carries:
        return False
    if not content or (len(content) <= 2 and not task_start().match(text)):
        return True
    if position == 0:
        return False
    # "Keep the words lantern and pebble out of your reply.": once the constraint's
    # own words are set aside, nothing of the task is left.
    literals = literal_spans(text, [literal for index in owners
                                    for literal in get(ids[index]).literals(params[index])])
    if not literals:
        return False
    rest = content_words(residual(text, local + literals))
    return len(rest) <= 1 and not task_start().match(text)


def _units(prompt: str, raw_units: Sequence[tuple[int, int, str]], evidence: dict[int, Spans],
           tight: dict[int, Spans], ids: Sequence[str], params: Sequence[Any]) -> list[Unit]:
    units = []
    block = block_line_spans(prompt)
    for position, (start, end, sep) in enumerate(raw_units):
        owners = frozenset(index for index, spans in evidence.items()
                           if any(s < end and e > start for s, e in spans))
        # A statement that would be said anew, unless it asks more than its types can say.
        pure = bool(owners) and _is_pure(prompt, start, end, position, owners, tight, ids,
                                         params)
        kept = pure and _kept(prompt, start, end, owners, tight, ids, params, block)
        pure = pure and not kept
        units.append(Unit(start, end, prompt[start:end], sep, owners, pure, kept))
    # "Nothing may come after this phrase." or "Just choose one phrase from above." after a
    # statement says more of that statement: it goes (and is said anew) with it, never left
    # before it.
    for position in range(1, len(units)):
        unit, before = units[position], units[position - 1]
        # ("Do not say anything after the limerick." may be the end phrase's own evidence.)
        nothing_after = re.search(table("prompt")["says_nothing_after"], unit.text)
        if before.pure and before.owners and (not unit.owners or nothing_after and not unit.pure
                                              and unit.owners <= before.owners) and (
                points_back().match(unit.text) or
                re.search(table("prompt")["picks_from_above"], unit.text) or nothing_after):
            units[position] = Unit(unit.start, unit.end, unit.text, unit.sep, before.owners, True,
                                   before.kept)
    # A fenced example block right after a statement that introduces it ("You can use markdown
    # ticks like" + ```JSON [json content] ```) is that statement's example: it goes (and
    # the statement is said anew) with it, never left behind without its lead-in.
    for position in range(1, len(units)):
        before = units[position - 1]
        if not (before.pure and before.owners and units[position].text.startswith("```")):
            continue
        closing = next((other for other in range(position, len(units))
                        if units[other].text.rstrip().endswith("```")
                        and (other > position or _fenced(units[other].text))), None)
        if closing is None or any(units[other].owners - before.owners
                                  for other in range(position, closing + 1)):
            continue
        for other in range(position, closing + 1):
            unit = units[other]
            units[other] = Unit(unit.start, unit.end, unit.text, unit.sep, before.owners, True,
                                False)
    # Every unit a statement would leave no task: the first one is the task (reworded as one).
    if units and all(unit.pure or unit.kept for unit in units):
        first = units[0]
        units[0] = Unit(first.start, first.end, first.text, first.sep, first.owners, False)
    return units


def _fenced(text: str) -> bool:
    """Whether a unit is one fenced block and nothing else ("```JSON … ```")."""
    text = text.strip()
    return len(text) > 6 and text.startswith("```") and text.endswith("```") and \
        text.count("```") == 2


def build_layout(prompt: str, instruction_ids: Sequence[str],
                 kwargs: Sequence[dict[str, Any]]) -> Layout:
    """Split `prompt` into units and attribute constraint evidence to them."""
    ids = list(instruction_ids)
    kwargs = [dict(item or {}) for item in kwargs]
    params = [parse_params(instruction_id, item) for instruction_id, item in zip(ids, kwargs)]
    echo = echo_index(ids)
    repeat = find_request(prompt, echo, ids[echo], params[echo]) if echo is not None else None
    region = (repeat.start, repeat.end) if repeat is not None else (0, len(prompt))
    evidence, own_spans, values = _statement_spans(prompt, ids, params, region)
    raw_units = segment(prompt[region[0]:region[1]], offset=region[0])
    tight = _tight_spans(prompt, ids, evidence, own_spans, raw_units)
    units = _units(prompt, raw_units, evidence, tight, ids, params)
    layout = Layout(prompt, ids, params, kwargs, units, evidence, values, repeat, tight, echo)
    layout.units = _kept_together([_said_by_aside(layout, unit) for unit in units], tight)
    return layout


_LIST_ITEM = re.compile(r"\s*(?:\d{1,2}[.)]|[-*\u2022])\s")


def _kept_together(units: list[Unit], tight: dict[int, Spans]) -> list[Unit]:
    """A statement spread over sentences that go together stays whole.

    * A pure sentence that states its constraints only as a whole (no phrase of it is a
      statement a cousin could cut or say anew) next to a kept one that states the same
      constraints ("Your plan needs 4 or more sections." before "Highlight
      each section name like this: …") is kept too: saying the count anew in generic
      words would drop what the kept sentence says it counts.
    * A pure statement that the next sentence, which stays, says again in other words
      ("Separate the two parts with ***. In other words, …") is kept: the rewording must
      not stand without it.
    """
    units = list(units)
    changed = True
    while changed:
        changed = False
        for position, unit in enumerate(units):
            if not unit.pure:
                continue
            after = units[position + 1] if position + 1 < len(units) else None
            whole = not any(s < unit.end and e > unit.start
                            for index in unit.owners for s, e in tight.get(index, []))
            together = whole and any(0 <= other < len(units) and units[other].kept
                                     and unit.owners <= units[other].owners
                                     for other in (position - 1, position + 1))
            # "Finish the song with:\n\nPeace!" kept, then "No additional words should follow
            # "Peace!"": said anew, it would say the ending a second time (strict read AV).
            trailing = position > 0 and units[position - 1].kept and \
                unit.owners <= units[position - 1].owners and bool(
                    re.search(table("prompt")["says_nothing_after"], unit.text) or
                    re.search(table("prompt")["nothing_follows"], unit.text))
            # Items of one numbered or bulleted list stay together: "1. …" kept word for word
            # beside "2. …" said anew leaves a list of one.
            listed = bool(_LIST_ITEM.match(unit.text)) and any(
                (other.kept or other.owners and not other.pure) and _LIST_ITEM.match(other.text)
                for other in units)
            if together or trailing or listed or (after is not None and not after.pure
                                                  and rewords().match(after.text)):
                units[position] = Unit(unit.start, unit.end, unit.text, unit.sep, unit.owners,
                                       False, True)
                changed = True
    return units


def _said_by_aside(layout: Layout, unit: Unit) -> Unit:
    """A kept statement whose extra words all stand in an aside of its own ("Keep it playful,
    but leave out the words …": "Keep it playful.") is pure after all: the aside stays
    and the constraint is said anew."""
    if not unit.kept or "\n" in unit.text:
        return unit
    candidate = Unit(unit.start, unit.end, unit.text, unit.sep, unit.owners, True)
    head = aside(layout, candidate)
    if head is None:
        return unit
    spans = [span for index in unit.owners for span in local_spans(layout, unit, index)]
    literals = [literal for index in unit.owners
                for literal in get(layout.ids[index]).literals(layout.params[index])]
    extra = residual_words(unit.text, spans, [layout.ids[index] for index in unit.owners],
                           literals)
    said = {word.lower().strip(".'") for word in WORD.findall(head)}
    if not extra or mostly_quoted(unit.text, literals) or any(
            word.lower().strip(".'") not in said for word in extra):
        return unit
    return candidate
