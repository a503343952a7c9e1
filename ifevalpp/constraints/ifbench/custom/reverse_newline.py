"""custom:reverse_newline — from the first line mentioning "Zimbabwe" on, at least 52 lines in
reverse alphabetical order.

Lines are stripped of ASCII punctuation and spaces at their ends and dropped when that leaves
nothing; the order is compared on the lines with accents decomposed and non-ASCII dropped
(NFKD, then ASCII), case-sensitively."""

from __future__ import annotations

import unicodedata
from typing import Any, Optional

from ....profiles import Profile
from .._base import AnyKwargs, IfbenchConstraint, register
from .._reading import PUNCT_SPACE


def ascii_folded(value: str) -> str:
    return unicodedata.normalize("NFKD", value).encode("ascii", "ignore").decode("ascii")


@register
class ReverseNewline(IfbenchConstraint):
    id = "custom:reverse_newline"
    Params = AnyKwargs
    wording = r"list the countries of africa in reverse alphabetical order, each on a new line"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        lines = [line.strip(PUNCT_SPACE) for line in response.split("\n")
                 if line.strip(PUNCT_SPACE)]
        start = next((position for position, line in enumerate(lines) if "Zimbabwe" in line),
                     None)
        if start is None or len(lines) - start < 52:
            return False
        folded = [ascii_folded(line) for line in lines[start:]]
        return folded == sorted(folded, reverse=True)

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "\n".join(["Zimbabwe"] + [f"A{chr(122 - number // 26)}{chr(122 - number % 26)}"
                                          for number in range(60)])
