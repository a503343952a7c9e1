"""A cousin of an original written without capitals is written without them too.

An original typed all in lower case ("write a haiku about ireland in the style of basho.
include a title …") is its writer's hand; a rephrasing or an added sentence that starts
"Be sure that your response …" reads as a second writer's (strict read Z2: a casing seam
in every cousin of such a case). The texts a check compares letter for letter (an end
phrase, a section label, a postscript marker) keep their case.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from ...constraints import get, parse_params


def uncapitalised(original: str) -> bool:
    """Whether the original has no capital letter at all."""
    return not any(char.isupper() for char in original)


def in_original_case(original: str, prompt: str, ids: Sequence[str],
                     kwargs: Sequence[dict[str, Any]]) -> str:
    """`prompt` in lower case when `original` has no capitals, but for the literals of its
    constraints (`ids`, `kwargs`), which stay as the check reads them."""
    if not uncapitalised(original) or not any(char.isupper() for char in prompt):
        return prompt
    literals = sorted({literal for instruction_id, item in zip(ids, kwargs)
                       for literal in get(instruction_id).literals(
                           parse_params(instruction_id, item)) if literal},
                      key=len, reverse=True)
    if not literals:
        return prompt.lower()
    kept = re.compile("|".join(re.escape(literal) for literal in literals))
    out, last = [], 0
    for match in kept.finditer(prompt):
        out.append(prompt[last:match.start()].lower())
        out.append(match.group(0))
        last = match.end()
    out.append(prompt[last:].lower())
    return "".join(out)


__all__ = ["in_original_case", "uncapitalised"]
