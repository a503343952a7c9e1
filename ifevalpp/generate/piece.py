"""What kind of piece a task asks for, read from its words and its bounds alone.

* `features(layout)` — short, a letter, verse, a long structured text, something people
  write with exclamation marks or emoji, … (the names in `ANSWER_FEATURES`), from the kinds of
  piece the task names (`templates/phrases/plain.json`), the case's length bounds and its
  constraints; `text_features(text)` the same for a text alone;
* `end_register(features)` — which closing lines suit such a piece;
* `task_items(layout)` — whether the task asks for items, and how many it names.

One reader for the generator's every question about the piece (the plain answer, the
catalogue, the competing types, the task maker), so none of them imports another.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Optional

from ..constraints import get
from ..constraints.support.case import CaseContext, Item
from ..constraints.support.wording import load_json
from .phrase_tables import filled, of, one_of

if TYPE_CHECKING:
    from .prompt.layout import Layout

ANSWER_FEATURES: dict[str, str] = {
    "short": "a few words or one sentence (a name, a tagline, a yes or no, one sentence)",
    "brief": "at most a few sentences (five, or a hundred words): one short paragraph",
    "letter": "a letter or an email: a greeting, a sign-off, blanks for names",
    "verse": "lines of verse (a poem, a song, a rap)",
    "long": "a long text (hundreds of words)",
    "markdown": "a long structured text that plain answers lay out with markdown headings, "
                "bullets and bold",
    "exclaims": "a text people write with exclamation marks (an ad, a slogan, a cheer)",
    "emoji": "a text people write with emoji (a social media post)",
    "questions": "a text made of questions (a quiz, an FAQ, an interview)",
    "story": "a narrative (a story, a fable, a diary entry)",
    "article": "a piece written for readers (an essay, an article, a review, a blog post)",
    "markup": "a machine-readable text (JSON, XML, HTML, code), laid out by its format, not as prose",
    "readers": "a piece whose task already names its readers ('for an audience of young readers')",
    "drill": "an exercise on a text the prompt gives ('Rewrite the following sentence into 3 "
             "paragraphs'), not a piece anyone will read",
    "asked": "an answer to a question put to the writer ('Is it true that …?', 'Who is …?'), "
             "not a piece of writing: no job to rush, no readers, no purpose",
    "public": "a letter written for the public (to the editor, an open letter), which closes as "
              "an article does, never on a sign-off to a friend (read CGZ: 'Good luck with "
              "everything!' after a letter to the editor)",
    "bare": "the piece alone, as a rule says ('Your entire response should contain the poem "
            "only'): nothing may wrap it or follow it",
    "listed": "a list the prompt asks for anywhere ('Just list the steps', 'in list format'), "
              "which a count of paragraphs between dividers would break up (read CLK: 3166)",
}


@functools.lru_cache(maxsize=1)
def _table() -> dict[str, tuple[str, ...]]:
    table = load_json("phrases/plain.json")
    return {feature: tuple(table[feature]) for feature in ANSWER_FEATURES if feature in table}


def _task_text(layout: Layout) -> str:
    return " ".join(unit.text for unit in layout.task_units()).lower()


def _names(text: str, words: tuple[str, ...]) -> bool:
    return _naming(words).search(text) is not None


@functools.lru_cache(maxsize=64)
def _naming(words: tuple[str, ...]) -> re.Pattern[str]:
    """Any of `words` as a whole word, plurals included: one pattern, compiled once (the
    generator asks for a task's features thousands of times)."""
    return re.compile(rf"\b(?:{one_of([re.escape(word) for word in words])})(?:s|es)?\b")


def length_bounds(layout: Layout) -> tuple[tuple[float, float], tuple[float, float]]:
    """The (least, most) words and sentences the case's constraints allow."""
    from ..validate.witness import make_plan

    items = [Item(position, instruction_id, params) for position, (instruction_id, params)
             in enumerate(zip(layout.ids, layout.params))]
    plan = make_plan(CaseContext(key=None, prompt=layout.prompt, items=items))
    return plan.words, plan.sentences


_ONE_LINE = filled(r"\b(?:{one_line_counts})\s+(?:short\s+)?(?:{one_line_units})\b|"
                   r"\bin (?:one|a few) words?\b", of("plain"), re.IGNORECASE)


def text_features(text: str) -> frozenset[str]:
    """The kinds of piece a task sentence names (names from `ANSWER_FEATURES`), from its words alone."""
    table = _table()
    text = _ASKED_HOW().sub(" ", _LETTER_CASE().sub(" ", _LETTER_NAMED.sub(" ", text.lower())))
    found = frozenset(feature for feature, words in table.items() if _names(text, words))
    if _page_sized().search(text):
        # "The ad should be 1/2 page": a page-sized piece is not short (read CIO on 2713).
        found = found - {"short", "brief"}
    return found


@functools.lru_cache(maxsize=1)
def _page_sized() -> re.Pattern[str]:
    return re.compile(load_json("phrases/plain.json")["page_sized"])


# "the letter l" names a character, not a piece of writing (read DA: a letter's sign-off
# "Feel free to reach out." closed a sentence to complete under a letter count).
_LETTER_NAMED = re.compile(r"\bthe letters? [\"'“‘]?\w[\"'”’]?(?!\w)")


# "in all capital letters" names a letter case, not a letter to someone (read BBR: a rant in
# capitals was taken for a letter, so a cover letter kept its end line).
# So does "capitalize every letter" (2563's drill on a sentence was taken for a letter).
_LETTER_CASE = filled(r"\b(?:{letter_cases})\s+letters\b|\b(?:{letter_quantifiers})\s+letters?\b",
                      of("plain"), re.IGNORECASE)


# "How to write a good Chinese poem?" asks for an explanation, not a poem (read BAH: its new
# tasks were songs and raps closing on a postscript).
_ASKED_HOW = filled(r"\b(?:{asked_how})\b[^.?!]*", of("plain"), re.IGNORECASE)


# The kind of piece a closing line must suit (`end_register`; templates/phrases/words.json,
# end_phrase_pieces), by the first of these features the task has.
_END_REGISTERS = (("verse", "verse"), ("public", "article"), ("letter", "letter"),
                  ("story", "story"), ("emoji", "social"), ("exclaims", "social"),
                  ("long", "article"), ("article", "article"))


def end_register(found: frozenset[str]) -> str:
    """Which closing lines suit a piece with these features: a poem ends on a line of
    verse, a letter on a sign-off, a story on its last beat, a post on a call to its
    readers, an article or an essay (of any length) on a word to its readers, anything else
    (an answer, an explanation) on a word to the asker ("Hope this helps.")."""
    return next((register for feature, register in _END_REGISTERS if feature in found),
                "answer")


@functools.lru_cache(maxsize=1)
def _item_patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    from ..constraints.support.phrases import NUMBER

    table = load_json("phrases/plain.json")
    pieces = "|".join(re.escape(word) for word in table["list_pieces"])
    units = "|".join(re.escape(word) for word in table["counted_items"])
    # "a 12-day trip", "3 names", "ten tips", "the top 20 tallest buildings"
    breaks = one_of(table["count_breaks"])  # words a counted item's name never spans
    counted = re.compile(rf"\b(?:top\s+)?({NUMBER})[- ](?:(?!(?:{breaks})\b)\w+[- ]){{0,2}}?(?:{units})(?:s|es)?\b|"
                         rf"\btop\s+({NUMBER})\b", re.IGNORECASE)
    # "the following rivers: Nile, Amazon, Danube, and Volga"
    listed = re.compile(r"\bfollowing\s+\w+(?:\s+\w+)?\s*:\s*([^.?!\n]+)", re.IGNORECASE)
    return re.compile(rf"\b(?:{pieces})s?\b", re.IGNORECASE), counted, listed


def task_items(layout: Layout) -> tuple[bool, Optional[int]]:
    """What the task fixes of its own list: (whether it asks for a list, an itinerary, an
    outline; the largest number of items, days or steps it names, or of things it lists
    to cover, from 2 up). A bullet count, a number of sections or paragraphs, or a
    sentence cap that the task's own items contradict ("exactly 2 bullet points" beside a
    12-day itinerary) cannot be added beside it."""
    from ..constraints.support.phrases import number_value

    text = _task_text(layout)
    pieces, counted, listed = _item_patterns()
    counts = [number_value(match.group(1) or match.group(2)) for match in counted.finditer(text)]
    for match in listed.finditer(text):
        names = [part for part in re.split(r",|\band\b", match.group(1)) if part.strip()]
        if len(names) >= 3 and all(len(name.split()) <= 4 for name in names):
            counts.append(len(names))
    found = [count for count in counts if count is not None and 2 <= count <= 100]
    return bool(pieces.search(text)), max(found, default=None)


def features(layout: Layout) -> frozenset[str]:
    """What kind of answer the task asks for (names from `ANSWER_FEATURES`)."""
    text = _task_text(layout)
    found = set(text_features(text))
    (low, high), (_, most_sentences) = length_bounds(layout)
    if any(get(instruction_id).short_answer for instruction_id in layout.ids):
        # "My answer is yes." answers a question, whatever piece the question names ("Is it
        # true that the first song sung in space …?"): no verse.
        found.discard("verse")
    if any(get(instruction_id).short_answer for instruction_id in layout.ids) or \
            _ONE_LINE().search(text) or high <= 40 or most_sentences <= 2:
        found.add("short")
    if "short" in found or high <= 100 or most_sentences <= 5:
        found.add("brief")
    if low >= 200:
        found.add("long")
    if "short" in found:
        found -= {"long", "markdown"}
    if "verse" in found:
        found.discard("markdown")
    for instruction_id in layout.ids:
        found |= get(instruction_id).answer_features
    if _names(layout.prompt.lower(), tuple(load_json("phrases/plain.json")["markup_only"])):
        # Said in a requirement, not in the task (`markup_only`): a formula, no prose.
        found |= {"markup", "short"}
    if _names(layout.prompt.lower(), tuple(load_json("phrases/plain.json")["bare"])):
        found.add("bare")  # "… should contain the poem only": no quotes around it (read CGM)
    if _names(layout.prompt.lower(), _table().get("listed", ())):
        found.add("listed")  # said in a rule as often as in the task ("Just list the steps")
    if answers_a_question(layout):
        found.add("asked")
    return frozenset(found)


def code_under_letter_case(layout: Layout) -> bool:
    """Whether a rule sets the letter case of the whole answer while the task asks for code
    ("using notations from the book "The C Programming Language"" in capitals): code pulls
    towards its own letter case, and that pull is the case's difficulty."""
    if not any(get(instruction_id).letter_case in ("upper", "lower")
               for instruction_id in layout.ids):
        return False
    return _names(_task_text(layout), tuple(load_json("phrases/plain.json")["code"]))


def notation_under_paragraphs(layout: Layout) -> bool:
    """Whether the task asks for mathematical notation while a rule counts the answer's
    paragraphs: notation set on lines of its own pulls against the count, and that pull is
    the case's difficulty (read CKV, 2880)."""
    if not any("paragraphs" in get(instruction_id).task_needs for instruction_id in layout.ids):
        return False
    return _names(_task_text(layout), tuple(load_json("phrases/plain.json")["notation"]))


def jargon_under_another_language(layout: Layout) -> bool:
    """Whether the answer must be in another language while the task is on a technical
    subject whose terms are English ("the technical skills of a software engineer" in
    Punjabi): those terms pull towards English, and that pull is the case's difficulty."""
    if not any(get(instruction_id).language_of(item) not in (None, "en")
               for instruction_id, item in zip(layout.ids, layout.params)):
        return False
    return _names(_task_text(layout), tuple(load_json("phrases/plain.json")["jargon"]))


def answers_a_question(layout: Layout) -> bool:
    """The "asked" feature alone, without the length analysis of `features`: whether the
    answer answers a question put to the writer (a fixed "My answer is yes." included)."""
    return any(get(instruction_id).short_answer for instruction_id in layout.ids) or any(
        asks_a_question(unit.text) for unit in layout.task_units())


_INDIRECT_QUESTION = filled(r"(?i)\b(?:{indirect_question_heads})\s+(?:{wh_links})\b", of("prompt"))


def asks_a_question(task: str) -> bool:
    """Whether a task's first line is a question put to the writer, directly or reworded
    ("Is it …?", "I've been wondering whether …"), not a request for a piece ("Could you
    write …?")."""
    from .rewrite.request import parse
    from .rewrite.sentences import split_sentences

    found = [parse(sentence) for sentence in split_sentences(task)]
    return any(request is not None and request.kind == "question" for request in found) or \
        bool(_INDIRECT_QUESTION().search(task))
