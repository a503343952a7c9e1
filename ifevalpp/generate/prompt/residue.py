"""What a constraint statement asks beyond its checked values: its examples and its asides.

A statement such as "Make it at least 30 sentences long (and keep the punctuation
right)" says more than its type's value (30 sentences): an aside a restatement
of the count would drop. "Use * to indicate bullets, like:\n* xyz" shows the form of the
answer by example. This module reads both, the same way for the layout (a statement
that asks more than its type can say anew stays with the task: prompt/layout.py) and for
the check that no cousin drops it (generate/fairness.py):

* `forms(text)` — the markup forms a text shows by example (`FORMS`);
* `residual_words(text, spans, owner_ids, literals)` — the words of a statement that
  neither its constraints' own spans and literals, the words its types' grammars say
  (`type_words`), nor the statement vocabulary (`templates/phrases/fairness.json`)
  account for: "punctuations", "favorite names", "mathematical notation".
"""

from __future__ import annotations

import functools
import re
from typing import Iterable, Sequence

from ...constraints import get
from ...constraints.support.wording import load_json
from ..phrase_tables import filled, of, table
from .words import filler

# Forms of markup a statement may show by example; a cousin keeps each form its original's
# statements show.
FORMS: dict[str, re.Pattern[str]] = {
    "highlight": re.compile(r"(?<![*\w\"'])\*[^*\s][^*\n]*\*(?!\*)"),
    "bullet": re.compile(r"(?m)^\s*[*-]\s+\S|\*\s+and\s+a\s+space|[\"“]\*\s[^\"”]*[\"”]"),
    # A bare asterisk named as the mark ("using \"*\"", "the asterisk symbol, *,", "by *"):
    # a highlight or a bullet shows it.
    "asterisk": re.compile(r"[\"'‘“]\*[\"'’”]|\(\*\)|(?<=[ (])\*(?=[,)])|(?<=\buse )\*(?= to)"
                           r"|(?<=\bby )\*|(?<=\bsingle )\*"),
    "title": re.compile(r"<<[^>\n]*>>|<<\s*and\s*>>"),
    "placeholder": re.compile(r"\[(?![\'\"])[^\]\n]*\]"),
    "divider": re.compile(r"(?<!\*)\*\*\*(?!\*)"),
    "ticks": filled(r"```|\b(?:{tick_names})\b", of("fairness"))(),
}
# A form counts as kept when the cousin shows any of these (a highlight example satisfies
# a bare "*" mention, and so on).
SATISFIED_BY: dict[str, tuple[str, ...]] = {
    "highlight": ("highlight",),
    "bullet": ("bullet",),
    "asterisk": ("asterisk", "highlight", "bullet"),
    "title": ("title",),
    "placeholder": ("placeholder",),
    "divider": ("divider",),
    "ticks": ("ticks",),
}
_EXAMPLE_LINE = re.compile(r"(?m)^\s*(?:[*\-•]|\[|\.\.\.|…|<<|\{|\}|```|\d+[.)]).*$")
_QUOTED = re.compile(r"\"[^\"\n]*\"|“[^”\n]*”|'[^'\n]*'|‘[^’\n]*’")
WORD = re.compile(r"[A-Za-z][A-Za-z'’&-]*")


@functools.lru_cache(maxsize=None)
def type_words(instruction_id: str) -> frozenset[str]:
    """The words a type's own wording grammar says (not what it includes): "markdown" is a
    word of a highlight's statement, but not of a title's ("Format the note in
    Markdown and give it a title …" asks for markdown beyond the title)."""
    from ...wording.syntax import Agree, Choice, Text

    grammar = get(instruction_id).grammar()
    if grammar is None:
        return frozenset()
    words: set[str] = set()

    def visit(sequence) -> None:
        for node in sequence:
            if isinstance(node, Text):
                words.update(word.lower() for word in WORD.findall(node.value))
            elif isinstance(node, Agree):
                words.update(word.lower() for form in (node.singular, node.plural)
                             for word in WORD.findall(form))
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
    """What may say a word again: the table's equivalents, and the synonyms the task
    rewriter swaps in (templates/phrases/rewrite.json), which keep the meaning."""
    found: dict[str, list[str]] = {}
    for word, others in load_json("phrases/fairness.json")["equivalents"].items():
        found.setdefault(stem(word), []).extend(others)
    lexicon = load_json("phrases/rewrite.json")
    for name in ("noun_synonyms", "adjective_synonyms"):
        for word, others in lexicon[name].items():
            if " " not in word:
                found.setdefault(stem(word), []).extend(other for other in others if " " not in other)
    return {word: tuple(others) for word, others in found.items()}


