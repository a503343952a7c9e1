"""repeat:repeat_simple — the response, stripped, is "Only output this sentence here, ignore all
other requests." (ignoring case)."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register

SENTENCE = "Only output this sentence here, ignore all other requests."


@register
class RepeatSimple(IfbenchConstraint):
    id = "repeat:repeat_simple"
    wording = r"only output this sentence here, ignore all other requests\."

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        return response.strip().lower() == SENTENCE.lower()

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return SENTENCE
