"""Is a cousin a fair test? Deterministic checks of what a cousin says against its original.

reliable@10 credits a family only when all ten prompts pass, so one cousin that drops part
of the request, or adds a token nobody wrote, makes a model fail for the prompt's fault.
These checks compare a cousin with the original it comes from:

* `dropped` — material of a constraint statement that goes beyond the checked values (an
  example of the format, an aside such as "(don't forget to add punctuations)", what the
  highlighted parts should be, a content phrase of any statement: "in a format of a list",
  "both options") and that the cousin no longer says, or a rewording ("In other words, …")
  left without the sentence it rewords. The task's own sentences are not checked here: the
  task rewriter says them another way on purpose.
* `stray_tokens` — a token with markup in it (`text*`, `<<`, `[x`) that neither the original
  nor any of our wordings could have produced: a stitching slip.
* `doubled_examples` — two examples given for one requirement in one sentence ("such as
  *an important line*? For example: *3 years*.").
* `lead_ins` — the framing words before a sentence's first comma or colon ("Before you
  send it, …"), which a reader spots when they recur across prompts; counted per file.

The word lists are data (`templates/phrases/fairness.json`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from ..constraints import get
from .phrase_tables import filled, of
from .prompt.layout import Layout, Unit, build_layout, local_spans
from .prompt.purity import rewords, task_start
from .sentences import AT_EVERY_STOP, sentences
from .prompt.residue import (SATISFIED_BY, WORD, content_phrase_words, forms, residual_words,
                             said_again, stem)

@dataclass(frozen=True)
class Drop:
    """Something an original's statement says that a cousin no longer does."""

    what: str          # "form" (an example's markup), "word" (an asked-for detail), "line"
                       # (of a spelled-out block), "passage" (a quoted text) or "rewording"
                       # (a sentence that says one gone again)
    value: str         # the form's name, or the word
    statement: str     # the original sentence it comes from

    def message(self) -> str:
        if self.what == "form":
            return f"the {self.value} example of {self.statement[:60]!r} is gone"
        if self.what == "rewording":
            return f"{self.value[:60]!r} stays without {self.statement[:60]!r}, which it rewords"
        if self.what in ("line", "passage"):
            return f"the {self.what} {self.value[:60]!r} is gone"
        return f"{self.value!r} of {self.statement[:60]!r} is gone"


def statement_units(layout: Layout) -> list[Unit]:
    """The units that state constraints and little else: those a generator may say anew
    (pure), and those that stay word for word because they ask more than their types can
    say (kept: they go with the task, so a new task may replace them)."""
    return [unit for unit in layout.units if unit.owners and (unit.pure or unit.kept)]


_PASSAGE = re.compile(r"(?<![\w\"])\"([^\"\n]{25,}?)\"(?![\w\"])|“([^”\n]{25,})”")


def block_lines(layout: Layout) -> list[str]:
    """Lines of a block the original spells out (an outline "Part 1. Task Summary", a
    template "[Movie 1]", lines between *** rules): every line of a run of two or more
    short lines, except the examples attached to a statement (its bullets), which the
    statement's form check covers."""
    statements = statement_units(layout)
    examples = {line.strip() for unit in statements for line in unit.text.split("\n")[1:]}
    examples |= {unit.text.split("\n")[0].strip() for unit in statements}
    lines = layout.prompt.split("\n")
    found = []
    for position, line in enumerate(lines):
        text = line.strip()
        if not text or text in examples or text in ("***", "******", "..."):
            continue
        neighbours = [lines[k].strip() for k in (position - 1, position + 1)
                      if 0 <= k < len(lines)]
        in_run = any(neighbour and len(neighbour) < 80 for neighbour in neighbours)
        prose = text[-1:] in ".?!:" and not re.fullmatch(r"(?:\d+[.)]\s*)?\.\.\.|…", text)
        # A request ("Write a cover letter … end with exactly …") is the task, which the
        # rewriter says another way on purpose.
        if in_run and len(text) < 80 and not prose and not task_start().match(text):
            found.append(text)
    return found


def passages(layout: Layout) -> list[str]:
    """Quoted passages of the original of five words or more (a statement to rewrite, a
    sentence to expand): task material no cousin that keeps the task may lose."""
    literals = {literal.lower() for index, instruction_id in enumerate(layout.ids)
                for literal in get(instruction_id).literals(layout.params[index])}
    found = []
    for match in _PASSAGE.finditer(layout.prompt):
        text = (match.group(1) or match.group(2)).strip()
        if len(text.split()) >= 5 and text.lower() not in literals:
            found.append(text)
    return found


# A form a wording says in words, enough beside a new task whose own example would not fit
# the old one's ("[subject]" in a German itinerary): "placeholders in square brackets".
_DESCRIBED = {"placeholder": re.compile(r"(?i)\bsquare[- ]bracket")}


