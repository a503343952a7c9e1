"""format:line_indent — each line is indented by more spaces than the line before.

Blank lines are dropped as IFBench drops them, while iterating over the list it edits: each
removal takes out the first equal blank line and makes the loop skip the line after the one it
was looking at, so of two blank lines in a row one stays (and then breaks the stairs)."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register


def kept_lines(value: str) -> list[str]:
    """IFBench's lines after its removal loop."""
    lines = value.split("\n")
    position = 0
    while position < len(lines):
        line = lines[position]
        if not line.strip():
            lines.remove(line)
        position += 1
    return lines


def indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


@register
class LineIndent(IfbenchConstraint):
    id = "format:line_indent"
    wording = r"create stairs by incrementally indenting each new line"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        lines = kept_lines(response)
        return all(indent(following) > indent(line) for line, following in zip(lines, lines[1:]))

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "Tea\n is\n  warm"
