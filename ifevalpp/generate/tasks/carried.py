"""What an original's task asks of the answer that no constraint checks, carried to a new task.

"Tell a joke that has the words thursday and amalgamation in it" asks for two words no
kwarg checks; a reconfiguration with a task of ours drops the joke, and with it the
words, so it asks less than the original (READING.md: a dropped required phrase makes a
reconfiguration easier, and "something the original asked is gone" unfaithful). `asks`
finds such asks in the task text (the asks, bans and ends of templates/phrases/fit.json,
"carried"), `carried_sentence` says them beside the new task, and `dropped` tells the
difficulty judge which of them a cousin no longer names.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from ...constraints import get, parse_params
from ...constraints.support.choosing import choice
from ..phrase_tables import one_of, table

if TYPE_CHECKING:
    from ..prompt.layout import Layout

_QUOTED = re.compile(r"[\"“]([^\"”]+)[\"”]|(?<!\w)['‘]([^'’]+)['’](?!\w)")


# The asks that say how the answer is written, not what it contains.
MANNERS = ("style", "style_of", "manner", "tone", "mood")


@dataclass(frozen=True)
class Ask:
    """One thing the task asks the answer to contain: the words or phrases (`what`), and
    the noun the task called them by ("words", "phrase", "key")."""

    noun: str
    what: tuple[str, ...]
    quoted: bool = True


@functools.lru_cache(maxsize=1)
def _tables() -> tuple[re.Pattern[str], re.Pattern[str], frozenset[str], dict[str, Any]]:
    found = table("fit")["carried"]
    return (re.compile(found["asks"]), re.compile(found["ends"]),
            frozenset(found["negations"]), found["say"])


def _checked_words(ids: Sequence[str], kwargs: Sequence[dict[str, Any]]) -> set[str]:
    """Every word or text a constraint of the case checks (its literals, its keywords)."""
    checked: set[str] = set()
    for instruction_id, item in zip(ids, kwargs):
        constraint = get(instruction_id)
        params = parse_params(instruction_id, item)
        checked |= {literal.lower() for literal in constraint.literals(params)}
        if constraint.topic_field is not None:
            value = getattr(params, constraint.topic_field)
            checked |= {word.lower() for word in ([value] if isinstance(value, str) else value)}
    return checked


def _items(what: str, noun: str, ends: re.Pattern[str]) -> tuple[str, ...]:
    """The words or phrases an ask names: its quoted ones, else (unquoted) the words up to
    where the ask ends, split at "and" and commas. A key is carried only when quoted."""
    quoted = [first or second for first, second in _QUOTED.findall(what)]
    if quoted:
        return tuple(quoted)
    if noun in ("key", "keys"):
        return ()  # "the keys (1) Name (2) Location" are the old question's, not the answer's
    head = ends.sub("", what).strip()
    parts = re.split(r",\s*(?:and\s+)?|(?:^|\s+)and(?:\s+|$)", head)
    return tuple(part.strip() for part in parts if part.strip() and len(part.split()) <= 3)


def asks(task: str, ids: Sequence[str], kwargs: Sequence[dict[str, Any]]) -> list[Ask]:
    """The asks of a task text (`difficulty.task_text`) for words or phrases in the answer
    that no constraint of the case (`ids`, `kwargs`) checks; a ban ("do not use the words
    …") is no ask."""
    pattern, ends, negations, _ = _tables()
    checked = _checked_words(ids, kwargs)
    found: list[Ask] = []
    for match in pattern.finditer(task):
        before = re.findall(r"[\w']+", task[max(0, match.start() - 40):match.start()].lower())
        if any(word in negations or word.endswith("n't") for word in before[-3:]):
            continue
        noun = match.group("noun").lower()
        said = match.group("what")
        what = tuple(item for item in _items(said, noun, ends) if item.lower() not in checked)
        if what:
            found.append(Ask(noun, what, quoted=bool(_QUOTED.search(said))))
    # A style in a person's name ("in the style of Taylor Swift"): dropped, the task is easier.
    found += [Ask("style", (match.group("who"),), quoted=False)
              for match in re.finditer(table("fit")["carried"]["style"], task)]
    # ... or by what writes that way ("in the style of a 19th century novelist": a fable in
    # its place dropped the pull towards commas under a comma ban, read BCV, 3505) ...
    found += [Ask("style_of", (match.group("what"),), quoted=False)
              for match in _style_of().finditer(task)]
    # ... and one by an adjective ("in a Shakespearean style"): dropped, short lists were
    # easier under the itinerary's comma ban (read AJB).
    found += [Ask("manner", (match.group("how"),), quoted=False)
              for match in re.finditer(table("fit")["carried"]["manner"], task)]
    # ... and a tone ("Please, use any interesting or weird tone": dropped, five famous moms
    # in JSON became a plain itinerary in JSON, read BDG).
    found += [Ask("tone", (match.group("how"),), quoted=False)
              for match in re.finditer(table("fit")["carried"]["tone"], task)]
    # ... and a mood given to the piece ("a funny haiku", "Be angry about it.": dropped, a
    # new limerick for moms asked less, read BDK).
    found += [Ask("mood", (mood,), quoted=False) for mood in _moods(task)]
    return found


def _moods(task: str) -> list[str]:
    """The moods a task gives its piece by an adjective, each once, in small letters."""
    carried = table("fit")["carried"]
    pattern = re.compile(carried["mood"].replace("{moods}", one_of(carried["moods"])))
    found: list[str] = []
    for match in pattern.finditer(task):
        mood = (match.group("how") or match.group("be")).lower()
        if match.group("how") and match.group("piece").lower() not in carried["mood_pieces"]:
            continue  # "a serious question" asks nothing of the answer's mood
        if mood not in found:
            found.append(mood)
    return found


def _with_article(how: str) -> str:
    """A tone said of one piece ("any interesting or weird" -> "an interesting or weird")."""
    return f"{'an' if how[:1].lower() in 'aeiou' else 'a'} {how}"


def tone_said(how: str) -> str:
    """How a rewrite is asked for in a tone ("in a passive aggressive tone")."""
    return f"in {_with_article(how)} tone"


def layout_task_text(layout: Layout) -> str:
    """The words of a prompt that are not a constraint's statement: its task units, with
    every quoted literal of a constraint ("avoid 'town'") taken out."""
    literals = tuple(literal for instruction_id, item in zip(layout.ids, layout.params)
                     for literal in get(instruction_id).literals(item))
    return _without_literals(" ".join(unit.text for unit in layout.task_units()), literals)


@functools.lru_cache(maxsize=4096)
def _without_literals(text: str, literals: tuple[str, ...]) -> str:
    """`text` with each quoted literal taken out (asked again and again of the same original)."""
    for literal in literals:
        text = re.sub(r"[\"“'‘]" + re.escape(literal) + r"[\"”'’]", " ", text, flags=re.IGNORECASE)
    return text


@functools.lru_cache(maxsize=1)
def _style_of() -> re.Pattern[str]:
    """"in the style of a 19th century novelist": a style named by who writes that way (not
    "of a lecture", which fits no other piece)."""
    carried = table("fit")["carried"]
    return re.compile(carried["style_of"].replace("{style_writers}",
                                                  one_of(carried["style_writers"])))


def layout_asks(layout: Layout) -> list[Ask]:
    """`asks` of a case's own task text."""
    return asks(layout_task_text(layout), layout.ids, layout.kwargs)


def unchecked_rules(layout: Layout) -> list[str]:
    """The sentences of a case's task, after its request, that ask something of the whole
    answer which no kwarg checks ("Use only lowercase letters." beside a title check, "Do
    not give me any bullet points, lists, or tables."): a new task says them again, word
    for word, or it asks less than the original."""
    from .maker import catalogue

    pattern = re.compile(table("fit")["carried"]["rules"])
    # Not what leans on a statement said anew ("Don't forget to add other punctuation."
    # before the new comma ban: read AJA).
    leans_on = set(table("fit")["carried"]["leans_on"])
    task = [unit for unit in layout.units if not unit.pure and not unit.kept]
    if not task:
        return []
    # Not what names the old piece ("… contain the poem only", "Answer in email format"):
    # that belongs to the old task.
    pieces = ({genre.noun.lower() for genre in catalogue().genres} |
              set(re.findall(r"[a-z]{4,}", task[0].text.lower()))) - \
        set(table("prompt")["response_words"]) - set(table("fit")["carried"]["task_verbs"])
    return [unit.text.strip() for unit in task[1:]
            if not unit.owners and "\n" not in unit.text.strip()
            and len(unit.text.split()) <= 20 and pattern.match(unit.text.strip())
            and not set(re.findall(r"[a-z]{4,}", unit.text.lower())) & pieces
            and not set(re.findall(r"[a-z]+", unit.text.lower())) & leans_on
            and not re.search(table("fit")["carried"]["topic"], unit.text)]


def said_of_piece(rule: str, *, plural: bool = False, task: str = "") -> str:
    """A carried rule said of a piece rather than an answer ("Answer in a Shakespearean
    style." -> "Write it in a Shakespearean style.") beside a new task that asks for one,
    in a verb the task does not use ("Write a report … Keep it in all caps.")."""
    carried = table("fit")["carried"]
    said = set(re.findall(r"[a-z]+", task.lower()))
    verb = next((verb for verb in carried["rules_for_a_piece_verbs"] if verb.lower() not in said),
                carried["rules_for_a_piece_verbs"][-1])
    said_as = f"{verb} them" if plural else f"{verb} it"
    # "Answer with lowercase letters." -> "Write it in lowercase letters."
    return re.compile(carried["rules_for_a_piece"]).sub(
        lambda found: said_as + (" in" if found.group("by") else ""), rule, count=1)


def rule_kept(rule: str, prompt: str) -> bool:
    """Whether `prompt` still asks `rule` of the whole answer, in its words or said of the
    piece (`said_of_piece`), its slips mended or not (prompt/slips.py)."""
    from ..prompt.slips import mend_text

    core = re.compile(table("fit")["carried"]["rules_for_a_piece"]).sub("", rule, count=1)
    return any(said.strip().lower() in prompt.lower() for said in (core, mend_text(core)))


def _listed(items: Sequence[str]) -> str:
    # A name the user typed in small letters is spelt as every other cousin spells it
    # ("thursday" -> "Thursday", read AWB): no constraint checks a carried word.
    names = table("slips")["proper_nouns"]
    quoted = [f'"{names.get(item, item)}"' for item in items]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]