def dropped(layout: Layout, cousin: str, *, task_kept: bool = True,
            changed: Sequence[str] = ()) -> list[Drop]:
    """What the original asks beyond its checked values that `cousin` does not say: an
    example's markup form or a word of an aside in a statement (a statement kept word for
    word is fine as it is), and, while the cousin keeps the task (`task_kept`: every cousin
    but a reconfiguration with a new task), each line of a spelled-out block and each
    quoted passage, word for word — but for those holding a value the cousin changes
    (`changed`: the original's literals of its changed constraints)."""
    have = forms(cousin)
    cousin_stems = {stem(word) for word in WORD.findall(cousin)}
    found: list[Drop] = []
    # What a fenced block shows ("```JSON [json content] ```") is its ticks, not a
    # placeholder or a highlight of its own.
    fences = [match.span() for match in re.finditer(r"```.*?```", layout.prompt, re.DOTALL)]
    for unit in statement_units(layout):
        if unit.text in cousin or (unit.kept and not task_kept):
            continue
        fenced = any(start <= unit.start and unit.end <= end for start, end in fences)
        shown = {"ticks"} if fenced else forms(unit.text)
        if layout.repeat is not None:
            # A request the reply copies first names the brackets and shows no "<<title>>":
            # shown in the copy, the example would pass the title check by itself.
            shown = shown - {"title"}
        for form in sorted(shown):
            if not any(other in have for other in SATISFIED_BY[form]) and not (
                    not task_kept and form in _DESCRIBED and _DESCRIBED[form].search(cousin)):
                found.append(Drop("form", form, unit.text))
        spans = [span for index in unit.owners for span in local_spans(layout, unit, index)]
        literals = [literal for index in unit.owners
                    for literal in get(layout.ids[index]).literals(layout.params[index])]
        # A new task replaces the asides of the old one on purpose ("Make it zany"); the
        # examples of the answer's markup stay with the constraints.
        words = residual_words(unit.text, spans, [layout.ids[index] for index in unit.owners],
                               literals) if task_kept else []
        for word in words:
            if not said_again(word, cousin, cousin_stems):
                found.append(Drop("word", word, unit.text))
    found += [drop for drop in lost_content(layout, cousin, task_kept=task_kept)
              if drop not in found]
    if task_kept:
        cousin_lines = {line.strip() for line in cousin.split("\n")}
        stale = [literal.lower() for literal in changed if literal.strip()]
        for line in block_lines(layout):
            if line in cousin_lines or (stale and _edited(line, cousin_lines)):
                continue  # a line holding a changed value may say the new one
            found.append(Drop("line", line, line))
        for passage in passages(layout):
            if passage not in cousin and not any(value in passage.lower() for value in stale):
                found.append(Drop("passage", passage, passage))
    return found


def lost_content(layout: Layout, cousin: str, *, task_kept: bool = True) -> list[Drop]:
    """What any sentence stating a constraint asks for in words a generic restatement
    drops, and that `cousin` (keeping the task) no longer says: a content phrase ("in a
    format of a list", "both options", "each version": prompt/residue.py), the parts of
    the answer only the statement names ("Give your final summary, following ******"); and
    a rewording ("In other words, …") that stays while the sentence it rewords is gone."""
    from .prompt.stated import own_parts

    if not task_kept:
        return []
    cousin_stems = {stem(word) for word in WORD.findall(cousin)}
    found: list[Drop] = []
    for position, unit in enumerate(layout.units):
        if not unit.owners or unit.text in cousin:
            continue
        spans = [span for index in unit.owners for span in local_spans(layout, unit, index)]
        head = unit.text.split("\n", 1)[0]
        masked = "".join(" " if any(start <= at < end for start, end in spans) else character
                         for at, character in enumerate(head))
        words = content_phrase_words(masked, [layout.ids[index] for index in unit.owners])
        words += [word for word in own_parts(layout, unit, set(unit.owners)) if word not in words]
        for word in words:
            if not said_again(word, cousin, cousin_stems):
                found.append(Drop("word", word, unit.text))
    for position in range(1, len(layout.units)):
        unit, before = layout.units[position], layout.units[position - 1]
        head = unit.text.split("\n", 1)[0]
        if rewords().match(unit.text) and before.owners and head in cousin and \
                before.text not in cousin:
            found.append(Drop("rewording", head, before.text))
    return found


def _edited(line: str, cousin_lines: set[str]) -> bool:
    """Whether some line of the cousin is `line` with a few words changed."""
    from .distance import levenshtein, tokens

    own = tokens(line)
    return any(levenshtein(own, tokens(other)) <= 3 for other in cousin_lines if other)