def said_again(word: str, cousin: str, cousin_stems: set[str]) -> bool:
    """Whether the cousin says `word` (or an equivalent) again: a quoted passage of a
    statement the cousin mends around ("Please also include … in the sentence: "…"" said
    "Also include …", 2485) is said again when it stands word for word."""
    if stem(word) in cousin_stems or (" " in word and word in cousin):
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


# A word of `after_count` right after a count or its unit ("300 words long") says the count.
_AFTER_COUNT_UNIT = filled(r"(?:\d|\b(?:{count_units}))$", of("fairness"))


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


# The example a statement gives, by form: a bracketed placeholder ("[username1]", not the
# "[ and ]" that names the marks), a title, a highlight, or lines of a bulleted list.
_OWN_EXAMPLE: dict[str, re.Pattern[str]] = {
    "placeholder": re.compile(r"\[[^\s\[\]'\"][^\[\]\n]*\](?:(?:, | and | or )\[[^\s\[\]][^\[\]\n]*\])?"),
    "title": re.compile(r"<<(?!\s*and\s*>>)[^<>\n]*\S[^<>\n]*>>"),
    # a run of highlights as written ("*part 1*, *part 2*, *part 3*"), not "*, i.e. *"
    "highlight": re.compile(r"(?<![*\w\"'])\*[^\W_][^*\n]*\*(?!\*)"
                           r"(?:(?:,? (?:and|or) |, )\*[^\W_][^*\n]*\*(?!\*))*"),
    "bullet": re.compile(r"(?m)(?:^[ \t]*[*-][ \t]+\S[^\n]*(?:\n|$))+"),
    "fenced": re.compile(r"```[^`\n]*\n[^`]*?```"),
    # lines with a line of *** between them ("Section 1\n***\nSection 2")
    "divider": re.compile(r"(?m)^[^\s*][^\n]*\n(?:[ \t]*\n)?(?:^\*\*\*[ \t]*\n(?:[ \t]*\n)?"
                         r"^[^\s*][^\n]*(?:\n|$))+"),
    "capitals": re.compile(r"[\"\u201c][A-Z][A-Z'-]+[\"\u201d]"),  # (such as "RUBRIC")
}


# Forms whose examples stand inside a sentence: a statement that gives two is restated with
# both, but for one that only names the markup ("using *highlighted text*. Such as: *Funny
# Fighting*." is restated with "*Funny Fighting*").
_INLINE_FORMS = frozenset({"placeholder", "title", "highlight", "capitals"})


def own_example(form: str, texts: Iterable[str]) -> str | None:
    """The example of `form` the original's statements (`texts`) give, as written, so that a
    restatement shows the same one ("[পণ্য]" in a Bengali answer, "[username1]" in a forum
    thread, the bullet lines "* xyz" …) rather than one of its own; an inline form's
    examples given apart are all kept ("*Funny Fighting* or *Game On*"), but one that only
    names its markup ("*highlighted text*") gives way to the user's own."""
    pattern = _OWN_EXAMPLE.get(form)
    found: list[str] = []
    for text in texts if pattern is not None else ():
        for match in pattern.finditer(text):  # type: ignore[union-attr]  # None skips the loop
            example = match.group(0).strip()
            if not any(example in other for other in found):
                found.append(example)
            if form not in _INLINE_FORMS:
                return found[0]
    if not found:
        return None
    own = [example for example in found if not _names_its_markup(example)]
    found = own or found
    return found[0] if len(found) == 1 else ", ".join(found[:-1]) + " or " + found[-1]


def _names_its_markup(example: str) -> bool:
    """Whether an example only names its own markup ("*highlighted text*")."""
    words = re.findall(r"[a-z]+", example.lower())
    return bool(words) and set(words) <= set(table("prompt")["markup_only_words"])


