"""A count the original bounds other than its kwargs check, said as they check it.

Two GitHub originals bound a count the other way from their stored parameters: "The letter o
should appear at least 6 times" checked at fewer than 6, "at least 5 sections" checked at
exactly 5. A rephrasing states each constraint anew from the kwargs and so says what is
checked; a distractor keeps the original's words, and kept as written it asks for what is
not checked (the validator refuses it). Like any other slip of the user's, the relation said
the wrong way round is mended in the cousins that keep it: only the relation words (and
the number with them) change, in the sentence the validator points at. The original itself
stays as released.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any, Optional, Sequence

from ...constraints import get, parse_params
from ...wording.english import number_words

# The validator's code for a count the prompt bounds one way and the kwargs another ("at least
# 6" checked as fewer than 6). A different number is no slip to mend: "at least 400 words"
# checked at 336 would show the checker's odd number through (read CKS on 337), so that case
# keeps no distractor.
MISMATCHES = frozenset({"REFLECT_RELATION_MISMATCH"})
# Count statements with one bound said plainly ("at least 6 times"); a range, an
# approximation or a count only implied is not rewritten.
_PLAIN_KINDS = frozenset({"ge", "gt", "lt", "le", "eq", "bare"})


def as_checked(prompt: str, ids: Sequence[str], kwargs: Sequence[dict[str, Any]],
               original: str) -> str:
    """`prompt` with each sentence of `original` that bounds a count the other way from its
    kwargs (as written in `prompt`) said with the checked bound."""
    for old, new in _mends(original, tuple(ids), json.dumps(list(kwargs), sort_keys=True)):
        prompt = prompt.replace(old, new)
    return prompt


@functools.lru_cache(maxsize=256)
def _mends(original: str, ids: tuple[str, ...], kwargs_json: str) -> tuple[tuple[str, str], ...]:
    """(sentence as written, sentence as checked) for each count of `original` the
    validator finds bounded the other way from its kwargs (run once per original and kwargs:
    a distractor's kwargs are its original's)."""
    if not original:
        return ()
    from ...validate import validate_case

    kwargs = json.loads(kwargs_json)
    case = {"key": 0, "prompt": original, "instruction_id_list": list(ids), "kwargs": kwargs}
    found = [finding for finding in validate_case(case, witness=False)
             if finding.code in MISMATCHES and finding.span is not None]
    mends: list[tuple[str, str]] = []
    for finding in found:
        index = ids.index(finding.instruction_id) if finding.instruction_id in ids else -1
        if index < 0:
            continue
        said = _said_as_checked(original, ids[index], kwargs[index],
                                (finding.span.start, finding.span.end))
        if said is not None:
            mends.append((finding.span.text, said))
    return tuple(mends)


def _said_as_checked(original: str, instruction_id: str, item: dict[str, Any],
                     span: tuple[int, int]) -> Optional[str]:
    """The sentence at `span` with its one plain count phrase saying the checked count, or
    None when it holds no such phrase."""
    constraint = get(instruction_id)
    spec = constraint.count
    if spec is None:
        return None
    params = parse_params(instruction_id, item)
    statements = [statement for statement in constraint.statements(original, params)
                  if statement.role == "count" and statement.kind in _PLAIN_KINDS
                  and (statement.span.start, statement.span.end) == span
                  and len(statement.numerals) == 1]
    if len(statements) != 1:
        return None
    phrase = statements[0].phrase
    value = getattr(params, spec.field)
    relation = "exactly" if spec.shape == "exact" else "at least" if spec.shape == "at_least" \
        else getattr(params, spec.relation_field or "", None)
    words = _RELATION_WORDS.get(relation or "")
    said = _rewritten(phrase.text, statements[0].numerals[0], value, words)
    if said is None:
        return None
    sentence = original[span[0]:span[1]]
    at = phrase.start - span[0]
    return sentence[:at] + said + sentence[at + len(phrase.text):]


# How a relation is said before a count of things (all counted units are countable nouns).
_RELATION_WORDS = {"at least": "at least", "less than": "fewer than", "at most": "at most",
                   "exactly": "exactly"}


def _rewritten(phrase: str, said: int, value: int, words: Optional[str]) -> Optional[str]:
    """`phrase` ("at least 6 times") with its relation words and number saying `words`
    `value` ("fewer than 6 times"), the number in the phrase's own style (digits or
    words); None when the phrase is not a relation, a number and a unit in that order."""
    if words is None:
        return None
    spelled = number_words(said)
    number = re.search(rf"\b(?:{said}|{re.escape(spelled)})\b", phrase, re.IGNORECASE)
    if number is None:
        return None
    before, after = phrase[:number.start()], phrase[number.end():]
    if not before.strip() or not after.strip() or any(
            ch.isdigit() for ch in before + after):
        return None
    digits = number.group(0).isdigit()
    shown = str(value) if digits else number_words(value)
    return f"{words} {shown}{after}"


__all__ = ["as_checked"]
