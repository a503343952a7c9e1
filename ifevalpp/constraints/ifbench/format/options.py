"""format:options — the answer is one of the options (the options string split at "/", else at
"or", else at ","; each piece stripped).

Letter options ("a), b), c)": the string matches \\W*[aA]\\W*[bB]\\W*[cC]) must be answered
exactly as written, unstripped; other options match ignoring case and ASCII punctuation and
spaces at the ends."""

from __future__ import annotations

import functools
import re
from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, Params, Text, register
from .._reading import PUNCT_SPACE

_LETTERS = re.compile(r"\W*[aA]\W*[bB]\W*[cC]\W*")


class OptionsParams(Params):
    options: Text


@functools.lru_cache(maxsize=256)
def parse_options(options: str) -> tuple[bool, tuple[str, ...]]:
    """(exact, the options) as IFBench's build_description reads the string."""
    exact = _LETTERS.match(options) is not None
    separator = "/" if "/" in options else "or" if "or" in options else ","
    return exact, tuple(option.strip() for option in options.split(separator))


@register
class Options(IfbenchConstraint):
    id = "format:options"
    Params = OptionsParams
    wording = r"answer with one of the following options: (?P<options>.+?)\.(?:\s|$)"
    readers = {"options": str}

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        exact, options = parse_options(params.options)
        if exact:
            return response in options
        answer = response.strip(PUNCT_SPACE).lower()
        return any(option.strip(PUNCT_SPACE).lower() == answer for option in options)

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return parse_options(params.options)[1][0] or None