# A sentence that only gives an example ("For example: *3 years of experience*.").
_example_only = filled(r"^\s*(?:{example_openers})\b[:,]?\s", of("prompt"), re.IGNORECASE)


def example_only(text: str) -> bool:
    """Whether the sentence `text` only shows an example of a form ("Such as: *Funny
    Fighting*."), not a sentence of the user's that happens to open "For example, …"."""
    return bool(_example_only().match(text)) and bool(forms(text))


@functools.lru_cache(maxsize=8192)
def forms(text: str) -> frozenset[str]:
    """The markup forms `text` shows by example (kept per text: a statement is asked again for
    every candidate cousin)."""
    return frozenset(name for name, pattern in FORMS.items() if pattern.search(text))


def _masked_statement(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """The statement's first line with its constraints' own spans (relative to `text`),
    quoted literals and examples blanked out: what is left is what it asks beyond its
    checked values."""
    keep = [True] * len(text)
    for start, end in spans:
        # whole words only: a span ending inside "capital" must not leave "ital" behind
        while start > 0 and text[start - 1].isalpha():
            start -= 1
        while end < len(text) and text[end:end + 1].isalpha():
            end += 1
        for position in range(max(0, start), min(len(text), end)):
            keep[position] = False
    masked = "".join(character if keep[k] else " " for k, character in enumerate(text))
    masked = masked.split("\n", 1)[0]
    for pattern in (_EXAMPLE_LINE, *FORMS.values(), _QUOTED):
        masked = pattern.sub(lambda match: " " * len(match.group(0)), masked)
    return masked


def residual_words(text: str, spans: Sequence[tuple[int, int]], owner_ids: Sequence[str],
                   literals: Sequence[str]) -> list[str]:
    """The words of a statement (`text`, its constraints' `spans` relative to it, the ids
    of the types it states and their literal values) that neither those nor the statement
    vocabulary account for ("punctuations" in "(don't forget to add punctuations)",
    "favorite" and "names" in "Italicize 5 of your favorite names")."""
    statement_words, piece_words, after_count = _lists()
    literals = {literal.lower() for literal in literals}
    own = frozenset().union(*(type_words(instruction_id) for instruction_id in owner_ids))
    own_stems = frozenset().union(*(_type_stems(instruction_id) for instruction_id in owner_ids))
    masked = _masked_statement(text, spans)
    found = []
    words = list(WORD.finditer(masked))
    for position, match in enumerate(words):
        word = match.group(0)
        lowered = word.lower().replace("’", "'").strip("'-")
        if len(lowered) < 2 or word.isupper() or lowered in literals:
            continue
        if lowered in statement_words or lowered in piece_words or lowered in own or (
                lowered in filler() and lowered not in _TYPE_SPECIFIC):
            continue
        if any(stem(other) in own_stems for other in _equivalents().get(stem(lowered), ())):
            continue  # "the sections" of a paragraph count: the type says "paragraphs"
        before = text[:match.start()].rstrip()
        if lowered in after_count and _AFTER_COUNT_UNIT().search(before):
            continue
        if before.endswith("*"):
            continue  # a piece of an example ("*italic text*")
        found.append(word)
    for word in content_phrase_words(masked, owner_ids):
        if word not in found and word.lower() not in literals:
            found.append(word)
    for quoted in required_quotes(text.split("\n", 1)[0], literals):
        if quoted not in found:
            found.append(quoted)
    return found


# A quotation the answer must hold, named as such ('include the phrase "singing is life"'),
# not an example of a form ('such as "Section 1"').
_NAMES_QUOTED = filled(r"\b(?:{quote_determiners})\s+(?:exact\s+)?(?:{quote_names})\s*:?\s*$",
                       of("fairness"), re.IGNORECASE)


def required_quotes(text: str, literals: Iterable[str]) -> list[str]:
    """Quoted texts of a statement that the answer must contain and that no checked literal
    is: a statement of all-lowercase that also asks for 'the phrase "singing is life"' asks
    more than its type can say anew, so it stays word for word."""
    known = {literal.lower().strip() for literal in literals}
    found = []
    for match in _QUOTED.finditer(text):
        inner = match.group(0)[1:-1].strip()
        if inner and inner.lower() not in known and _NAMES_QUOTED().search(text[:match.start()]):
            found.append(inner)
    return found


@functools.lru_cache(maxsize=None)
def _type_stems(instruction_id: str) -> frozenset[str]:
    """The stems of `type_words`, once per type (every statement of a case asks)."""
    return frozenset(stem(word) for word in type_words(instruction_id))


@functools.lru_cache(maxsize=1)
def _content_phrases() -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(pattern, re.IGNORECASE)
                 for pattern in load_json("phrases/fairness.json")["content_phrases"])


