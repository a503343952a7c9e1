"""The plain answer: what a compliant answer to a case looks like before any distractor.

A distractor competes only when following it changes what a plain compliant answer looks
like. "Fewer than five all-caps words" beside a limerick, "no emoji" beside a cover letter,
"open with a greeting" beside an email: the plain answer already does each of them, so the
distractor tests nothing and a model that ignores it still passes. This module says what
the plain answer is, from the case alone — never from a response file:

* `features(layout)` — what kind of answer the task asks for: short, a letter, verse, a
  long structured text, something people write with exclamation marks or emoji, … (the
  names in `ANSWER_FEATURES`), read from the kinds of piece the task names
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

from ..constraints import check
from .prompt.layout import Layout
from .piece import length_bounds, features


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
    (low, high), (least_sentences, _) = length_bounds(layout)
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
