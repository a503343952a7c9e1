"""Take a prompt apart: sentence-like units, which constraint each unit states, and the task.

A `Layout` is what every generator works from. It splits the prompt (or, for a
case whose type echoes part of the prompt — `Constraint.request_field`, the
request to repeat — that request) into units — sentences, numbered items, a
sentence with the example lines that follow its colon — and marks which
constraints each unit states, from each type's one finder
(`Constraint.statements(..., rewrite=True)`: the validator's statements plus the
tight value and mention spans a rewrite edits).

A unit that states constraints and little else is *pure*: a generator may drop
it and render the constraints anew. A unit that also carries the task ("Write a
300+ word summary of …") is *mixed*: it stays, possibly with the constraint's
clause cut off (`strip_clause`) or with its value replaced in place.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from ..constraints import get, parse_params
from ..constraints.support.statements import EDIT_ROLES, edit_spans

# Words that carry no task content: what constraint statements are made of.
FILLER = frozenset("""
a an the and or but nor so then also too just only very really please kindly make sure that
this these those it its it's your you you're yours my me i we our us they them their there
here is are be been being was were will would should must can could may might need needs
have has had having do does did don't doesn't not no never none any all each every entire
entirely whole total totally overall in into inside within of to for with without by at on
onto from as than more less fewer least most exactly exact precisely about around only once
twice times time use using used uses include includes including included contain contains
containing contained add adding added put putting wrap wrapped wrapping wraps mark marked
marking format formatted formatting markdown response responses answer answers reply replies
output text write writing written give giving provide providing respond responding
keep ensure following follow below above like such e.g i.e. ie eg example for instance
word words letter letters sentence sentences paragraph paragraphs section sections part
parts bullet bullets point points placeholder placeholders title titles highlight
highlighted highlights highlighting keyword keywords phrase phrases language languages
allowed allow permitted other else anything something nothing anywhere throughout
separate separated separating separator divider divided split between end ending ends
finish finished finishing start starting starts begin beginning begins first last final
capital capitals capitalized capitalize lowercase uppercase lower upper case caps
comma commas quotation quotations quote quotes double marks mark angular brackets bracket
square asterisk asterisks symbols symbol json block postscript p.s. p.p.s ps pps ie eg
new line lines where if python whatsoever
break breaks two one three four five six seven eight nine ten number numbers count
appear appears appearing occur occurs mention mentions mentioned mentioning repeat
represented representing represent say saying said tell telling
""".split())

_WORD = re.compile(r"[A-Za-z][A-Za-z'.]*")
_ABBREVIATIONS = ("i.e.", "e.g.", "etc.", "vs.", "Mr.", "Mrs.", "Ms.", "Dr.", "St.", "U.S.",
                  "U.K.", "a.m.", "p.m.", "No.", "Jr.", "Sr.")
_BOUNDARY = re.compile(r"(?<=[.!?])[\"”')\]]?(?P<gap>[ \t]+)(?=[A-Z\"“'(\[*<])"
                       r"|(?<=P\.P\.S)(?P<gap2>[ \t]+)(?=[A-Z])")
_NUMBERED = re.compile(r"^\s*(?:\d+[.)]|[-*•]|[a-z][.)])\s+")
_EXAMPLE_LINE = re.compile(r"^\s*(?:[*\-•]|\[|\.\.\.|…|<<|\{|\}|```|\d+[.)]|[A-Z][\w ]{0,20}\s\d+[.:]?$)")


@dataclass(frozen=True)
class Unit:
    """A sentence-like piece of the prompt: prompt[start:end], preceded by `sep`."""

    start: int
    end: int
    text: str
    sep: str
    owners: frozenset[int] = frozenset()
    pure: bool = False


@dataclass
class RepeatInfo:
    """Where the text to repeat sits and whether the instruction refers to it as above/below."""

    index: int                 # position of the echoing instruction in the instruction list
    start: int                 # the request, prompt[start:end] == prompt_to_repeat
    end: int
    where: str                 # "above" (request first) or "below" (instruction first)
    instruction: str           # the prompt outside the request, stripped


@dataclass
class Layout:
    prompt: str
    ids: list[str]
    params: list[Any]
    kwargs: list[dict[str, Any]]
    units: list[Unit]
    evidence: dict[int, list[tuple[int, int]]]      # constraint index -> spans in prompt
    values: dict[int, list[tuple[int, int]]]        # spans holding the parameter value
    repeat: Optional[RepeatInfo] = None
    tight: dict[int, list[tuple[int, int]]] = field(default_factory=dict)  # phrase-level spans
    # The position of the instruction whose type repeats part of the prompt (None: none);
    # `repeat` says where that text sits, when the prompt has it.
    echo: Optional[int] = None

    # ------------------------------------------------------------ views

    def units_of(self, index: int) -> list[Unit]:
        return [unit for unit in self.units if index in unit.owners]

    def located(self, index: int) -> bool:
        return bool(self.evidence.get(index))

    def task_units(self) -> list[Unit]:
        return [unit for unit in self.units if not unit.pure]

    def region(self) -> tuple[int, int]:
        """The part of the prompt the units cover (the request, for repeat cases)."""
        if self.repeat is not None:
            return self.repeat.start, self.repeat.end
        return 0, len(self.prompt)


# ---------------------------------------------------------------- segmentation


def _quote_mask(text: str) -> list[bool]:
    """True at positions inside a double-quoted stretch (straight or curly quotes)."""
    inside = [False] * len(text)
    open_at = None
    for position, character in enumerate(text):
        if character == "“":
            open_at = position
        elif character == "”":
            if open_at is not None:
                for k in range(open_at, position + 1):
                    inside[k] = True
            open_at = None
        elif character == '"':
            if open_at is None:
                open_at = position
            else:
                for k in range(open_at, position + 1):
                    inside[k] = True
                open_at = None
    return inside


def _sentence_cuts(line: str) -> list[tuple[int, int]]:
    """Cut one line into sentences; returns (start, end) pairs relative to the line."""
    mask = _quote_mask(line)
    pieces: list[tuple[int, int]] = []
    begin = 0
    for match in _BOUNDARY.finditer(line):
        gap = match.group("gap") or match.group("gap2")
        gap_start = match.start("gap") if match.group("gap") else match.start("gap2")
        cut = gap_start
        if cut <= begin or (cut - 1 < len(mask) and mask[cut - 1] and cut < len(line)
                            and mask[min(cut, len(line) - 1)]):
            continue
        before = line[begin:cut]
        if any(before.endswith(abbreviation) for abbreviation in _ABBREVIATIONS):
            continue
        if re.search(r"(?:^|\s)[A-Z]\.$", before):  # an initial, as in "J. Smith"
            continue
        pieces.append((begin, cut))
        begin = cut + len(gap)
    if begin < len(line):
        pieces.append((begin, len(line)))
    return [(start, end) for start, end in pieces if line[start:end].strip()]


_LINE_END = frozenset('.!?:;"\u201d)*')


def segment(text: str, offset: int = 0) -> list[tuple[int, int, str]]:
    """(start, end, sep) for each unit of `text`; offsets are shifted by `offset`.

    `sep` is the exact text between the previous unit and this one, so the units
    and their separators rebuild `text` (minus leading and trailing blanks).
    """
    units: list[list[int]] = []
    position = 0
    attach = False  # following example lines belong to the previous unit
    previous_line = ""  # the line just before, blank if there was a paragraph break
    for raw_line in text.split("\n"):
        line_start = position
        position += len(raw_line) + 1
        line = raw_line.rstrip()
        if not line.strip():
            previous_line = ""
            continue
        # A sentence wrapped onto the next line ("Mark the beginning\nof each section…")
        # is one unit: its first piece extends the unit the previous line ended with.
        wrapped = (units and previous_line and previous_line[-1] not in _LINE_END
                   and line.lstrip()[:1].islower())
        previous_line = line
        if wrapped:
            cuts = _sentence_cuts(line)
            units[-1][1] = line_start + cuts[0][1]
            for start, end in cuts[1:]:
                lead = len(line[start:end]) - len(line[start:end].lstrip())
                units.append([line_start + start + lead, line_start + end])
            attach = line.endswith(":")
            continue
        if units and attach and _EXAMPLE_LINE.match(line) and not _NUMBERED_REQ(line):
            units[-1][1] = line_start + len(line)
            continue
        attach = False
        if _NUMBERED.match(line) and not line.lstrip().startswith("* "):
            cuts = [(0, len(line))]
        else:
            cuts = _sentence_cuts(line)
        for start, end in cuts:
            lead = len(line[start:end]) - len(line[start:end].lstrip())
            units.append([line_start + start + lead, line_start + end])
        if line.endswith(":"):
            attach = True
    result = []
    previous_end = 0
    for number, (start, end) in enumerate(units):
        sep = text[previous_end:start] if number else ""
        result.append((start + offset, end + offset, sep))
        previous_end = end
    return result


def _NUMBERED_REQ(line: str) -> bool:
    """A numbered line that reads as its own requirement rather than an example."""
    match = re.match(r"^\s*\d+[.)]\s+(.*)$", line)
    if not match:
        return False
    body = match.group(1)
    return bool(re.match(r"(?i)(do|don't|your|the|include|use|make|wrap|write|answer|respond|"
                         r"highlight|end|finish|avoid|separate|there|each|add|put|give)\b", body))


# ---------------------------------------------------------------- evidence


_TASK_START = re.compile(
    r"^\s*(?:please\s+)?(?:write|compose|create|draft|generate|produce|give|tell|name|list|make\s+"
    r"(?:a|an|me|us)|suggest|describe|explain|summari[sz]e|rewrite|expand|elaborate|critique|"
    r"criti[cs]i[sz]e|plan|design|come\s+up|imagine|can\s+you|could\s+you|what|why|how|who|is|are|"
    r"do|does)\b", re.IGNORECASE)


# Words of a statement that say what the parts of the answer are ("Separate your thinking
# and the final answer …", "… highlight key abilities", "Task Summary / Motivation /
# Timeline" headings): the generic restatement of the count would drop them.
_PART_WORDS = frozenset({
    "thinking", "reasoning", "final", "scene", "scenes", "usernames", "abilities", "skills",
    "objectives", "motivation", "timeline", "history", "comments", "rendered", "html",
    "milestone"})
# Kinds of piece (ours from the task catalogue, and a few more): they name the parts only
# where the statement splits the answer in two ("Separate the essay and the poem …");
# elsewhere they just name the task ("The essay should be at least 50 sentences long").
_MORE_PIECES = ("version", "critique", "summary", "scene")
_NOT_PIECES = frozenset({"answer", "list", "ideas", "reasons", "tips"})


@functools.lru_cache(maxsize=1)
def _piece_words() -> frozenset[str]:
    from .tasks import catalogue  # the task grammar is only needed here, once

    nouns = {genre.noun.split()[-1].lower() for genre in catalogue().genres} - _NOT_PIECES
    nouns |= set(_MORE_PIECES)
    return frozenset(nouns | {noun + "s" for noun in nouns} | {"stories", "diaries"})


# A statement that points at a format block the prompt spells out ("… in the following exact
# format:", "following the following format:").
_POINTS_AT_FORMAT = re.compile(r"\b(?:format|form|template|layout|structure)\b[^.?!]*:\s*$",
                               re.IGNORECASE)
# A heading line of a block the prompt spells out ("Task Summary", "Doc history").
_HEADING = re.compile(r"[A-Z][a-z]*(?: [A-Za-z][a-z]*){0,3}")


# A line of a spelled-out format block that names a part of the answer ("[Section 1: Brief
# summary]", "[poem]"), not an example of one ("* Bullet point 1").
_OUTLINE_LINE = re.compile(r"(?m)^\s*\[[^\]\n]*[A-Za-z][^\]\n]*\]\s*$")


def outlined(layout: "Layout", index: int) -> bool:
    """Whether constraint `index` is stated in a sentence that also outlines the answer
    ("Separate your thinking and the final answer by ***", a format block): its count is
    then tied to that outline, and changing it would contradict the prompt."""
    return any(_carries_content(unit.text, _WORD.findall(unit.text),
                                {layout.ids[owner] for owner in unit.owners})
               for unit in layout.units_of(index))


def _carries_content(text: str, content: Sequence[str], owner_ids: set[str]) -> bool:
    """Whether a sentence that states constraints (of types `owner_ids`) also says what the
    answer contains, so it must stay with the task: an outline ("Separate your thinking and
    the final answer by ***" — only the count is the constraint's), a pointer to a format
    block the prompt spells out, or a line of that block (a heading, "***" between its
    items)."""
    words = {word.lower().strip(".,") for word in content}
    splits = any(get(owner).names_parts for owner in owner_ids)
    if words & _PART_WORDS or (splits and words & _piece_words()):
        return True
    # The pointer may be followed by the block itself in the same unit ("… exact format:\n\n
    # [Section 1: …]"): the block is content the generic restatement would drop.
    if _POINTS_AT_FORMAT.search(text) or _HEADING.fullmatch(text.strip()):
        return True
    head, _, block = text.partition("\n")
    if _POINTS_AT_FORMAT.search(head) and _OUTLINE_LINE.search(block):
        return True
    return not re.search(r"[A-Za-z]", text)


def _literal_spans(text: str, literals: Sequence[str]) -> list[tuple[int, int]]:
    """Where the literal values (keywords, phrases) occur in `text`, as whole words."""
    spans = []
    for literal in literals:
        literal = literal.strip()
        if literal:
            spans += [match.span() for match in
                      re.finditer(rf"(?<!\w){re.escape(literal)}(?!\w)", text, re.IGNORECASE)]
    return spans


def _content_words(text: str) -> list[str]:
    return [word for word in _WORD.findall(text)
            if len(word.strip(".'")) > 1 and word.lower().strip(".'") not in FILLER
            and word.lower().replace(".", "") not in FILLER and not word.isupper()]


# Examples inside a statement are not task content: [name], *highlighted*, <<title>>.
_EXAMPLES = re.compile(r"\[[^\]\n]*\]|\*[^*\n]+\*|<<[^>\n]*>>|'[^'\n]{1,40}'|‘[^’\n]{1,40}’")


def _residual(unit_text: str, local_spans: Sequence[tuple[int, int]]) -> str:
    keep = [True] * len(unit_text)
    for start, end in local_spans:
        for k in range(max(0, start), min(len(unit_text), end)):
            keep[k] = False
    mask = _quote_mask(unit_text)
    characters = [character if keep[k] and not mask[k] else " "
                  for k, character in enumerate(unit_text)]
    residual = _EXAMPLES.sub(" ", "".join(characters))
    # Example lines after the first line do not count as task.
    return residual.split("\n", 1)[0]


def repeat_index(ids: Sequence[str]) -> Optional[int]:
    """The position of the first instruction whose type echoes part of the prompt (None)."""
    for index, instruction_id in enumerate(ids):
        if get(instruction_id).request_field:
            return index
    return None


# A sentence that points back at the statement before it ("This phrase …", "That line …").
_POINTS_BACK = re.compile(r"(?i)^(?:this|that|the said) (?:phrase|line|sentence|marker|word|ending)\b")


def build_layout(prompt: str, instruction_ids: Sequence[str],
                 kwargs: Sequence[dict[str, Any]], *, use_locate: bool = True) -> Layout:
    """Split `prompt` into units and attribute constraint evidence to them (`use_locate=False`
    keeps only the tight edit spans, not the validator's statement spans)."""
    ids = list(instruction_ids)
    kwargs = [dict(item or {}) for item in kwargs]
    params = [parse_params(instruction_id, item) for instruction_id, item in zip(ids, kwargs)]

    repeat = None
    region = (0, len(prompt))
    echo = repeat_index(ids)
    if echo is not None:
        repeat = _find_request(prompt, getattr(params[echo], get(ids[echo]).request_field), echo)
        if repeat is not None:
            region = (repeat.start, repeat.end)

    evidence: dict[int, list[tuple[int, int]]] = {}
    own_spans: dict[int, list[tuple[int, int]]] = {}
    values: dict[int, list[tuple[int, int]]] = {}
    for index, (instruction_id, item) in enumerate(zip(ids, params)):
        if get(instruction_id).request_field:
            continue  # the echoed request is where the other statements are read
        found = get(instruction_id).statements(prompt, item, rewrite=True)
        value_spans, mention_spans = edit_spans(found)
        own = set(value_spans) | set(mention_spans)
        located = {(statement.span.start, statement.span.end) for statement in found
                   if statement.role not in EDIT_ROLES} if use_locate else set()
        spans = sorted(located | own)
        # Only evidence inside the region the units cover counts (a repeat instruction is not a
        # statement of the other constraints).
        spans = [(s, e) for s, e in spans if s >= region[0] and e <= region[1]]
        evidence[index] = spans
        own_spans[index] = [(s, e) for s, e in sorted(own)
                            if s >= region[0] and e <= region[1]]
        values[index] = [(s, e) for s, e in value_spans if s >= region[0] and e <= region[1]]

    units = []
    raw_units = segment(prompt[region[0]:region[1]], offset=region[0])
    # Tight spans decide what is task and what is statement: our own phrase-level spans, and
    # located spans that are clauses rather than whole units (a located sentence may still
    # carry the task, as in "It's a diaper for babies and I want the output in JSON").
    tight: dict[int, list[tuple[int, int]]] = {index: list(spans)
                                                for index, spans in own_spans.items()}
    for index, spans in evidence.items():
        for s, e in spans:
            for start, end, _ in raw_units:
                overlap = min(e, end) - max(s, start)
                if overlap > 0 and overlap < 0.8 * (end - start) and (s, e) not in tight[index]:
                    tight[index].append((max(s, start), min(e, end)))
    for position, (start, end, sep) in enumerate(raw_units):
        owners = frozenset(index for index, spans in evidence.items()
                           if any(s < end and e > start for s, e in spans))
        pure = False
        if owners:
            local = [(s - start, e - start) for index in owners for s, e in tight[index]
                     if s < end and e > start]
            content = _content_words(_residual(prompt[start:end], local))
            carries = _carries_content(prompt[start:end], content,
                                       {ids[index] for index in owners})
            pure = not carries and (not content or (
                len(content) <= 2 and not _TASK_START.match(prompt[start:end])))
            if not pure and not carries and position > 0:
                # "The words startup and capsule cannot be in the response.": once the
                # constraint's own words are set aside, nothing of the task is left.
                literal_spans = _literal_spans(prompt[start:end], [
                    literal for index in owners for literal in get(ids[index]).literals(params[index])])
                if literal_spans:
                    rest = _content_words(_residual(prompt[start:end], local + literal_spans))
                    pure = len(rest) <= 1 and not _TASK_START.match(prompt[start:end])
        units.append(Unit(start, end, prompt[start:end], sep, owners, pure))
    # "This phrase should be the very end of your entire response." after a statement says
    # more of that statement: it goes (and is said anew) with it, never left before it.
    for position in range(1, len(units)):
        unit, before = units[position], units[position - 1]
        if not unit.owners and before.pure and before.owners and _POINTS_BACK.match(unit.text):
            units[position] = Unit(unit.start, unit.end, unit.text, unit.sep, before.owners, True)
    # Every unit pure would leave no task: keep the first one as the task.
    if units and all(unit.pure for unit in units):
        first = units[0]
        units[0] = Unit(first.start, first.end, first.text, first.sep, first.owners, False)
    return Layout(prompt, ids, params, kwargs, units, evidence, values, repeat, tight, echo)


def _find_request(prompt: str, request: str, index: int) -> Optional[RepeatInfo]:
    target = request.strip()
    start = prompt.find(target)
    if start < 0:
        return None
    end = start + len(target)
    before, after = prompt[:start].strip(), prompt[end:].strip()
    if after and not before:
        where, instruction = "above", after
    elif before and not after:
        where, instruction = "below", before
    elif not before and not after:
        where, instruction = "above", ""
    else:
        # Instruction text on both sides: keep the bigger side as the instruction.
        where = "above" if len(after) >= len(before) else "below"
        instruction = after if where == "above" else before
    return RepeatInfo(index, start, end, where, instruction)


# ---------------------------------------------------------------- editing mixed units

_CONNECTORS = (", and then ", ", and ", " and then ", " and ", ", then ", "; ", ", but ", " but ",
               ", ",
               " - ", " -- ", " with ", " using ", " without ", " in ", " while ", " that ",
               " which ")


_QUOTED = re.compile(r"\"([^\"\n]+)\"|“([^”\n]+)”")
# Words that only lead into a trailing statement: ", making sure to use the letter "a" …",
# ", ensuring that the word 'replied' appears …" (cut with the statement they lead into).
_LEAD_FILLER = re.compile(r"(?:making sure|make sure|ensuring|ensure|being sure|taking care|"
                          r"being careful)(?: that)?(?: to)?(?: you)?(?: use| include| mention| "
                          r"have| write)?", re.IGNORECASE)


def removes_material(removed: str, literals: Sequence[str] = ()) -> bool:
    """Whether cutting `removed` would lose task material: text introduced by a colon, or a
    quoted passage that is not one of the constraint's own literals (an end phrase…)."""
    lowered = [literal.lower() for literal in literals]
    for match in _QUOTED.finditer(removed):
        inner = (match.group(1) or match.group(2)).strip()
        if inner and not any(inner.lower() in item or item in inner.lower()
                                               for item in lowered if item):
            return True
    plain = _QUOTED.sub(" ", removed)
    for line in plain.split("\n")[:1]:
        _, colon, after = line.partition(": ")
        if colon and len(re.findall(r"[A-Za-z]+", _EXAMPLES.sub(" ", after))) >= 3:
            return True
    return False


# A verb left with nothing to do once its phrase is cut: "… and end it", "…, then close it".
_BARE_VERB_LEFT = re.compile(r",?\s+(?:and|then|and then)\s+(?:end|finish|close|conclude|wrap up|"
                             r"sign off|start|begin|open)(?:\s+(?:it|this|them|off))?$",
                             re.IGNORECASE)


def strip_clause(unit_text: str, local_spans: Sequence[tuple[int, int]],
                 literals: Sequence[str] = ()) -> Optional[str]:
    """Cut the constraint's clause out of a mixed unit; None when no clean cut exists.
    A verb the cut phrase completed goes with it ("… in the form of a poem and end it with
    a P.P.S" -> "… in the form of a poem")."""
    cut = _strip_clause(unit_text, local_spans, literals)
    if cut is None:
        return None
    body = cut.rstrip(" .?!")
    bare = _BARE_VERB_LEFT.search(body)
    if bare is None:
        return cut
    return body[:bare.start()] + cut[len(body):]


def _strip_clause(unit_text: str, local_spans: Sequence[tuple[int, int]],
                  literals: Sequence[str] = ()) -> Optional[str]:
    """`strip_clause` before the bare verb is dropped.

    Handles an adjectival count ("a 300+ word summary" -> "a summary"), a
    parenthesis that only states the constraint, and a trailing clause ("…, and
    use at least 600 words.").
    """
    if not local_spans:
        return None
    first = min(start for start, _ in local_spans)
    last = max(end for _, end in local_spans)
    text = unit_text
    if "\n" in text[first:last].strip():
        return None  # statements on several lines of a block ("[Section 1: …, in Marathi]")
    inside = _residual(text[first:last], [(s - first, e - first) for s, e in local_spans])
    if _content_words(inside):
        return None  # the statements are scattered through the sentence
    # 1. "a 300+ word summary", "a 2 paragraph critique", "a 4 section resume"
    adjectival = re.compile(r"\b(a|an)\s+(?:\d+\+?|[a-z]+)[- ]?(?:word|paragraph|sentence|section|"
                            r"part|bullet[- ]point)\s+(?=[a-z])", re.IGNORECASE)
    for match in adjectival.finditer(text):
        if match.start() <= first and match.end() >= last - 1:
            following = text[match.end():]
            article = "an" if following[:1].lower() in "aeiou" else "a"
            if match.group(1)[0].isupper():
                article = article.capitalize()
            return text[:match.start()] + article + " " + following
    # 1a. "<task>, and <statement>: <passage>" -> "<task>: <passage>"
    colon = text.find(": ", first)
    if colon > 0:
        clipped = [(s, min(e, colon)) for s, e in local_spans if s < colon]
        c_first = min(s for s, _ in clipped)
        c_last = max(e for _, e in clipped)
        if not _content_words(_residual(text[c_last:colon], [])) and \
                not _content_words(_residual(text[c_first:c_last],
                                             [(s - c_first, e - c_first) for s, e in clipped])):
            for connector in (", and ", " and ", "; ", ", "):
                at = text.rfind(connector, 0, c_first + len(connector))
                if at < 0:
                    continue
                if not _content_words(_residual(text[at + len(connector):c_first], [])):
                    head = text[:at].rstrip(" ,;")
                    if len(_content_words(head)) >= 2:
                        return head + text[colon:]
                break
    # 1b. a count right after the opening verb: "Write exactly 4 paragraphs about …"
    counted = re.compile(r"^(?:please\s+)?[A-Za-z]+\s+(?:(?:exactly|at least|at most|only)\s+)?"
                         r"(?:\d+|[a-z]+)\s+(?:words|paragraphs|sentences|sections|bullet points)"
                         r"\s+(?=(?:about|on)\s)", re.IGNORECASE)
    match = counted.match(text)
    if match is not None and match.end() >= last - 1:
        verb_end = re.match(r"^(?:please\s+)?[A-Za-z]+", text, re.IGNORECASE).end()
        if first >= verb_end:
            return text[:verb_end] + " a piece " + text[match.end():]
    # 2. a prepositional phrase inside the sentence: "a ballad with under 8 sentences about …"
    prep = re.compile(r"[ ,]+(?:all\s+|only\s+|entirely\s+|written\s+|wrapped\s+)?"
                      r"(?:with|in|using|of|"
                      r"containing|having|that\s+(?:has|contains|is)|that's|that\s+are|in\s+only|only\s+in)\s+"
                      r"(?:only\s+|exactly\s+|the\s+|all\s+)?$", re.IGNORECASE)
    match = prep.search(text[:first])
    if match is not None:
        # "in JSON format", "in Hindi language": the trailing noun goes with the value.
        trailing = re.match(r"\s+(?:format|form|language|letters|only)\b", text[last:])
        if trailing is not None:
            last += trailing.end()
        # "… in Welsh alone, throughout the whole reply."
        scope = re.match(r",?\s+(?:throughout|in|for)\s+(?:your|the)\s+(?:entire\s+|whole\s+)?"
                         r"(?:response|answer|reply|output)\b", text[last:])
        if scope is not None:
            last += scope.end()
        after = text[last:]
        if after.startswith(",") and ("," in text[match.end():last] or re.match(
                r",\s+(?:about|for|on|with|of|to)\b", after)):
            after = after[1:]  # "in Welsh only, nothing else allowed, for …"
        if re.search(r"\b(?:output|response|answer|reply|text)\s*$", text[:match.start()]):
            after = None  # "…and I need the entire output in XML": the phrase is the object
        if after is not None and after[:1] in (" ", ",", ".", "?", "!", ":", ""):
            candidate = (text[:match.start()] + after).replace(" ,", ",").replace(" .", ".")
            remaining = _content_words(_residual(candidate, []))
            # "Finish this line: "…"" keeps its passage as task material.
            if (len(remaining) >= 2 or (remaining and _QUOTED.search(candidate))) and \
                    not _content_words(text[match.end():first]) and \
                    not removes_material(text[match.start():last], literals):
                return candidate
    # 3. a parenthesis around the statement
    open_at = text.rfind("(", 0, first + 1)
    close_at = text.find(")", last - 1)
    if 0 <= open_at < first and close_at >= last - 1:
        inner = text[open_at + 1:close_at]
        local = [(s - open_at - 1, e - open_at - 1) for s, e in local_spans]
        if len(_content_words(_residual(inner, local))) <= 1 and \
                not removes_material(inner, literals):
            return (text[:open_at].rstrip() + text[close_at + 1:]).replace(" .", ".")
    # 4. a trailing clause from a connector to the end of the sentence
    body = text.rstrip()
    terminal = ""
    while body and body[-1] in ".!?\"”'":
        if body[-1] in "\"”'" and not body[:-1].rstrip().endswith((".", "!", "?")):
            break
        terminal = body[-1] + terminal
        body = body[:-1]
    if last < len(body):
        tail = body[last:]
        if _content_words(_residual(tail, [])):
            return None
    candidates = []
    for connector in _CONNECTORS:
        at = body.rfind(connector, 0, first + len(connector))
        if at < 0 or at > first:
            continue
        between = body[at + len(connector):first]
        if _content_words(between) and not _LEAD_FILLER.fullmatch(between.strip()):
            continue
        candidates.append((at, connector))
    # The latest connector wins, unless the phrase is the object of "the entire output"
    # ("…and I need the entire output in XML"); then an earlier one may still cut cleanly
    # ("Pitch it to retirees and put your whole reply inside quotes").
    candidates.sort(key=lambda item: -item[0])
    best = None
    for at, connector in candidates:
        if connector.strip() in ("in", "with", "using", "without", "that", "which") and \
                re.search(r"\b(?:output|response|answer|reply|text)$", body[:at].rstrip(" ,;-")):
            continue
        best = (at, connector)
        break
    if best is None:
        return None
    head = body[:best[0]].rstrip(" ,;-")
    if len(_content_words(head)) < 1 or removes_material(body[best[0]:], literals):
        return None
    if head.endswith(("?", "!", ".")):
        return head
    question = re.match(r"\s*(?:can|could|would|will|what|why|how|who|which|where|when|is|are|"
                        r"do|does|did|should)\b", head, re.IGNORECASE)
    return head + ("?" if question else ".")


def local_spans(layout: Layout, unit: Unit, index: int) -> list[tuple[int, int]]:
    """The constraint's phrase-level spans inside `unit`, relative to the unit."""
    spans = layout.tight.get(index) or layout.evidence.get(index, [])
    return [(max(s, unit.start) - unit.start, min(e, unit.end) - unit.start) for s, e in spans
            if s < unit.end and e > unit.start]