def carried_sentence(found: Sequence[Ask], rng: Any, *, plural: bool = False,
                     question: bool = False) -> str:
    """The asks said again beside a new task, one sentence each ("Use the words "thursday"
    and "amalgamation" in it."); `plural` when the new task asks for several pieces,
    `question` when it is a question, whose answer is no "it" (read TB: "Should museums be
    free to enter? Work the word "time" into it.")."""
    say = _tables()[3]
    sentences = []
    for ask in found:
        noun = ask.noun.rstrip("s")
        if noun in ("keyword", "term"):
            noun = "word"
        if noun == "word" and len(ask.what) > 1:
            noun = "words"
        what = (f'"{ask.what[0]}"' if ask.quoted else ask.what[0]) \
            if noun in MANNERS else _listed(ask.what)
        if noun == "tone":
            what = _with_article(what)
        if noun == "phrase" and len(ask.what) > 1:
            noun, what = "words", _listed(ask.what)
        # A manner is the whole answer's, however many pieces (five made-up books: not "it").
        where = "your answer" if question or noun == "manner" else \
            ("them" if noun == "mood" else "each") if plural else "it"
        sentences.append(choice(rng, say[noun]).format(what=what, where=where))
    return " ".join(sentences)


def bound_to_task(found: Sequence[Ask]) -> bool:
    """Whether an ask belongs to the old task alone: a key to put the answer under ("Please
    use the key "polite" to put your answer") names a field of that message, which no new
    piece has (reads BBU, BBV: "Put your answer under the key "polite"" on a speech)."""
    return any(ask.noun in ("key", "keys") for ask in found)


def dropped(found: Sequence[Ask], prompt: str) -> list[str]:
    """The words or phrases of `found` that `prompt` no longer names (a mood in any word of
    its kin: "a humorous haiku" keeps "funny"; a slip as every cousin mends it: "passive
    aggressive" is kept as "passive-aggressive")."""
    from ..prompt.slips import mend_text

    lowered = prompt.lower()
    return [item for ask in found for item in ask.what
            if not any(word in lowered for word in _kin(ask.noun, item.lower()) +
                       (mend_text(item).lower(),))]


def _kin(noun: str, item: str) -> tuple[str, ...]:
    """The words that say `item` (a mood's kin, else the item alone)."""
    if noun == "mood":
        for kin in table("fit")["carried"]["mood_kin"]:
            if item in kin:
                return tuple(kin)
    return (item,)


__all__ = ["Ask", "MANNERS", "asks", "bound_to_task", "carried_sentence", "dropped", "layout_asks",
           "layout_task_text", "rule_kept", "said_of_piece", "tone_said", "unchecked_rules"]
