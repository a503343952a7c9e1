"""format:list — the marker `sep` occurs at least twice (anywhere, not only at line starts)."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, Params, Text, register


class ListParams(Params):
    sep: Text


@register
class List(IfbenchConstraint):
    id = "format:list"
    Params = ListParams
    wording = r"instead of bullet points use (?P<sep>\S+?)\.?(?=\s|$)"
    readers = {"sep": str}

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        return response.count(params.sep) >= 2

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return f"{params.sep} tea\n{params.sep} coffee"
