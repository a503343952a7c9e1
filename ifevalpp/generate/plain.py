"""The plain answer: what a compliant answer to a case looks like before any distractor.

A distractor competes only when following it changes what a plain compliant answer looks
like. "Fewer than five all-caps words" beside a limerick, "no emoji" beside a cover letter,
"open with a greeting" beside an email: the plain answer already does each of them, so the
distractor tests nothing and a model that ignores it still passes. This module says what
the plain answer is, from the case alone — never from a response file:

* `features(layout)` — what kind of answer the task asks for: short, a letter, verse, a
  long structured text, something people write with exclamation marks or emoji, … (the
  names in `FEATURES`), read from the kinds of piece the task names
  (`templates/phrases/plain.json`), the case's length bounds and its constraints;
* `plain_answer(layout, profile)` — a response that passes every checked constraint and
  carries the marks such an answer has (the pronoun "I", the acronyms the prompt uses,
  commas, a placeholder in a letter, an exclamation in an ad), each added only where every
  checker still passes: the validator's witness, made to look plain.

A typed distractor the plain answer already passes (its own checker says so) does not
compete; a catalogue requirement declares which features mean a plain answer already
follows it (`@met_by`, `@met_unless` in its grammar).
"""

from __future__ import annotations

import functools
import re
from typing import Optional

from ..constraints import check, get
from ..constraints.support.case import CaseContext, Item
from ..constraints.support.wording import load_json
from .phrases import filled, of, one_of
from .prompt.layout import Layout

FEATURES: dict[str, str] = {
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
}


@functools.lru_cache(maxsize=1)
def _table() -> dict[str, tuple[str, ...]]:
    table = load_json("phrases/plain.json")
    return {feature: tuple(table[feature]) for feature in FEATURES if feature in table}


def _task_text(layout: Layout) -> str:
    return " ".join(unit.text for unit in layout.task_units()).lower()


def _names(text: str, words: tuple[str, ...]) -> bool:
    return any(re.search(rf"\b{re.escape(word)}(?:s|es)?\b", text) for word in words)


def _bounds(layout: Layout) -> tuple[tuple[float, float], tuple[float, float]]:
    """The (least, most) words and sentences the case's constraints allow."""
    from ..validate.witness import make_plan

    items = [Item(position, instruction_id, params) for position, (instruction_id, params)
             in enumerate(zip(layout.ids, layout.params))]
    plan = make_plan(CaseContext(key=None, prompt=layout.prompt, items=items))
    return plan.words, plan.sentences


_ONE_LINE = filled(r"\b(?:{one_line_counts})\s+(?:short\s+)?(?:{one_line_units})\b|"
                   r"\bin (?:one|a few) words?\b", of("plain"), re.IGNORECASE)


def text_features(text: str) -> frozenset[str]:
    """The kinds of piece a task sentence names (names from `FEATURES`), from its words alone."""
    table = _table()
    return frozenset(feature for feature, words in table.items() if _names(text.lower(), words))


# The kind of piece a closing line must suit (`end_register`; templates/phrases/words.json,
# end_phrase_pieces), by the first of these features the task has.
_END_REGISTERS = (("verse", "verse"), ("letter", "letter"), ("story", "story"),
                  ("emoji", "social"), ("exclaims", "social"), ("long", "article"))


def end_register(found: frozenset[str]) -> str:
    """Which closing lines suit a piece with these features: a poem ends on a line of
    verse, a letter on a sign-off, a story on its last beat, a post on a call to its
    readers, an article on a word to its readers, anything else (an answer, an explanation)
    on a word to the asker ("Hope this helps.")."""
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
    """What kind of answer the task asks for (names from `FEATURES`)."""
    text = _task_text(layout)
    found = set(text_features(text))
    (low, high), (_, most_sentences) = _bounds(layout)
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
    return frozenset(found)


# Sentences a plain answer has, one per fifty words it would run to: the first person, a
# sentence-initial "A", commas. Each is added only where every checker still passes. The
# plain answer errs on the generous side (plain answers vary: GPT-4's to IFEval run from
# one all-caps word to twenty), so that what competes with it competes with nearly any.
_PLAIN_SENTENCES = (
    "I think this works well, and I hope it helps.",
    "A good start matters, so I kept it simple.",
    "I would add one more thing, though.",
    "A few details, I think, make it clearer.",
)
# The words a plain answer runs to when nothing bounds it: by what the task asks for.
_TYPICAL_WORDS = {"short": 20, "verse": 120, "letter": 250, "long": 500}
_DEFAULT_WORDS = 250


