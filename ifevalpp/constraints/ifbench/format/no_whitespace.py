"""format:no_whitespace — not a single whitespace character (str.isspace)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ....profiles import Profile
from ...support.requirements import Exclusion
from .._base import IfbenchConstraint, register

if TYPE_CHECKING:
    from ...support.requirements import Requirements

_HAS_SPACE = Exclusion(lambda sample: any(char.isspace() for char in sample),
                       "contains whitespace")


@register
class NoWhitespace(IfbenchConstraint):
    id = "format:no_whitespace"
    wording = r"the output should not contain any whitespace"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        return not any(char.isspace() for char in response)

    def requires(self, params: Any) -> Requirements:
        from ...support.requirements import Requirements
        return Requirements(excludes=(_HAS_SPACE,))

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "Yes."