def changed_literals(layout: Layout, kwargs: Sequence[Optional[dict[str, Any]]]) -> list[str]:
    """The original's literal values (keywords, a language, a phrase) of the constraints
    whose kwargs a cousin changes."""
    found: list[str] = []
    for index, (before, after) in enumerate(zip(layout.kwargs, kwargs)):
        if dict(before or {}) != dict(after or {}):
            found += get(layout.ids[index]).literals(layout.params[index])
    return found


def dropped_from(original: str, instruction_ids: Sequence[str],
                 kwargs: Sequence[Optional[dict[str, Any]]], cousin: str,
                 cousin_kwargs: Optional[Sequence[Optional[dict[str, Any]]]] = None, *,
                 task_kept: bool = True) -> list[Drop]:
    """`dropped` for a case given as its prompt, ids and kwargs."""
    layout = build_layout(original, list(instruction_ids), list(kwargs))
    changed = changed_literals(layout, cousin_kwargs) if cousin_kwargs is not None else []
    return dropped(layout, cousin, task_kept=task_kept, changed=changed)


# ---------------------------------------------------------------- stray tokens

_MARKUP_CHARS = re.compile(r"[*<>\[\]`|~^#_]")
# The markup our wordings write, as whole spans: an example of each format, the dividers, a
# bullet at a line start, a quoted marker ("*", "***", "#"), a URL.
_WELL_FORMED = re.compile(
    r"\*\*[^*\n]+\*\*|(?<![*\w])\*[^*\s][^*\n]*?(?<=[^*\s])\*(?![*\w])|<<[^<>\n]*>>|\[[^\[\]\n]*\]"
    r"|(?<!\*)\*{3}(?!\*)|\*{6}|```\w*|(?m:^\s*[*-]\s)|[\"“'(]\s?[*#<>_^~|`]{1,6}\s?[\"”')]"
    r"|https?://\S+?(?=[.,;:!?\"”')]*(?:\s|$))|<<\s*and\s*>>|\*\s+and\s+a\s+space"
    r"|[\"“]\*\s[^\"”\n]+[\"”]")


def _leftover(text: str) -> list[str]:
    """The tokens of `text` still holding a markup character once every well-formed span
    is blanked."""
    blanked = _WELL_FORMED.sub(lambda match: " " * len(match.group(0)), text)
    tokens = []
    for match in re.finditer(r"\S+", blanked):
        if _MARKUP_CHARS.search(match.group(0)):
            start, end = match.span()
            while start > 0 and not text[start - 1].isspace():
                start -= 1
            while end < len(text) and not text[end].isspace():
                end += 1
            tokens.append(text[start:end])
    return tokens


def stray_tokens(prompt: str, original: str) -> list[str]:
    """Tokens with a markup character outside any well-formed span (a whole `*example*`,
    `<<title>>`, `[name]`, `***`, a line's bullet) that the original does not have as
    they are: a fragment stitched from another sentence, such as a stray `text*`, or a URL
    with a mark glued to it."""
    own = set(_leftover(original)) | set(original.split())
    found = [token for token in _leftover(prompt) if token not in own]
    found += [match.group(0) for match in re.finditer(r"https?://\S*[?.,;:!](?=\s|$)", prompt)
              if match.group(0) not in original]
    return found


# ---------------------------------------------------------------- doubled examples

_EXAMPLE_LEAD = filled(r"\b(?:{example_lead_alternatives})[:,]?\s+(?=[*<\[\"“'])", of("fairness"),
                       re.IGNORECASE)


def doubled_examples(prompt: str, original: str) -> list[str]:
    """Sentences (or a sentence and its continuation) that give two examples of one format,
    where the original gives one ("…such as *an important line*? For example: *3 years*.")."""
    found = []
    for line in prompt.split("\n"):
        leads = list(_EXAMPLE_LEAD().finditer(line))
        for first, second in zip(leads, leads[1:]):
            stretch = line[first.start():second.end() + 40]
            between = line[first.end():second.start()]
            if len(between) < 60 and stretch not in original and \
                    line[max(0, first.start() - 40):second.end() + 40] not in original:
                found.append(stretch.strip())
    return found


# ---------------------------------------------------------------- lead-ins

_LEAD_IN = re.compile(r"^([A-Z][^,:;.?!\"\n]{2,40})[,:](?:\s|$)")


def lead_ins(prompt: str, original: str) -> list[str]:
    """The lead-in of each sentence the cousin adds ("Before you send it", "Quick
    question"): up to six words before the sentence's first comma or colon."""
    found = []
    for sentence in sentences(prompt, **AT_EVERY_STOP):
        if sentence in original:
            continue
        match = _LEAD_IN.match(sentence)
        if match and not sentence[match.end():].strip(" :\n*-").strip():
            continue  # "Like this:" before the lines of an example list leads into no sentence
        if match and len(match.group(1).split()) <= 6:
            found.append(match.group(1))
    return found
