"""Is a cousin a fair test? Deterministic checks of what a cousin says against its original.

reliable@10 credits a family only when all ten prompts pass, so one cousin that drops part
of the request, or adds a token nobody wrote, makes a model fail for the prompt's fault.
These checks compare a cousin with the original it comes from:

* `dropped` — material of a constraint statement that goes beyond the checked values (an
  example of the format, an aside such as "(don't forget to add punctuations)", what the
  highlighted parts should be) and that the cousin no longer says. The task's own sentences
  are not checked here: the task rewriter says them another way on purpose.
* `stray_tokens` — a token with markup in it (`text*`, `<<`, `[x`) that neither the original
  nor any of our wordings could have produced: a stitching slip.
* `doubled_examples` — two examples given for one requirement in one sentence ("such as
  *an important line*? For example: *3 years*.").
* `lead_ins` — the framing words before a sentence's first comma or colon ("Before you
  send it, …"), which a reader spots when they recur across prompts; counted per file.

The word lists are data (`templates/phrases/fairness.json`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any, Optional, Sequence

from ..constraints import get
from ..constraints.support.wording import load_json
from .decompose import FILLER, Layout, Unit, build_layout, local_spans

# Forms of markup a statement may show by example; a cousin keeps each form its original's
# statements show.
FORMS: dict[str, re.Pattern[str]] = {
    "highlight": re.compile(r"(?<![*\w])\*[^*\s][^*\n]*\*(?!\*)|\"\*\"|'\*'|\(\*\)"),
    "bullet": re.compile(r"(?m)^\s*[*-]\s+\S|\*\s+and\s+a\s+space|\"\*\s\"|(?<=[ (])\*(?=[,)])"
                         r"|(?<=\buse )\*(?= to)|(?<=\bby )\*"),
    "title": re.compile(r"<<[^>\n]*>>|<<\s*and\s*>>"),
    "placeholder": re.compile(r"\[[^\]\n]*\]"),
    "divider": re.compile(r"(?<!\*)\*\*\*(?!\*)"),
    "ticks": re.compile(r"```|\bmarkdown ticks\b|\bbackticks?\b|\bcode block\b"),
}
# A form counts as kept when the cousin shows any of these (a highlight example satisfies
# a bare "*" mention, and so on).
_SATISFIED_BY: dict[str, tuple[str, ...]] = {
    "highlight": ("highlight",),
    "bullet": ("bullet",),
    "title": ("title",),
    "placeholder": ("placeholder",),
    "divider": ("divider",),
    "ticks": ("ticks",),
}
_EXAMPLE_LINE = re.compile(r"(?m)^\s*(?:[*\-•]|\[|\.\.\.|…|<<|\{|\}|```|\d+[.)]).*$")
_QUOTED = re.compile(r"\"[^\"\n]*\"|“[^”\n]*”|'[^'\n]*'|‘[^’\n]*’")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’&-]*")


@functools.lru_cache(maxsize=None)
def type_words(instruction_id: str) -> frozenset[str]:
    """The words a type's own wording grammar says (not what it includes): "markdown" is a
    word of a highlight's statement, but not of a title's ("The letter should be in
    Markdown and have a title …" asks for markdown beyond the title)."""
    from ..wording.syntax import Choice, Text

    grammar = get(instruction_id).grammar()
    if grammar is None:
        return frozenset()
    words: set[str] = set()

    def visit(sequence) -> None:
        for node in sequence:
            if isinstance(node, Text):
                words.update(word.lower() for word in _WORD.findall(node.value))
            elif isinstance(node, Choice):
                for option in node.options:
                    visit(option)

    for rule in grammar.rules.values():
        for alternative in rule.alternatives:
            if alternative.key.startswith(grammar.name + ":"):
                visit(alternative.body)
    return frozenset(words)


@functools.lru_cache(maxsize=1)
def _equivalents() -> dict[str, tuple[str, ...]]:
    table = load_json("phrases/fairness.json")["equivalents"]
    return {stem(word): tuple(others) for word, others in table.items()}


def _said_again(word: str, cousin: str, cousin_stems: set[str]) -> bool:
    """Whether the cousin says `word` (or an equivalent) again."""
    if stem(word) in cousin_stems:
        return True
    for other in _equivalents().get(stem(word), ()):
        if (other in cousin) if not other.isalpha() else (stem(other) in cousin_stems):
            return True
    return False


@functools.lru_cache(maxsize=1)
def _lists() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    table = load_json("phrases/fairness.json")
    return (frozenset(table["statement_words"]), frozenset(table["piece_words"]),
            frozenset(table["after_count"]))


# Filler words that name one kind of markup: they belong to a statement only when one of its
# own types says them (see `type_words`).
_TYPE_SPECIFIC = frozenset({"markdown", "json", "bullet", "bullets", "highlight", "highlighted",
                            "highlights", "highlighting", "title", "titles", "placeholder",
                            "placeholders", "postscript", "section", "sections", "paragraph",
                            "paragraphs", "capital", "capitals", "lowercase", "uppercase",
                            "caps", "comma", "commas", "quotation", "quotations", "quote",
                            "quotes", "asterisk", "asterisks", "brackets", "bracket",
                            "keyword", "keywords", "language", "languages"})


def stem(word: str) -> str:
    """A crude stem, enough to see "punctuation" in "punctuations" and "highlight" in
    "highlighted"; never shorter than four letters."""
    lowered = word.lower().replace("’", "'").strip("'.-")
    for suffix in ("ations", "ation", "ings", "ing", "ies", "es", "s", "ed", "ly"):
        if lowered.endswith(suffix) and len(lowered) - len(suffix) >= 4:
            return lowered[:-len(suffix)]
    return lowered


@dataclass(frozen=True)
class Drop:
    """Something an original's statement says that a cousin no longer does."""

    what: str          # "form" (an example's markup), "word" (an asked-for detail), "line"
                       # (of a spelled-out block) or "passage" (a quoted text)
    value: str         # the form's name, or the word
    statement: str     # the original sentence it comes from

    def message(self) -> str:
        if self.what == "form":
            return f"the {self.value} example of {self.statement[:60]!r} is gone"
        if self.what in ("line", "passage"):
            return f"the {self.what} {self.value[:60]!r} is gone"
        return f"{self.value!r} of {self.statement[:60]!r} is gone"


def forms(text: str) -> frozenset[str]:
    """The markup forms `text` shows by example."""
    return frozenset(name for name, pattern in FORMS.items() if pattern.search(text))


def _masked_statement(layout: Layout, unit: Unit) -> str:
    """The unit's first line with its constraints' own spans, quoted literals and examples
    blanked out: what is left is what it asks beyond its checked values."""
    text = unit.text
    keep = [True] * len(text)
    for index in unit.owners:
        for start, end in local_spans(layout, unit, index):
            for position in range(max(0, start), min(len(text), end)):
                keep[position] = False
    masked = "".join(character if keep[k] else " " for k, character in enumerate(text))
    masked = _EXAMPLE_LINE.sub(" ", masked.split("\n", 1)[0] if "\n" in masked else masked)
    for pattern in FORMS.values():
        masked = pattern.sub(" ", masked)
    return _QUOTED.sub(" ", masked)


def residual_words(layout: Layout, unit: Unit) -> list[str]:
    """The words of a statement unit that its constraints' values and the statement
    vocabulary do not account for ("punctuations" in "(don't forget to add punctuations)",
    "favorite" and "names" in "Italicize 5 of your favorite names")."""
    statement_words, piece_words, after_count = _lists()
    literals = {literal.lower() for index in unit.owners
                for literal in get(layout.ids[index]).literals(layout.params[index])}
    own = frozenset().union(*(type_words(layout.ids[index]) for index in unit.owners))
    masked = _masked_statement(layout, unit)
    found = []
    words = list(_WORD.finditer(masked))
    for position, match in enumerate(words):
        word = match.group(0)
        lowered = word.lower().replace("’", "'").strip("'-")
        if len(lowered) < 2 or word.isupper() or lowered in literals:
            continue
        if lowered in statement_words or lowered in piece_words or lowered in own or (
                lowered in FILLER and lowered not in _TYPE_SPECIFIC):
            continue
        before = unit.text[:match.start()].rstrip()
        if lowered in after_count and re.search(r"(?:\d|\b(?:words?|sentences?|paragraphs?))$",
                                                before):
            continue
        if before.endswith("*"):
            continue  # a piece of an example ("*italic text*")
        found.append(word)
    return found


def statement_units(layout: Layout) -> list[Unit]:
    """The units a generator may say anew: those that state constraints and little else."""
    return [unit for unit in layout.units if unit.pure and unit.owners]


_BLOCK_LINE = re.compile(r"^\s*(?:[*\-•]\s|\d+[.)]|\[|[A-Z][\w'-]*(?: [\w'-]+){0,2} \d+\b|\.\.\.|…)")
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
        if in_run and len(text) < 80 and not prose:
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


def dropped(layout: Layout, cousin: str, *, task_kept: bool = True,
            changed: Sequence[str] = ()) -> list[Drop]:
    """What the original asks beyond its checked values that `cousin` does not say: an
    example's markup form or a word of an aside in a statement (a statement kept word for
    word is fine as it is), and, while the cousin keeps the task (`task_kept`: every cousin
    but a reconfiguration with a new task), each line of a spelled-out block and each
    quoted passage, word for word — but for those holding a value the cousin changes
    (`changed`: the original's literals of its changed constraints)."""
    have = forms(cousin)
    cousin_stems = {stem(word) for word in _WORD.findall(cousin)}
    found: list[Drop] = []
    for unit in statement_units(layout):
        if unit.text in cousin:
            continue
        for form in sorted(forms(unit.text)):
            if not any(other in have for other in _SATISFIED_BY[form]):
                found.append(Drop("form", form, unit.text))
        for word in residual_words(layout, unit):
            if not _said_again(word, cousin, cousin_stems):
                found.append(Drop("word", word, unit.text))
    if task_kept:
        cousin_lines = {line.strip() for line in cousin.split("\n")}
        stale = [literal.lower() for literal in changed if literal.strip()]
        for line in block_lines(layout):
            if line not in cousin_lines and not any(value in line.lower() for value in stale):
                found.append(Drop("line", line, line))
        for passage in passages(layout):
            if passage not in cousin and not any(value in passage.lower() for value in stale):
                found.append(Drop("passage", passage, passage))
    return found


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
    r"|https?://\S+?(?=[.,;:!?\"”')]*(?:\s|$))|<<\s*and\s*>>|\*\s+and\s+a\s+space")


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

