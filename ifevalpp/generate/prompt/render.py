"""Saying a constraint anew: one statement in a seeded style, fitted to the rest of the case.

`render` asks the type for a wording (`Constraint.phrase`: its grammar or its jinja2
file); `wording_context` tells the grammar what else the case asks, so no form
contradicts it; `weave` joins the first statement onto the task sentence ("Write a
haiku about rain, leaving out every comma."); `layout_phrase` words the frame around
a block of statements (a list header, a label before the task).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable, Collection, Optional, Sequence

from ...constraints import get
from ...constraints.support.choosing import chance, choice
from ...constraints.support.phrases import NUMBER_RE
from ...constraints.support.wording import STYLES
from ...constraints.support.languages import language_name
from ..phrase_tables import filled, of, table
from ..sentences import AT_EVERY_STOP, sentences
from .residue import example_only, forms, own_example
from .slips import mend_text
from ..piece import answers_a_question, asks_a_question

if TYPE_CHECKING:
    from .layout import Layout


# A sentence whose subject is not the writer ("Make sure it includes …") takes no participle.
_assurance = filled(r"(?i)^(?:please\s+)?(?:{assurance_openers})\b", of("prompt"))


def render(instruction_id: str, params: Any, rng: Any, styles: Sequence[str] = STYLES[:3],
           avoid: Optional[str] = None, usage: Any = None,
           context: Optional[dict[str, Any]] = None) -> str:
    """Render one constraint in a random style and variant (not equal to `avoid`); `usage`
    (shared by the sentences of one prompt) keeps them from repeating a frame — also one
    that a sentence kept from the original opens with (`usage.taken`: "Make sure to answer
    casually" kept, so no "Make sure the answer …" beside it); `context`
    (`wording_context`) tells the grammar what else the prompt asks."""
    from ..naturalness import frame_openings, fresh_wording

    constraint = get(instruction_id)
    extra = dict(context or {})
    single_quotes = extra.pop("single_quotes", None)
    taken = set(getattr(usage, "taken", ()) or ())
    if usage is not None:
        extra["usage"] = usage
    text = fresh_wording(lambda: constraint.phrase(params, rng, styles, **extra), taken,
                         avoid=avoid)
    if usage is not None and hasattr(usage, "taken"):
        usage.taken = tuple(taken | set(frame_openings(text)))
    return _in_single_quotes(text) if single_quotes else text


# A prompt that quotes in single quotes alone ("Avoid the keywords: 'divide', 'answer'.") gets
# its statements said anew in single quotes too: one sentence in double quotes beside one
# kept in single quotes reads spliced (read BAT, 3386).
_SINGLE_QUOTED = re.compile(r"(?<!\w)'[^'\n]+'(?!\w)")


def _in_single_quotes(text: str) -> str:
    """`text` with the values it quotes in single quotes ("the word "a"" → "the word 'a'"),
    all of them or none: a quoted sentence ("My answer is yes.") or one with an apostrophe
    keeps its double quotes, and so do the others beside it."""
    pieces = text.split('"')
    quoted = pieces[1::2]
    if len(pieces) % 2 == 0 or any(not value or set(value) & set(".!?'\n") for value in quoted):
        return text
    return "'".join(pieces)


def _quotes_singly(prompt: str) -> bool:
    """Whether `prompt` quotes in single quotes and never in double ones."""
    return not any(mark in prompt for mark in '"“”') and _SINGLE_QUOTED.search(prompt) is not None


def ranges(layout: Layout, params: Sequence[Any], order: Sequence[int]) -> list[tuple[int, ...]]:
    """`order` in groups said as one: two instructions of one type that bound one count from
    both sides ("at least 600" and "less than 701" words: "600 to 700 words"), or one whose
    statement says the other too (`Constraint.states_also`: "Use 'Sarah' exactly once"),
    each pair at the place of its first; every other instruction alone."""
    groups: list[tuple[int, ...]] = []
    used: set[int] = set()
    for index in order:
        if index in used:
            continue
        constraint = get(layout.ids[index])
        partner = next((other for other in order if other != index and other not in used
                        and layout.ids[other] == layout.ids[index]
                        and constraint.range_with(params[index], params[other]) is not None),
                       None)
        group = (index,) if partner is None else (index, partner)
        said = next(((first, other) for other in order if other != index and other not in used
                     for first, second in ((index, other), (other, index))
                     if get(layout.ids[first]).states_also(params[first], layout.ids[second],
                                                           params[second])), None)
        if partner is None and said is not None:
            group = said  # one statement says both ("Use 'Sarah' exactly once")
        groups.append(group)
        used |= set(group)
    return groups


def render_group(layout: Layout, params: Sequence[Any], group: Sequence[int], rng: Any,
                 styles: Sequence[str] = STYLES[:3], usage: Any = None,
                 context: Optional[dict[str, Any]] = None) -> str:
    """One statement of a group from `ranges`: the instruction itself, or a pair said once."""
    first = group[0]
    extra = dict(context or {})
    if len(group) == 2 and layout.ids[first] == layout.ids[group[1]]:
        extra["wording"] = get(layout.ids[first]).range_with(params[first], params[group[1]])
    block = example_block(layout.ids[first], extra)
    if block is not None and params[first] != layout.params[first]:
        # Six example lines under "exactly seven bullets" contradict the count: the form is
        # shown in the statement instead, by the list's first line.
        extra["own_line"] = block.split("\n", 1)[0].strip()
        block, extra["own_example"], extra["show_form"] = None, None, True
    beside = [(instruction_id, params[position]) for position, instruction_id
              in enumerate(layout.ids) if position not in group]
    own = get(layout.ids[first]).said_beside(params[first], beside)
    text = render(layout.ids[first], spelled(layout, layout.ids[first], own), rng,
                  styles, usage=usage, context=extra)
    if block is None:
        return text
    # The lines of the original's example list follow the statement, under a lead-in.
    return sentence(text) + " " + choice(rng, table("prompt")["example_block_leads"]) + \
        "\n" + block


def example_block(instruction_id: str, context: dict[str, Any]) -> Optional[str]:
    """The lines of a list or a fenced block the original shows by example ("* xyz\n* abc",
    "```JSON …```"), when this statement keeps them (`wording_context`'s `own_example` of a
    type whose example is a bulleted list or a fenced block): they go after the sentence,
    never inside it."""
    if get(instruction_id).example_form not in ("bullet", "fenced", "divider"):
        return None
    return context.get("own_example") or None


def spelled(layout: Layout, instruction_id: str, params: Any) -> Any:
    """`params` with each word of a word list (`Constraint.topic_field`: keywords, banned
    words), or the first word of a paragraph, spelt as the original prompt spells it
    ("Python", not the checker's "python"; "Jasper" under an all-lowercase rule, which is
    the case's trap): those checkers ignore letter case, a reader does not."""
    field = get(instruction_id).topic_field or (
        "first_word" if hasattr(params, "first_word") else None)
    value = getattr(params, field, None) if field else None
    if value is None:
        return params

    def as_written(word: str) -> str:
        for found in re.finditer(rf"(?i)(?<![\w-]){re.escape(word)}(?![\w-])", layout.prompt):
            before = layout.prompt[:found.start()].rstrip(" \"'“")
            if found.group(0)[:1].isupper() and (not before or before[-1] in ".!?\n"):
                continue  # "Write …" opens a sentence: the word itself is "write" (after a
                # colon a list begins, "…keywords: Moser, Glassworks", spelt as written)
            return found.group(0)
        return word

    recased = [as_written(word) for word in value] if isinstance(value, list) else \
        as_written(value) if isinstance(value, str) else value
    if isinstance(recased, list):
        written = [word for word, old in zip(recased, value) if word != old]
        if len(written) >= 2 and all(word.isupper() for word in written):
            # "DISGUSTING", "GOOD" as the original writes them: a new word joins in capitals
            # (one acronym, "JSON", makes no "FLEA" of its neighbour)
            recased = [word.upper() for word in recased]
    if field == "first_word" and recased == value and isinstance(value, str):
        recased = _as_own_first_word(layout, instruction_id, value, as_written)
    if recased == value:
        return params
    return params.model_copy(update={field: recased})


def _as_own_first_word(layout: Layout, instruction_id: str, word: str,
                       as_written: Callable[[str], str]) -> str:
    """A new first word of a paragraph with a capital where the original writes its own with
    one ('the second paragraph must start with the word "President"'): 'starting with the
    word "luckily"' reads as a slip (read CFH, 181)."""
    if instruction_id not in layout.ids:
        return word
    own = getattr(layout.params[layout.ids.index(instruction_id)], "first_word", None)
    if not own or own == word or not as_written(own)[:1].isupper():
        return word
    return word[:1].upper() + word[1:]


def _unit_words(layout: Optional[Layout], statements: Sequence[str],
                own_task: bool, task: Optional[str] = None) -> dict[str, Any]:
    """`stanzas` and `parts`: what the original calls the parts a count counts, while its
    task stands ("3 parts" of a song, the stanzas of a poem), so no rewording calls them
    paragraphs; `placeholders`: it says "placeholders", so no rewording calls them "blanks
    to fill in" (read BB); a new task (`task`, when `own_task` is false) of verse has
    stanzas."""
    if layout is None or not own_task:
        # A new task of verse (`task`) has stanzas too: "a rap … in four paragraphs" (read GB).
        verse = task is not None and re.search(table("prompt")["unit_words"]["verse"],
                                                task.split("\n", 1)[0])
        return {"stanzas": bool(verse) or None, "parts": None, "placeholders": None}
    said = " ".join(statements)
    task = " ".join(unit.text for unit in layout.task_units())
    words = table("prompt")["unit_words"]
    return {"stanzas": bool(re.search(words["stanzas"], said) or
                            re.search(words["verse"], task)) or None,
            "parts": bool(re.search(words["parts"], said)) or None,
            "placeholders": bool(re.search(words["placeholders"], f"{said} {task}")) or None}


def _names_two(layout: Layout) -> Optional[str]:
    """The two pieces of a two-part answer the task names, in the plural ("Write two jokes":
    "jokes"; "an itinerary for India, and an itinerary for China": "parts"), so that the
    separator is said of them ("between the two jokes"; "between the two parts" stood for
    jokes the prompt had just named: read BAO), or None."""
    task = " ".join(unit.text for unit in layout.task_units())
    for pattern in table("prompt")["two_things"]:
        found = re.search(pattern, task)
        if found is not None:
            # Two pieces named apart ("a trip itinerary for India, and a trip itinerary for
            # China") are the answer's two parts.
            return (found.groupdict().get("pair") or "parts").lower()
    return None


def _asks_presence(ids: Sequence[str], index: int, layout: Optional[Layout],
                   statements: Sequence[str]) -> bool:
    """Whether the original asks for some of what it caps: a sentence of its statement says no
    number ("Add stress words which are capitalized. Limit those stress words for less than
    20 times."), so a restatement of the cap alone would drop the ask (read GB)."""
    if layout is None or index >= len(layout.ids) or layout.ids[index] != ids[index]:
        return False
    spec = get(ids[index]).count
    relation = getattr(layout.params[index], spec.relation_field, None) \
        if spec is not None and spec.relation_field else None
    return relation in ("less than", "at most") and \
        any(NUMBER_RE.search(text) for text in statements) and \
        any(not NUMBER_RE.search(text) for text in statements)


# What a statement of the original says beyond its values, each said again by a rewording:
# the whole reply ("Your entire response …"), markdown ticks it asks for, nothing after an
# end phrase, paragraphs as the only parts (templates/phrases/prompt.json).
_SAID = {"whole": "whole_reply", "ticks_required": "ticks_required",
         "nothing_after": "nothing_after", "only_paragraphs": "only_paragraphs",
         "contains_said": "contains_said", "exactly_one": "exactly_one_said"}


def _said_in_statements(statements: Sequence[str]) -> dict[str, Optional[bool]]:
    """The `_SAID` guards of the wording context, each True or None."""
    return {guard: any(re.search(table("prompt")[pattern], text) for text in statements) or None
            for guard, pattern in _SAID.items()}


def _at_least_said(layout: Optional[Layout], index: int) -> bool:
    """Whether the original says constraint `index`'s own count as a minimum ("include at
    least two sections"), in the words that state that count, not in another count of the
    same sentence ("with two sections … and at least 25 sentences")."""
    if layout is None or index >= len(layout.ids):
        return False
    pattern = table("prompt")["at_least_said"]
    return any(re.search(pattern, layout.prompt[start:end])
               for start, end in layout.tight.get(index, ()))


def _statement_texts(layout: Optional[Layout], index: int) -> list[str]:
    """The original's sentences that state constraint `index`, with a sentence right after
    them that only shows an example ("Such as: *Funny Fighting*."): a restatement keeps it."""
    if layout is None:
        return []
    own = layout.units_of(index)
    texts = [unit.text for unit in own]
    if own:
        after = layout.units.index(own[-1]) + 1
        while after < len(layout.units) and not layout.units[after].owners and \
                example_only(layout.units[after].text):
            texts.append(layout.units[after].text)
            after += 1
    return texts


def _keeps_keywords(ids: Sequence[str], index: int, layout: Optional[Layout],
                    others: Sequence[Any]) -> bool:
    """Whether constraint `index` asks for an answer in another language beside keywords the
    check finds as written (in Latin letters): the language is then said with the keywords
    kept as they are, so the two never read as a clash ("Use only Korean" beside "Use the
    keywords 'indicator' and 'management'", reads CFI, CFJ)."""
    if layout is None or index >= len(layout.ids) or layout.ids[index] != ids[index]:
        return False
    language = get(ids[index]).language_of(layout.params[index])
    return language not in (None, "en") and any(
        "latin" in other.script_needs and other.topic_field is not None for other in others)


def _letters_and_language(ids: Sequence[str], index: int, layout: Optional[Layout],
                          others: Sequence[Any]) -> dict[str, Any]:
    """The guards of `wording_context` on the answer's letters and language: `letter_case`,
    `foreign`, `keeps_keywords`, `other_punctuation` and `english_said`."""
    cases = sorted(other.letter_case for other in others if other.letter_case)
    languages = [get(instruction_id).language_of(params) for position, (instruction_id, params)
                 in enumerate(zip(layout.ids, layout.params) if layout is not None else ())
                 if position != index]
    return {"letter_case": cases[0] if cases else None,
            "foreign": any(language not in (None, "en") for language in languages) or None,
            "keeps_keywords": _keeps_keywords(ids, index, layout, others) or None,
            # "Don't forget to add other punctuations." stays with the task (read CFM).
            "other_punctuation": layout is not None and re.search(
                table("prompt")["other_punctuation"], layout.prompt) is not None or None,
            # A letter case is asked "in English" only where the original names the language
            # (read CFY: "Answer in English using lowercase letters" beside one that does not).
            "english_said": layout is None or re.search(r"\bEnglish\b", layout.prompt)
            is not None or None}


# The most words a reply may run to for it to be short: no "passages" in it (read CGE, 349:
# "at least three passages highlighted" in a reply of fewer than 40 words).
SHORT_REPLY_WORDS = 60


def _short_reply(index: int, layout: Optional[Layout], own_task: bool = True,
                 task: Optional[str] = None) -> Optional[bool]:
    """Whether another constraint of the case caps the reply at `SHORT_REPLY_WORDS` words, or
    the task asks for a short piece (a slogan: "highlight at least 3 passages" of one, read
    CLA on 3409)."""
    from ..piece import features, text_features

    if not own_task and task and "short" in text_features(task):
        return True
    if layout is None:
        return None
    if own_task and "short" in features(layout):
        return True
    for position, (instruction_id, params) in enumerate(zip(layout.ids, layout.params)):
        bounds = get(instruction_id).task_words(params) if position != index else None
        if bounds is not None and bounds[1] is not None and bounds[1] <= SHORT_REPLY_WORDS:
            return True
    return None


def wording_context(ids: Sequence[str], index: int, *, ahead: bool = False,
                    layout: Optional[Layout] = None, own_task: bool = True,
                    task: Optional[str] = None) -> dict[str, Any]:
    """What the wording of constraint `index` of a case checking `ids` must fit (guards of the
    grammars): `after_copy` — the reply opens with the copied request, so no form may put
    anything else first ("start with a title") or make it consist of one thing; `shares_reply` —
    the case asks other things of the reply, so no form says the reply is only this one
    ("your answer consists of 3 bullet points" beside a P.S.); `ahead` — the sentence comes
    before the task, so no form may point at it ("make it …", "before you hand it over");
    `show_form` — the original's statement of it shows the answer's markup by example
    ("* This is a point"), so its restatement shows it too (`layout`: the original's);
    `own_example` — the example it gives, kept while the task is the original's (`own_task`);
    `presence` — the original asks for some of what it caps ("Add stress words …" beside
    "less than 20"), which a restatement asks too;
    `in_task` — a task sentence that stays mentions it too, so no form adds what that
    sentence may say of it ("with nothing outside it");
    `in_parts`, `beside_versions` — another divides the answer (`Constraint.gives_versions`);
    `two_questions` and `two_things` — the task asks two questions, or names the two pieces
    of a two-part answer ("two jokes", their plural noun in `pair`), so the separator is said
    of them; `whole` — the original says the statement of the whole reply ("Your entire
    response should …"), so no form narrows it ("make it …", "…, using fewer than six sentences");
    `ticks_required` — it asks for markdown ticks ("using markdown ticks"), which a restatement
    asks for too (ticks it only allows stay allowed); `contains_said` — it says the answer
    contains one of its set phrases, which a restatement says too (not "answer with one of"),
    and `exactly_one` that it allows only one of them;
    `at_least_said` — the original says its count as a minimum ("at least two sections"),
    which a wording that names a plain count says too;
    `letter_case` ("lower", "upper") and `foreign` (the answer is not in English) — what an
    example of the grammar's own must fit ("<<Morning Light>>" under all lowercase, "[city]"
    in a Bengali answer); `keeps_keywords` — it asks for another language beside keywords
    checked as written (`_keeps_keywords`); `other_punctuation` — the prompt asks for other
    punctuation itself, which no wording of a comma ban says again; `english_said` — the original
    names English, so a letter case asked anew names it too; `short_reply` — another
    constraint caps the reply at a few dozen words (`_short_reply`); `new_task` — the task is
    one of ours, so what the original's task said around the statement is gone;
    `shown_as_written` — the texts the original's statements write as the check has them."""
    others = [get(instruction_id) for position, instruction_id in enumerate(ids)
              if position != index]
    statements = _statement_texts(layout, index)
    if statements and layout is not None:
        # A fenced block spans several units: its statement's whole stretch of the prompt.
        own = layout.units_of(index)
        statements.append(layout.prompt[own[0].start:own[-1].end])
    shown = any(forms(text) for text in statements)
    form = get(ids[index]).example_form if index < len(ids) else None
    mine = own_example(form, statements) if form and own_task and layout is not None \
        and index < len(layout.ids) and layout.ids[index] == ids[index] else None
    pair = _names_two(layout) if own_task and layout is not None else None
    if mine and form in ("bullet", "divider"):
        shown = False  # its own lines follow the statement (`example_block`): no second example
    context = {"after_copy": any(other.request_field for other in others) or None,
               "shares_reply": bool(others) or None, "ahead": ahead or None,
               "in_parts": any(other.divides_answer for other in others) or None,
               "beside_versions": any(other.gives_versions for other in others) or None,
               "show_form": shown or None, "own_example": mine,
               **_letters_and_language(ids, index, layout, others),
               "two_questions": own_task and layout is not None and sum(
                   unit.text.count("?") for unit in layout.task_units()) >= 2 or None,
               "two_things": pair is not None or None, "pair": pair,
               # A new task that is a question ("What are the pros and cons of …?") is
               # answered too: its two answers are no "versions" (read PB).
               "asked": (answers_a_question(layout) if own_task and layout is not None else
                         bool(task) and asks_a_question(str(task))) or None,
               # A sentence of the task that stays says more of it ("Do not add anything
               # outside of the JSON block."): no form says that again (read DA).
               "in_task": own_task and layout is not None and any(
                   index in unit.owners for unit in layout.task_units()) or None,
               **_said_in_statements(statements),
               "at_least_said": _at_least_said(layout, index) or None,
               "single_quotes": layout is not None and _quotes_singly(layout.prompt) or None,
               "presence": _asks_presence(ids, index, layout, statements) or None,
               "short_reply": _short_reply(index, layout, own_task, task),
               "new_task": not own_task or None,
               **_unit_words(layout, statements, own_task, task)}
    if layout is not None and index < len(layout.ids) and layout.ids[index] == ids[index]:
        context.update(_beside(layout, index, statements))
    return context


def _beside(layout: Layout, index: int, statements: Sequence[str]) -> dict[str, Any]:
    """What the grammar of constraint `index` reads from the case's other instructions
    (`Constraint.wording_beside`), and the texts the original's statements write as the check
    has them (`shown_as_written`: "P.P.S" beside a rule of small letters, the case's own trap,
    read AFB)."""
    beside = [(instruction_id, layout.params[position])
              for position, instruction_id in enumerate(layout.ids) if position != index]
    found = dict(get(layout.ids[index]).wording_beside(layout.params[index], beside))
    found["shown_as_written"] = tuple(
        literal for literal in get(layout.ids[index]).literals(layout.params[index])
        if literal and any(literal in text for text in statements)) or None
    return found


def sentence(text: str) -> str:
    """`text` as a sentence: capitalised, with a final stop unless it ends in a mark."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    if "\n" not in text and (text[-1] not in ".!?:*)\"”>" or _ENDS_ON_EXAMPLE.search(text)):
        text += "."
    return text


# "… such as *key point*": an example in markup closes the sentence, and a stop follows it.
_ENDS_ON_EXAMPLE = re.compile(r"\s\*[A-Za-z][^*\n]*\*$")


# The lines of an example list ("Like this:\n* xyz\n* abc") or of pieces with *** between
# them ("For instance:\nSection 1\n***\nSection 2") at the end of a piece.
EXAMPLE_LINES = re.compile(r":\n(?:(?:[*-] [^\n]*(?:\n|$))+|[^\n]+\n(?:\*\*\*\n[^\n]+(?:\n|$))+)$")


def join(pieces: Sequence[str]) -> str:
    """Join sentences with a space; a piece spanning several lines gets lines of its own,
    and a list of example lines or a fenced block a paragraph of its own."""
    out = ""
    for piece in pieces:
        if not piece:
            continue
        if not out:
            out = piece
        elif EXAMPLE_LINES.search(piece) or EXAMPLE_LINES.search(out) or \
                "```" in piece or out.rstrip().endswith("```"):
            out = out + "\n\n" + piece
        elif "\n" in piece or "\n" in out:
            out = out + "\n" + piece
        else:
            out = out + " " + piece
    return out


def layout_phrase(rule: str, rng: Any, **params: Any) -> str:
    """A list header, an intro for requirements that come first, or a task label
    (templates/wording/layout.grammar); `params` feed its guards (`single`, `question`)."""
    from ...constraints.support.choosing import seeded_random
    from ...wording import Sampler, load

    return Sampler(seeded_random(rng)).render(load("wording/layout"), rule, params).text


_relative_clause_last = filled(r"\b(?:{relative_words})\b[^,;:]*$", of("prompt"))
# An example closing the sentence ("… with at least one placeholder, such as [address]."):
# a clause joined after it reads as part of the example (read ASB: "…, such as [address],
# answering in English using lowercase letters throughout").
_example_last = filled(r"\b(?:{example_openers})\b[^.?!]*[.?!]?\s*$", of("prompt"), re.IGNORECASE)


# The most words a task sentence has that a requirement is joined onto.
WOVEN_TASK_WORDS = 15


def weave(task: str, layout: Layout, params: Sequence[Any], order: Sequence[int], rng: Any,
          usage: Any = None, own_task: bool = True) -> Optional[tuple[str, list[int]]]:
    """Join the first constraint onto the task sentence ("Write a haiku about rain, leaving
    out every comma."), half the time, when the task is one line ending in a stop or a
    question mark and the type has a grammar; returns the new task and the rest."""
    if not order or "\n" in task.strip() or task.rstrip()[-1:] not in ".?" or not chance(rng, 0.75):
        return None
    if task.rstrip().endswith("?"):
        # "What are the challenges … and use 220 words?", "Could you plan a week's trip …
        # and use 220 words or more?": a requirement stitched into a question reads as a
        # second question; it is said after it.
        return None
    from ..rewrite import last_sentence_asks
    if not last_sentence_asks(task):
        return None  # "It is meant for teenagers, and make sure …": weave onto a request only
    if re.search(table("prompt")["gerund_request"], task):
        return None  # "Would you mind writing X, and …" would need a second gerund
    last = sentences(task.strip(), lines=False, **AT_EVERY_STOP)[-1]
    if re.search(r":\s+\S", last):
        return None  # "… criticize it: <the user's text>" — anything joined on joins that text
    if _relative_clause_last().search(last):
        return None  # "… a restaurant which serves Argentinian food and use …" garden-paths
    if len(last.split()) > WOVEN_TASK_WORDS:
        # "… armchairs designed to withstand the scrutiny of any interior designer and write 3
        # paragraphs …" runs on, the requirement read as part of the task (read BAW).
        return None
    if _example_last().search(last):
        return None
    if re.match(table("prompt")["manner_sentence"], last):
        return None  # "Make it interesting, placing your …" (read CIH, 2497)
    index = order[0]
    if any(not unit.pure and unit.text.strip() and unit.text.strip() in task
           for unit in layout.units_of(index)):
        return None  # the task names it already ("Use all capital letters to express …")
    constraint = get(layout.ids[index])
    language = constraint.language_of(params[index])
    if language not in (None, "en") and language_name(language).lower() in last.lower():
        return None  # "Write a Hindi poem about this, replying only in Hindi" (read CFR, 2464)
    context = wording_context(layout.ids, index, layout=layout, own_task=own_task, task=task)
    if constraint.grammar() is None or example_block(layout.ids[index], context):
        return None  # an example list cannot close a sentence that goes on
    if context.get("whole") and constraint.count is not None:
        return None  # "Tell me how you came up with it, using fewer than six sentences"
    from ...wording import close_sentence

    from ..naturalness import frame_openings, fresh_wording

    # Not a second "please" on a task that has one ("Could you please …, and please …?").
    taken = set(getattr(usage, "taken", ()) or ()) | set(frame_openings(task))
    # Words spelt as the original spells them ("Zelda", not the checker's "zelda", read KA).
    own = spelled(layout, layout.ids[index], params[index])
    # Not the answer named twice ("Make your answer weird, and make sure your answer is …").
    named = re.search(table("prompt")["answer_named"], last) is not None or None
    tail = fresh_wording(lambda: constraint.phrase(
        own, rng, ("imperative",), form="attached", usage=usage, answer_named=named,
        **context), taken, tries=4)
    if context.get("single_quotes"):
        tail = _in_single_quotes(tail)
    if usage is not None and hasattr(usage, "taken"):
        usage.taken = tuple(set(usage.taken or ()) | set(frame_openings(tail)))
    body, mark = task.rstrip()[:-1].rstrip(), task.rstrip()[-1]
    if not _tail_fits(tail, last, mark):
        return None
    joined = body + ("" if tail[0] in ",;" else " ") + tail
    return close_sentence(joined, mark), list(order[1:])


def _tail_fits(tail: str, last: str, mark: str) -> bool:
    """Whether a requirement's attached wording can close the task's last sentence `last`."""
    if mark == "?" and tail.startswith(";"):
        return False
    if re.match(r"[,\s]*and\b", tail) and re.search(r"\band\b", last):
        # "… is funny and includes the words … and write without a comma": a second "and"
        # joins the requirement to the wrong verb.
        return False
    if _assurance().match(last.strip()):
        # "Make sure it includes …, writing two versions": the writer is not "it"; nor "Make
        # sure the poem is written for teenagers and use the word …" (read CKZ, 2616).
        return False
    if re.search(r",\s+(?!(?:and|or)\b|\")", re.sub(r'"[^"]*"', '""', tail.lstrip(", "))):
        # "… repair the hull, ending your response with the exact phrase "…", with nothing
        # after that" stacks a second phrase on the woven one (read CIS, 286): a sentence of
        # its own.
        return False
    if tail.startswith(",") and "," in mend_text(last):
        # "… in a formal tone, using notation, and see to it that your response …" runs on:
        # a second clause after a comma is said as a sentence of its own (read CFC, 3629),
        # a comma the slips put in too ("Explain it in weird language, using mathematical
        # notation, including a postscript …", 2273).
        return False
    return True


def opening_word(text: str) -> str:
    """The first word of a sentence, in lower case ("" for none); "please" is skipped."""
    words = re.findall(r"[a-z']+", text.lower())[:2]
    if words[:1] == ["please"]:
        words = words[1:]
    return words[0] if words else ""


def unlike(draw: Callable[[], str], openings: Collection[str], tries: int = 4,
           after_command: bool = False) -> str:
    """A rendering whose first word is none of `openings` and, `after_command` (the task is
    a bare command), that is no question: "Write a blog entry … Can you give exactly four
    bullets?" turns from an order to a question and back (read BAJ). The last try otherwise."""
    said = draw()
    for _ in range(tries - 1):
        # (A question may stand before the example lines it leads into: "Can you give
        # exactly 3 bullets? As an example:\n* Bullet point 1", read BBF.)
        if opening_word(said) not in openings and not (after_command and _QUESTION_ENDS.search(
                said.split("\n", 1)[0].rstrip())):
            break
        said = draw()
    return said


_QUESTION_ENDS = re.compile(r"\?(?:\s|$)")
