"""The rewriter's lexicon (templates/phrases/rewrite.json): verbs, synonyms."""

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
        "object_ends": frozenset(table["object_ends"]),
    }


def composed_object(rest: str) -> bool:
    """Whether the object after a verb of making is a piece one composes: "a good name for a
    dog" or "the answer to this question" is not ("put together the answer", "draft a name"
    read as slips: reads BAI, earlier), so its verb stays as the original says it. The head
    of the object is the word before a preposition or a clause ("a 500 word story in …" is a
    story)."""
    words = re.findall(r"[a-z0-9]+", re.split(r"[.,:;?!]", rest.lower(), maxsplit=1)[0])[:8]
    ends = lexicon()["object_ends"]
    phrase = next((words[:at] for at, word in enumerate(words) if word in ends), words)
    return not phrase or phrase[-1] not in lexicon()["not_composed"]