_EXAMPLE_LEAD = re.compile(r"\b(?:such as|like|for example|for instance|e\.g\.|i\.e\.|say|as in)"
                           r"[:,]?\s+(?=[*<\[\"“'])", re.IGNORECASE)
_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?]+|$)")


def doubled_examples(prompt: str, original: str) -> list[str]:
    """Sentences (or a sentence and its continuation) that give two examples of one format,
    where the original gives one ("…such as *an important line*? For example: *3 years*.")."""
    found = []
    for line in prompt.split("\n"):
        leads = list(_EXAMPLE_LEAD.finditer(line))
        for first, second in zip(leads, leads[1:]):
            stretch = line[first.start():second.end() + 40]
            between = line[first.end():second.start()]
            if len(between) < 60 and stretch not in original and \
                    line[max(0, first.start() - 40):second.end() + 40] not in original:
                found.append(stretch.strip())
    return found


# ---------------------------------------------------------------- lead-ins

_LEAD_IN = re.compile(r"^([A-Z][^,:;.?!\"\n]{2,40})[,:](?:\s|$)")
_SENTENCES = re.compile(r"(?<=[.?!])\s+|\n+")


def lead_ins(prompt: str, original: str) -> list[str]:
    """The lead-in of each sentence the cousin adds ("Before you send it", "Quick
    question"): up to six words before the sentence's first comma or colon."""
    found = []
    for sentence in _SENTENCES.split(prompt):
        sentence = sentence.strip()
        if not sentence or sentence in original:
            continue
        match = _LEAD_IN.match(sentence)
        if match and len(match.group(1).split()) <= 6:
            found.append(match.group(1))
    return found
