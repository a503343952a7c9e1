"""Put a prompt back together from a Layout and a Plan, with constraint statements said anew.

Two ways of assembling:

* `in_place` keeps the prompt's own order and wording; only the units that state
  the chosen constraints are replaced (by freshly rendered sentences at the same
  spot), and the task may be swapped for another one.
* `restructured` separates task and constraints and presents them anew: inline
  after the task or as a "Requirements:"-style list after it (`PRESENTATIONS`). Never
  ahead of the task: a rule said before anything is asked ("Make sure you use 400 or more
  words.⏎⏎Could you write a blog post …?") reads backwards (strict reads APA, ARA).

Both return an `Assembled` prompt with its kwargs; for a case whose type echoes part
of the prompt (the request to repeat) the request is rebuilt first, that parameter
is set to exactly the request, and the instruction to repeat it is rendered above or
below it (prompt/repeat.py).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any, Collection, Optional, Sequence

from ...constraints import get
from ..phrase_tables import table
from ..sentences import AT_EVERY_STOP, sentences
from ...constraints.support.choosing import chance, choice
from ...wording.sampler import Usage
from ..rewrite import reword_task
from ..rewrite.lexicon import commanded, commands
from .layout import Layout
from .plan import Plan, plan
from ..naturalness import frame_openings, repeated_frames
from .render import (join, layout_phrase, opening_word, ranges, render_group, sentence,
                     unlike, weave, wording_context, example_block, EXAMPLE_LINES)
from .repeat import around_request
from .residue import example_only
from .stated import stated_by

PRESENTATIONS = ("inline", "list")


@dataclass(frozen=True)
class Assembled:
    """A new prompt with its kwargs, and how it was put together."""

    prompt: str
    kwargs: list[dict[str, Any]]
    presentation: Optional[str] = None   # restructured: inline | list
    task_wording: Optional[str] = None   # restructured: what was done to the task
    repeat_where: Optional[str] = None   # the request to repeat: above | below


# ---------------------------------------------------------------- joining sentences


_LIST_LINE = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")


def closed(text: str) -> str:
    """A sentence that ends in a quotation or bracket with no stop ('… with title "Layton is
    the best"') gets one before another sentence runs on after it on the same line."""
    stripped = text.rstrip()
    if stripped[-1:] in "\"”)" and stripped[:-1].rstrip("\"”)")[-1:] not in ".!?:" and \
            "\n" not in stripped.rsplit(". ", 1)[-1]:
        return stripped + "."
    return text


# Quoted words in a series, closing a sentence: "climate", "energy", and "green".
_QUOTED_LIST = re.compile(r'["“][^"”\n]*["”](?:(?:,? and|,? or|,)\s*["“][^"”\n]*["”])+[.!?]?\s*')


def stands_alone(text: str) -> bool:
    """Whether the text so far ends in a line nothing may be run onto: a list item, an
    example, a line without a final stop (new sentences then start on a line of their own)."""
    if re.search(r"(?:\*{3,}|-{3,}|~{3,})$", text.rstrip()):
        return True  # "… by a line with just three "*" symbols: ***"
    after_colon = re.search(r":\s+([A-Z\"“].*)$", text.rstrip().rsplit("\n", 1)[-1])
    if after_colon and not _QUOTED_LIST.fullmatch(after_colon.group(1)):
        return True  # "Expand the following: Jeanne has rolled the dice. …": the user's text
        # ends the line, and a requirement run onto it reads as part of it (read KA); a list
        # of quoted words ("include the keywords: "climate", "energy", and "green".") is no
        # text of the user's, and the next sentence runs on (read BAL: "Your answer should
        # use only Finnish." set apart inside the request to repeat)
    last = text.rstrip().rsplit("\n", 1)[-1] if "\n" in text.strip() else ""
    if not last.strip():
        return False
    ending = last.rstrip().rstrip('"”\')*_')
    return bool(_LIST_LINE.match(last)) or ending[-1:] not in ".!?:"


# A line that ends on a postscript's marker with no stop ("… starting with P.P.S"): the slips
# close it ('"P.P.S".', prompt/slips.py) before the next sentence, so that sentence runs on in
# the same line (read CFJ, 1619: a line break left after the mended stop).
_POSTSCRIPT_LAST = re.compile(r"\bP\.(?:P\.)?S\.?\s*$")


def _joiner(out: Sequence[str], piece: str, following: str) -> str:
    """What goes between the text so far and a statement said anew after it."""
    alone = bool(out) and stands_alone("".join(out))
    # A statement followed by its example lines runs on like any sentence; the lines
    # themselves already sit on lines of their own.
    joiner = "\n" if ("\n" in EXAMPLE_LINES.sub("", piece) or (out and "\n" in out[-1].split(". ")[-1]
                                         and out[-1].rstrip().endswith(":")) or alone) else " "
    if out and joiner == "\n" and alone:
        joiner = "\n\n"  # a riddle's answer line, a list item: a blank line after it
    if (out and joiner == " " and out[-1].strip()
            and out[-1].rstrip().rstrip('"”\')*_')[-1:] not in ".!?:"
            and not _POSTSCRIPT_LAST.search(out[-1])):
        # A line the original ended without a stop ("… starting with P.P.S"): the new
        # sentence goes on a line of its own, as the original's next one did, never run on
        # as if it were the postscript's text (strict read AZ).
        joiner = "\n" * min(2, max(1, following.count("\n")))
    return joiner


# The marker a line of a list opens with ("3. ", "- "): an item said anew keeps it.
_LIST_ITEM = re.compile(r"(?:\d+[.)]|[-*•])\s+")


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
        # (Beside a new task the list's lead-in is gone: its items are said as sentences.)
        item = _LIST_ITEM.match(unit.text.strip()) \
            if unit.pure and not text and task_override is None else None
        for index in by_anchor.get(position, []):
            piece = rendered[index]
            if not piece:
                continue
            if item is not None and out:
                # A list item said anew stays an item of its list ("3. Answer in no fewer
                # than 290 words."), never a line under it (read BBV).
                out.append((unit.sep or "\n") + item.group(0) + piece[0].upper() + piece[1:])
                item = None
                continue
            # The break the original had there: before this unit when its own text is gone
            # (its statement is rendered in its place), else before the next one.
            following = (unit.sep if not text else layout.units[position + 1].sep
                         if position + 1 < len(layout.units) else "")
            joiner = _joiner(out, piece, following)
            if not out:
                out.append(piece)
            else:
                if joiner == " ":
                    out[-1] = closed(out[-1])
                out.append(joiner + piece)
    if task_override is not None and not task_done:
        out.insert(0, task_override + " ")
    text = "".join(out).strip()
    return re.sub(r"[ \t]+\n", "\n", re.sub(r" {2,}", " ", text))


# ---------------------------------------------------------------- the request as a whole


def _literals(layout: Layout, params: Sequence[Any]) -> list[str]:
    """Every literal of every instruction, which the task's new wording must keep."""
    return [literal for instruction_id, item in zip(layout.ids, params)
            for literal in get(instruction_id).literals(item)]


def settle(layout: Layout, request: str, params: Sequence[Any], rng: Any, *,
           rephrase_repeat: bool = False, presentation: Optional[str] = None,
           task_wording: Optional[str] = None) -> Assembled:
    """The new request as the cousin's prompt: with the instruction to repeat it (repeat
    cases) and the kwargs for it (an unchanged constraint keeps the case's kwargs exactly)."""
    kwargs = [dict(layout.kwargs[i]) if item == layout.params[i] else item.model_dump(mode="json")
              for i, item in enumerate(params)]
    if layout.repeat is None:
        return Assembled(request, kwargs, presentation, task_wording)
    prompt, repeated, where = around_request(layout.repeat, layout.ids, layout.params,
                                             request, params, rng, reword=rephrase_repeat)
    field_name = get(layout.ids[layout.repeat.index]).request_field or ""
    kwargs[layout.repeat.index] = {field_name: repeated}
    return Assembled(prompt, kwargs, presentation, task_wording, where)


def in_place(layout: Layout, rng: Any, *, targets: set[int], params: Sequence[Any],
             task_override: Optional[str] = None, vary: bool = False,
             rephrase_repeat: bool = False) -> Assembled:
    """Re-render the statements of `targets` (with `params`) where they stand."""
    the_plan = plan(layout, targets, drop_task=task_override is not None, params=params)
    usage = Usage(taken=tuple(frame_openings(layout.prompt)) +
                  tuple(frame_openings(task_override or "")))
    rendered: dict[int, str] = {}
    # Not opening with the verb a task sentence opens with ("Write a poem … Write 450 words or
    # more."): the statement may stand right after it.
    task_text = task_override or " ".join(unit.text for unit in layout.task_units())
    task_words = {opening_word(text) for text in _sentences_of(task_text)}
    command = asks_already(task_text)
    for group in ranges(layout, params, the_plan.render):
        context = wording_context(layout.ids, group[0], layout=layout,
                                  own_task=task_override is None, task=task_override)
        rendered[group[0]] = unlike(lambda: sentence(render_group(
            layout, params, group, rng, usage=usage, context=context)), task_words,
            after_command=command)
        for index in group[1:]:
            rendered[index] = ""  # said with the first of its pair
    request = _request_pieces(layout, the_plan, rendered, task_override)
    if vary and task_override is None:
        request = _vary_first_task(layout, the_plan, request, rng, params)
    return settle(layout, request, params, rng, rephrase_repeat=rephrase_repeat)


def _vary_first_task(layout: Layout, the_plan: Plan, request: str, rng: Any,
                     params: Sequence[Any]) -> str:
    for position, unit in enumerate(layout.units):
        if unit.pure:
            continue
        text = the_plan.unit_text.get(position, unit.text)
        if text and request.startswith(text):
            rest = request[len(text):]
            others = set(frame_openings(rest))
            if others & {"request", "please"}:
                others |= {"request", "please"}  # courtesy once, in one register
            # Not opening as a sentence after it does ("Would you …? Would you …?").
            for _ in range(4):
                new, _ = reword_task(text, _literals(layout, params), rng, frames=sorted(others),
                                     elsewhere=rest)
                if not others & set(frame_openings(new)):
                    break
            if new.rstrip()[-1:] in ".!?" and rest.startswith("."):
                rest = rest[1:]  # the stop `closed` gave the old wording, now the rewrite's
            return new + rest
        break
    return request


# ---------------------------------------------------------------- restructured


def _as_list(task: str, layout: Layout, params: Sequence[Any], order: Sequence[int], rng: Any,
             usage: Usage, own_task: bool = True) -> str:
    """The task, then the requirements as a list under a header (one is no list: "One rule:
    no commas anywhere.")."""
    items = [render_group(layout, params, group, rng, styles=("list",), usage=usage,
                          context=wording_context(layout.ids, group[0], layout=layout,
                                                  own_task=own_task, task=task))
             for group in ranges(layout, params, order)]
    if len(items) == 1:
        # One is no list, and no label either ("One request: the word X, no fewer than three
        # times." reads as a form): a sentence of its own below the task.
        group = ranges(layout, params, order)[0]
        context = wording_context(layout.ids, group[0], layout=layout, own_task=own_task,
                                  task=task)
        return task + "\n\n" + unlike(lambda: sentence(render_group(
            layout, params, group, rng, usage=usage, context=context)), (),
            after_command=asks_already(task))
    if not items:
        return task
    numbered = _numbered_tail(task)
    if numbered is not None:
        # The task ends on a numbered list of its own ("Request: 1. … 2. …"): the
        # requirements are its next items, as the original had them; a second list under a
        # header of ours reads as two forms stacked (reads BCQ, BCR, CIP: 1691).
        indent, last, mark, stop = numbered
        return task.rstrip() + "\n" + "\n".join(
            f"{indent}{number}{mark} {item[0].upper()}{item[1:]}{stop}"
            for number, item in enumerate(items, start=last + 1))
    marker = choice(rng, ["- ", "numbered"])
    lines = [(f"{number}) " if marker == "numbered" else "- ") + item[0].upper() + item[1:]
             for number, item in enumerate(items, start=1)]
    if task.rstrip().endswith(":"):
        return task + "\n" + "\n".join(lines)  # "… so:" introduces the list itself
    # Statements of the case the task keeps word for word come first: the list adds to them.
    more = own_task and any(unit.owners and unit.text.strip() and unit.text.strip() in task
                            for unit in layout.units) or None
    header = layout_phrase("header", rng, more=more)
    # "please" once (not "Would you please …? Please keep to these rules:"), no verb the
    # first item opens with ("Keep the following things in mind: 1) Keep the word …", read OB),
    # and no wish the task says already ("I need you to … Here is what I need from …", read AUA).
    first_verb = items[0].split(" ", 1)[0].lower()
    for _ in range(6):
        if ("please" not in frame_openings(header) or "please" not in frame_openings(
                task + " " + " ".join(items))) and \
                first_verb not in header.lower().replace(":", "").split() and \
                not _wish_twice(task + " " + _wish_of(header)):
            break
        header = layout_phrase("header", rng, more=more)
    return task + "\n\n" + header + "\n" + "\n".join(lines)


_NUMBERED_LINE = re.compile(r"^(?P<indent>\s*)(?P<number>\d+)(?P<mark>[.)])\s+\S")


def _numbered_tail(task: str) -> Optional[tuple[str, int, str, str]]:
    """(indent, last number, its mark, the stop its items end on) when the task's last line
    is an item of a numbered list, else None."""
    lines = task.rstrip().splitlines()
    found = _NUMBERED_LINE.match(lines[-1]) if lines else None
    if found is None:
        return None
    stop = "." if lines[-1].rstrip()[-1:] in ".?!" else ""
    return found.group("indent"), int(found.group("number")), found.group("mark"), stop


def _inline(task: str, layout: Layout, params: Sequence[Any], order: Sequence[int], rng: Any,
            usage: Usage, own_task: bool = True) -> str:
    """The task, then the requirements as sentences (the first maybe woven onto the task)."""
    groups = ranges(layout, params, order)
    if groups and len(groups[0]) == 1:  # a pair said as one is not woven onto the task
        woven = weave(task, layout, params, [group[0] for group in groups], rng, usage,
                      own_task)
        if woven is not None:
            task, groups = woven[0], groups[1:]
    # After a bare command ("Tell me what an SRE is."), no courtesy frame wedged between it
    # and the next ("It'd be great if you could respond in Vietnamese."): one register.
    plain = {"plain": True} if commands(task) else {}
    command = asks_already(task)
    sentences: list[str] = []
    last = opening_word(_sentences_of(task)[-1]) if task.strip() else ""
    for group in groups:
        context = {**wording_context(layout.ids, group[0], layout=layout, own_task=own_task,
                                     task=task),
                   **plain}
        # Not two sentences in a row that open with one verb ("Write a poem … Write 450
        # words or more."; "Keep it short. Keep commas out.").
        said = unlike(lambda: sentence(render_group(layout, params, group, rng, usage=usage,
                                                     context=context)), {last},
                       after_command=command)
        sentences.append(said)
        last = opening_word(said)
    block = join(sentences)
    joiner = "\n" if ("\n" in task.split("\n")[-1] or task.rstrip().endswith(":")) else " "
    if "\n" in task.strip() or stands_alone(task):
        joiner = "\n\n"  # nothing runs on after a divider line ("… symbols: *** Finish …")
    if block and joiner == " ":
        task = closed(task)
    return task + (joiner + block if block else "")


def asks_already(task: str) -> bool:
    """Whether the task asks already, by a command in any of its sentences or by a question:
    a requirement said after it is no question ("Write a blog entry … Can you give exactly
    four bullets?", read BAJ; "What would Frankenstein's bride wear? Make it weird. Can you
    give exactly 3 bullets?" stacks asks, read BBF)."""
    return commanded(task) or "?" in task or any(commands(part) for part in _sentences_of(task))


def _sentences_of(text: str) -> list[str]:
    """The sentences of `text`, split at every stop."""
    return sentences(text.strip(), lines=False, **AT_EVERY_STOP) or [text]


def _wish_twice(text: str) -> bool:
    """Whether two sentences of `text` open with one family of wish ("I'd like you to tell me
    … I would like the answer …")."""
    openings = [sentence.strip().lower()
                for sentence in sentences(text, lines=False, **AT_EVERY_STOP)]
    return any(sum(1 for opening in openings if re.match(rf"(?:{family})\b", opening)) > 1
               for family in table("prompt")["wish_openers"])


def _wish_of(header: str) -> str:
    """The wish a list header says ("Here is what I need from your reply:" -> "I need."), so
    that `_wish_twice` can compare it with the task's."""
    found = re.search(table("prompt")["header_wish"], header)
    return found.group(1) + "." if found else ""


def _trailers_joined(request: str, trailers: Sequence[str]) -> str:
    """`request` with the sentences that speak of its statements after them: in its last
    paragraph, or as more items of the list it ends with ("2) Format your whole answer as
    JSON⏎3) Do not add anything outside of the JSON block")."""
    last_line = request.rsplit("\n", 1)[-1]
    listed = re.match(r"\s*(?:(?P<dash>[-*])|(?P<number>\d+)[.)])\s", last_line)
    if listed is None:
        return request + " " + " ".join(trailers)
    items = []
    for offset, text in enumerate(trailers, start=1):
        marker = f"{listed.group('dash')} " if listed.group("dash") else \
            f"{int(listed.group('number')) + offset}) "
        items.append(marker + text.rstrip(".").strip())
    return request + "\n" + "\n".join(items)


def _pleases(text: str) -> int:
    """How many times `text` says "please": a reworded frame that adds one beside the user's
    own ("Could you please provide …? Please use …", read ASA) says it twice."""
    return len(re.findall(r"(?i)\bplease\b", text))


def _questions_put(text: str) -> int:
    """How many sentences of `text` ask the writer a question ("Can you …?"): a second one
    stacked on the task's own ("Could you put together a rubric? Can you create an example
    for me?") reads as asking twice."""
    return len(re.findall(table("prompt")["question_put"], text))


def trailers(layout: Layout) -> set[int]:
    """The closing units of the prompt that come right after a statement and speak of it
    ("Do not add anything outside of the JSON block." after "Please use JSON format.",
    "Don't forget to add other punctuations." after "… and no commas."): said anew, the
    statement moves, and they go after it, never before it."""
    found: set[int] = set()
    position = len(layout.units) - 1
    while position > 0 and not layout.units[position].pure:
        position -= 1
    if position <= 0 or not layout.units[position].owners:
        return found
    statement = layout.units[position]
    said = {word for word in re.findall(r"[a-z]{4,}", statement.text.lower())}
    for later in range(position + 1, len(layout.units)):
        text = layout.units[later].text
        words = set(re.findall(r"[a-z]{4,}", text.lower()))
        if "\n" in text or len(text.split()) > 14 or not (
                words & said - _GENERIC_WORDS() or re.search(r"(?i)\b(?:an)?other\b", text)):
            return set()
        found.add(later)
    return found


@functools.lru_cache(maxsize=1)
def _GENERIC_WORDS() -> frozenset[str]:
    return frozenset(table("prompt")["response_words"])


def _task_of(layout: Layout, the_plan: Plan, task_override: Optional[str],
             skip: Collection[int] = ()) -> str:
    """The task sentences that stay (asides and statements left in place among them), but
    the units `skip` (`trailers`, said after the statements)."""
    if task_override is not None:
        return task_override
    task_parts: list[str] = []
    led_off = False   # the lines right under a statement that went, its colon leading to them
    for position, unit in enumerate(layout.units):
        if unit.pure and not the_plan.task_like(position) or position in skip:
            led_off = unit.text.rstrip().endswith(":")
            continue
        if led_off and unit.sep == "\n" and the_plan.render:
            # "Separate them with ***, such as:\nStep 1: …\n***" said anew shows its example
            # itself: the lines it led to go with it, never left hanging under the task.
            continue
        led_off = False
        text = the_plan.unit_text.get(position, unit.text)
        if not text:
            continue
        if example_only(text) and the_plan.render:
            # an example of a statement said anew (with its own example) elsewhere; not a
            # sentence of the user's text that happens to open "For example, …"
            continue
        task_parts.append((unit.sep if task_parts else "") + text)
    return "".join(task_parts).strip()


def _presentation_for(layout: Layout, task: str, presentation: str, order: Sequence[int],
                      own_task: bool) -> str:
    """The presentation asked for, or the one the task and its statements allow."""
    if presentation == "inline" and _numbered_tail(task) is not None and len(order) > 1:
        # A task that ends on a numbered list of its own takes the requirements as its next
        # items ("Request: 1. … 2. …", read CIP on 1691: a chatty sentence under a terse list).
        presentation = "list"
    if presentation == "inline" and task.rstrip().endswith(":"):
        # "I want to make it challenging, so:" introduces what follows: the list comes after
        # (never prose after the colon).
        presentation = "list"
    elif presentation == "list" and layout.repeat is not None and \
            "\n" not in layout.prompt[layout.repeat.start:layout.repeat.end].strip():
        # A request to repeat that was one paragraph stays one: a list or a rule on a line of
        # its own would have the copy span paragraphs (strict read AS).
        presentation = "inline"
    if presentation == "list" and any(
            example_block(layout.ids[index], wording_context(layout.ids, index, layout=layout,
                                                             own_task=own_task))
            for index in order):
        presentation = "inline"  # an example list does not go inside a list of requirements
    return presentation


def restructured(layout: Layout, rng: Any, *, params: Sequence[Any], presentation: str,
                 task_override: Optional[str] = None, vary: bool = True,
                 targets: Optional[set[int]] = None,
                 siblings: Sequence[str] = (), wide: str = "") -> Assembled:
    """The task first, then its constraints rendered anew and presented
    `presentation`-style; the task's new wording keeps away from `siblings` (prompts of the
    family so far), well away when `wide` (see `rewrite.rewrite`)."""
    all_targets = {index for index, instruction_id in enumerate(layout.ids)
                   if not get(instruction_id).request_field}
    the_plan = plan(layout, targets if targets is not None else all_targets,
                    drop_task=task_override is not None, params=params)
    # Pull every pure unit's constraints into the block, so nothing is stated twice.
    for position, unit in enumerate(layout.units):
        if unit.pure and the_plan.unit_text.get(position, "keep") is not None and \
                not the_plan.task_like(position):
            the_plan.unit_text[position] = None
            for index in stated_by(layout, unit):
                if index not in the_plan.render:
                    the_plan.render.append(index)
    trailing = sorted(trailers(layout)) if task_override is None else []
    task = _task_of(layout, the_plan, task_override, skip=trailing)
    how = "unchanged"
    if vary and task_override is None:
        old = task
        for _ in range(4):  # not "Would you please …? Please include …" from a task that had one
            task, how = reword_task(old, _literals(layout, params), rng,
                                    siblings=siblings,
                                    elsewhere=layout.prompt.replace(old, " "), wide=wide)
            if not repeated_frames(task, old) and not _wish_twice(task) and \
                    _questions_put(task) <= max(1, _questions_put(old)) and \
                    _pleases(task) <= max(1, _pleases(old)):
                break
        else:
            task, how = old, "unchanged"  # never a second frame stacked on the task's own
    order = sorted(the_plan.render)
    if len(order) > 1 and chance(rng, 0.5):
        order = order[::-1]
    usage = Usage(taken=tuple(frame_openings(task)))
    own_task = task_override is None
    presentation = _presentation_for(layout, task, presentation, order, own_task)
    if presentation == "list":
        request = _as_list(task, layout, params, order, rng, usage, own_task)
    else:
        request = _inline(task, layout, params, order, rng, usage, own_task)
    if trailing:
        # What speaks of a statement follows it, in its paragraph ("… in JSON. Do not add
        # anything outside of the JSON block."), or as the next items of a list of them (a
        # line under the list reads as a seam: read AWB).
        request = _trailers_joined(request.rstrip(), [layout.units[position].text.strip()
                                                      for position in trailing])
    return settle(layout, request.strip(), params, rng, rephrase_repeat=True,
                  presentation=presentation, task_wording=how)
