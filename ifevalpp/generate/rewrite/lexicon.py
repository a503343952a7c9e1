"""The rewriter's lexicon (templates/phrases/rewrite.json): verbs, synonyms, and what they tell of
a task: whether it opens with a bare command, whether its object is a piece one composes."""

from __future__ import annotations

import functools
import re
from typing import Any

from ...constraints.support.wording import load_json


@functools.lru_cache(maxsize=1)
def lexicon() -> dict[str, Any]:
    """The table, loaded once: known verbs, verbs of making, synonyms, and words
    precise enough that no synonym is offered in their phrase."""
    table = load_json("phrases/rewrite.json")
    return {
        "verbs": frozenset(table["verbs"]),
        "making": tuple(sorted(table["making"], key=len, reverse=True)),
        "verb_synonyms": table["verb_synonyms"],
        "nominal_verbs": table["nominal_verbs"],
        "nouns": table["noun_synonyms"],
        "adjectives": table["adjective_synonyms"],
        "precise": frozenset(table["precise"]),
        "not_composed": frozenset(table["not_composed"]),
        "unwritten": frozenset(table["unwritten"]),
        "object_ends": frozenset(table["object_ends"]),
        "few_objects": {verb: frozenset(heads)
                        for verb, heads in table["verbs_of_few_objects"].items()},
        "refused_objects": {verb: frozenset(heads)
                            for verb, heads in table["verbs_refused_objects"].items()},
        "no_object": frozenset(table["no_object"]),
        "kept_before": frozenset(table["kept_before"]),
    }


def _head(rest: str) -> str:
    """The head noun of the object a verb phrase's `rest` opens with: the word before a
    preposition or a clause ("a 500 word story in …" is a story); "" for none."""
    words = re.findall(r"[a-z0-9]+", re.split(r"[.,:;?!]", rest.lower(), maxsplit=1)[0])[:8]
    ends = lexicon()["object_ends"]
    phrase = next((words[:at] for at, word in enumerate(words) if word in ends), words)
    return phrase[-1] if phrase else ""


def composed_object(rest: str) -> bool:
    """Whether the object after a verb of making is a piece one composes: "a good name for a
    dog" or "the answer to this question" is not ("put together the answer", "draft a name"
    read as slips: reads BAI, earlier), so its verb stays as the original says it."""
    head = _head(rest)
    if set(re.findall(r"[a-z-]+", rest.lower())[:4]) & lexicon()["unwritten"]:
        return False  # "a freestyle rap" is made up on the spot, never drafted (read BBR)
    return not head or head not in lexicon()["not_composed"]


def verb_fits(verb: str, rest: str) -> bool:
    """Whether `verb` takes the object `rest` opens with: "compose" takes a poem, a letter or an
    essay, never a resume, an itinerary or a code snippet (read BAY); one never "puts
    together" a sentence or a conversation (read BDS)."""
    # (Among the object's first words: "the conversation you have with him" has no head
    # `_head` can find.)
    refused = lexicon()["refused_objects"].get(verb.lower(), frozenset())
    if refused & set(re.findall(r"[a-z]+", rest.lower())[:4]):
        return False
    heads = lexicon()["few_objects"].get(verb.lower())
    return heads is None or _head(rest) in heads


def commands(task: str) -> bool:
    """Whether the task opens with a bare command ("Write …", "Please tell me …")."""
    words = re.findall(r"[a-z]+", task.lower())[:2]
    if words[:1] == ["please"]:
        words = words[1:]
    return bool(words) and words[0] in lexicon()["verbs"]


def commanded(task: str) -> bool:
    """`commands`, or a task opening with a verb of making of several words ("Put together
    an article …", "Come up with …"): a requirement said after it is no question ("Write a
    blog entry … Can you give exactly four bullets?" turns from an order to a question and
    back: read BAJ)."""
    opening = " ".join(re.findall(r"[a-z]+", task.lower())[:3])
    return commands(task) or any(opening.startswith(verb + " ") for verb in lexicon()["making"]
                                 if " " in verb)