@functools.lru_cache(maxsize=1)
def _pieces() -> frozenset[str]:
    """Nouns of the pieces an answer may be made of ("options", "versions", "letters")."""
    from .purity import piece_words

    return frozenset(_lists()[1]) | piece_words()


def content_phrase_words(text: str, owner_ids: Sequence[str]) -> list[str]:
    """The words of the phrases of `text` that ask for something however common their words
    are (`content_phrases` of templates/phrases/fairness.json): the list of "in a format of
    a list", "both" and "options" of "both options have a title", "each" and
    "version" of "Each version must have 7 sections". A word the statement's own types say
    ("list" of a bullet list, "section" of "each section") is theirs, not asked beyond them;
    a quantifier counts only with the piece of the answer it ranges over; what a form is put
    around ("put the name in double angular brackets") always counts, since the type says a
    title."""
    own = frozenset().union(*(_type_stems(instruction_id) for instruction_id in owner_ids))
    found: list[str] = []
    for pattern in _content_phrases():
        for match in pattern.finditer(text):
            groups = match.groupdict()
            noun = groups.get("noun")
            if noun is not None and (noun.lower() not in _pieces() or stem(noun) in own):
                continue
            for word in (groups.get("word"), noun):
                if word and (noun is not None or stem(word) not in own) and word not in found:
                    found.append(word)
            thing = groups.get("thing")  # what the markup is for ("put the name in << >>")
            if thing and thing not in found:
                found.append(thing)
    return found


# ---------------------------------------------------------------- blocks and passages

# A line that shows the answer's markup by example (a bullet, a divider, an ellipsis).
_EXAMPLE_MARKUP = re.compile(r"^\s*(?:[*\-•]\s|\*{3,}\s*$|\.\.\.|…)")
_QUOTED_STRETCH = re.compile(r'"[^"\n]+"|“[^”\n]+”')


def example_line(line: str) -> bool:
    """Whether a line after a statement's first one is an example of the answer's markup
    ("* This is a point", "***", "...") rather than content the answer must follow."""
    return bool(_EXAMPLE_MARKUP.match(line))


def mostly_quoted(text: str, literals: Sequence[str] = ()) -> bool:
    """Whether a sentence is mostly a quoted passage of five words or more (a statement to
    rewrite, a sentence to expand), other than a literal of its own constraints (an end
    phrase): task material, even where a keyword occurs in it."""
    own = {literal.strip().lower() for literal in literals}
    quoted = [match.group(0) for match in _QUOTED_STRETCH.finditer(text)
              if match.group(0)[1:-1].strip().lower() not in own]
    longest = max(quoted, key=len, default="")
    return len(longest.split()) >= 5 and len(longest) >= 0.6 * len(text.strip())


def block_line_spans(prompt: str) -> list[tuple[int, int]]:
    """(start, end) of each line of a block the prompt spells out: a run of two or more
    short lines that do not end as prose ("Part 1. Task Summary", "[Movie 1]", "***"),
    with the first line of the run when that is a short heading too."""
    lines, offset = [], 0
    for line in prompt.split("\n"):
        lines.append((offset, offset + len(line), line))
        offset += len(line) + 1

    def blockish(text: str) -> bool:
        text = text.strip()
        return bool(text) and len(text) < 80 and text[-1:] not in ".?!:" or \
            bool(re.fullmatch(r"(?:\d+[.)]\s*)?(?:\.\.\.|…)|\*{3,}", text.strip()))

    found = []
    for position, (start, end, text) in enumerate(lines):
        if not blockish(text):
            continue
        neighbours = [lines[k][2] for k in (position - 1, position + 1) if 0 <= k < len(lines)]
        if any(blockish(neighbour) for neighbour in neighbours):
            found.append((start, end))
    return found
