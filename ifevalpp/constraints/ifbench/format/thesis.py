"""format:thesis — an HTML-italic thesis with text after it.

As IFBench reads it: from the first "<i>" (else the first "<em>"), the first "</i>" (else
"</em>") after it ends the thesis; the thesis is taken as the text from 3 characters after the
opening (so with "<em>" it keeps the ">") to the closing tag, must not be blank, and what
follows 4 characters after the closing tag's start (so "</em>" leaves its ">") must not be
blank."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register


@register
class Thesis(IfbenchConstraint):
    id = "format:thesis"
    wording = r"each section must begin with a thesis statement in italics"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        start = response.find("<i>")
        if start == -1:
            start = response.find("<em>")
            if start == -1:
                return False
        rest = response[start:]
        end = rest.find("</i>")
        if end == -1:
            end = rest.find("</em>")
            if end == -1:
                return False
        return rest[3:end].strip() != "" and rest[end + 4:].strip() != ""

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "<i>Tea matters.</i> It warms us."