def expected_words(layout: Layout, found: frozenset[str]) -> float:
    """About how long a plain answer to the task is: the least its constraints allow (a
    little over it), else what such a piece usually runs to."""
    (low, high), (least_sentences, _) = _bounds(layout)
    typical = min((_TYPICAL_WORDS[name] for name in found if name in _TYPICAL_WORDS),
                  default=_DEFAULT_WORDS)
    wanted = max(typical, 1.2 * low, 15 * least_sentences)
    return min(wanted, high)


def _acronyms(layout: Layout) -> list[str]:
    """All-caps words the prompt uses (AI, SSO, USA): a plain answer uses them too."""
    words = re.findall(r"\b[A-Z]{2,}\b", layout.prompt)
    return sorted(set(words))


def _passes(layout: Layout, response: str, profile: str) -> bool:
    return all(check(instruction_id, response, kwargs, prompt=layout.prompt, profile=profile)
               for instruction_id, kwargs in zip(layout.ids, layout.kwargs))


def _insert(response: str, sentence: str) -> str:
    """`sentence` after the response's first sentence (or at its end), keeping its layout."""
    head, newline, rest = response.partition("\n")
    match = re.search(r"[.!?](?=\s)", head)
    if match:
        head = head[:match.end()] + " " + sentence + head[match.end():]
    else:
        head = head.rstrip() + " " + sentence
    return head + newline + rest


def _decorations(layout: Layout, found: frozenset[str]) -> list[str]:
    """The marks a plain answer to this task carries, as sentences to add."""
    if "short" in found:
        extra: list[str] = []
    else:
        times = max(1, round(expected_words(layout, found) / 50))
        extra = [_PLAIN_SENTENCES[turn % len(_PLAIN_SENTENCES)] for turn in range(times)]
    acronyms = _acronyms(layout)
    if acronyms:
        extra += ["It is about " + " and ".join(acronyms[:3]) + "."] * (1 if "short" in found
                                                                          else 2)
    if "letter" in found:
        extra += ["Best regards, [Your Name], [Your Address], [Date]"]
    if "markdown" in found:
        extra += ["**Key point:** keep it clear."]
    if "exclaims" in found:
        extra += ["Try it today!"]
    if "emoji" in found:
        extra += ["Have a great day \U0001F600"]
    if "questions" in found:
        extra += ["What comes next?"]
    return extra


@functools.lru_cache(maxsize=256)
def _plain(prompt: str, ids: tuple[str, ...], kwargs: str, profile: str) -> Optional[str]:
    import json

    from .competing.witness import case_witness
    from .prompt.layout import build_layout

    layout = build_layout(prompt, list(ids), json.loads(kwargs))
    response = case_witness(layout, profile)
    if response is None:
        return None
    for sentence in _decorations(layout, features(layout)):
        for wording in _fitted(sentence, response):
            decorated = _insert(response, wording)
            if _passes(layout, decorated, profile):
                response = decorated
                break
    return response


def _fitted(sentence: str, response: str) -> list[str]:
    """The sentence, then as a person following the case might have to write it: without
    its commas, in the response's letter case (all lower or all upper case stays so)."""
    wordings = [sentence, sentence.replace(",", "")]
    letters = [character for character in response if character.isalpha()]
    if letters and not any(character.isupper() for character in letters):
        wordings += [wording.lower() for wording in wordings]
    elif letters and not any(character.islower() for character in letters):
        wordings += [wording.upper() for wording in wordings]
    return wordings


def plain_answer(layout: Layout, profile: str = "official") -> Optional[str]:
    """A response that passes every checked constraint and carries the marks a plain answer
    to this task has; None when no witness exists for the case. Cached per case."""
    import json

    return _plain(layout.prompt, tuple(layout.ids), json.dumps(layout.kwargs, sort_keys=True),
                  profile)


def plain_meets(instruction_id: str, kwargs: dict, plain: Optional[str], *, prompt: str,
                profile: str = "official") -> bool:
    """Whether the plain answer already follows a typed distractor (so it does not compete)."""
    if plain is None:
        return False
    return check(instruction_id, plain, kwargs, prompt=prompt, profile=profile)
