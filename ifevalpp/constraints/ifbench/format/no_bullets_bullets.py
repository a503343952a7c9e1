"""format:no_bullets_bullets — at least two sentences before the first '*' line, then only '*'
lines, at least two of them.

As IFBench counts: lines before the first '*' line add their NLTK sentences; but a blank
line there leaves IFBench's flag holding an empty list, so the next line that is not a '*'
line fails the check. After the first '*' line, any other line fails it."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register
from .._reading import sentences


@register
class NoBulletsBullets(IfbenchConstraint):
    id = "format:no_bullets_bullets"
    wording = (r"your answer must contain at least two sentences ending in a period followed "
               r"by at least two bullet points denoted by \*")

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        reading = True  # IFBench's `sentences` flag: True, False, or the last line's sentences
        said = 0
        bullets = 0
        for line in response.split("\n"):
            if line.strip().startswith("*"):
                reading = False
                if said < 2:
                    return False
                bullets += 1
            elif reading:
                found = sentences(line.strip())
                said += len(found)
                reading = bool(found)
            else:
                return False
        return bullets >= 2

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "Tea is warm. Coffee is bitter.\n* green tea\n* black tea"
