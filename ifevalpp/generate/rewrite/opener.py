"""The shallow rewording, for a task sentence the rewriter does not vouch for: its opening verb.

`vary_task` swaps a leading imperative verb for another from `templates/phrases/task.json`
("Write" -> "Compose"), or wraps the task in an opener ("Could you …?"), or leaves
it as it is. A verb followed by a person ("Give me a …") only becomes a verb that
takes one too.
"""

from __future__ import annotations

from typing import Any

from ..phrase_tables import Known
from .lexicon import composed_object, verb_fits
from ...constraints.support.choosing import chance, choice
from ...constraints.support.wording import load_json

_KNOWN = Known("requests")


_QUESTION_OPENERS = ("Could you", "Can you")


def _wrapped(opener: str, body: str) -> str:
    """`body` (a verb phrase) inside `opener`; a question opener ends it with a question mark."""
    wrapped = opener.format(task=body[0].lower() + body[1:] if not body[:2].isupper() else body)
    if opener.startswith(_QUESTION_OPENERS):
        first, dot, remainder = wrapped.partition(". ")
        if first.endswith("."):
            first = first[:-1]
        if dot:
            wrapped = first + "? " + remainder
        elif wrapped.endswith("."):
            wrapped = wrapped[:-1] + "?"
    return wrapped


def vary_task(task: str, rng: Any) -> tuple[str, str]:
    """Reword the task's opening: swap its leading verb or wrap it in an opener.

    Returns (new task, what was done). A task that does not open with a known
    imperative verb is returned unchanged apart from an optional lead-in sentence.
    """
    table = load_json("phrases/task.json")
    task = task.strip()
    match = _KNOWN.pattern("opening_verb").match(task)
    if not match:
        return task, "unchanged"
    verb = match.group("verb")
    alternatives = table["verbs"].get(verb.lower())
    if alternatives is None:
        lead_ins = [item for item in table["openers"] if "{task_cap}" in item]
        if task.endswith("?") or not lead_ins or not chance(rng, 0.5):
            return task, "unchanged"
        opener = choice(rng, lead_ins)
        return opener.format(task_cap=task), "lead-in"
    rest = match.group("rest")
    if not composed_object(rest):
        # "Put together the answer to this question …" (read BAI): the verb stays.
        alternatives = [verb.lower()]
    if _KNOWN.pattern("person_after_verb").match(rest):
        # "Give me a …" does not survive most swaps ("Share me a …"); keep such verbs
        # unless the alternative takes an indirect object too.
        alternatives = [item for item in alternatives if item in _KNOWN.words("ditransitive_verbs")]
        if not alternatives:
            return task, "unchanged"
    # "Could you compose an itinerary …?" (read BAY): a verb that suits few objects only
    # where it suits this one.
    alternatives = [item for item in alternatives if verb_fits(item, rest)] or [verb.lower()]
    new_verb = choice(rng, alternatives)
    body = new_verb + rest
    how = chance(rng, 0.6)
    if how:
        text = body[0].upper() + body[1:]
        return text, f"verb:{verb.lower()}->{new_verb}"
    openers_left = table["openers"]
    if _KNOWN.pattern("statement_after_colon").search(body) or body.endswith(('"', "”")):
        # "Can you write two descriptions: The product is …?" puts a statement in a
        # question (read DB): a question opener does not wrap a sentence after a colon, nor
        # one that ends on a quotation, where its mark has no place ("Can you reword the
        # following sentence …: "… went after David."", read BAT).
        openers_left = [item for item in openers_left if not item.startswith(_QUESTION_OPENERS)]
    opener = choice(rng, openers_left)
    if "{task_cap}" in opener:
        return opener.format(task_cap=body[0].upper() + body[1:]), f"opener+verb:{new_verb}"
    return _wrapped(opener, body), f"opener+verb:{new_verb}"
