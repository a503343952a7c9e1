"""The pieces a `Layout` is made of: its units and the layout itself, as plain data, with
`local_spans`. Apart from prompt/layout.py (which builds them) so that what reads a layout
(prompt/stated.py, prompt/substitute.py) needs nothing that builds one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:
    from .repeat import RepeatInfo

Spans = list[tuple[int, int]]


@dataclass(frozen=True)
class Unit:
    """A sentence-like piece of the prompt: prompt[start:end], preceded by `sep`."""

    start: int
    end: int
    text: str
    sep: str
    owners: frozenset[int] = frozenset()
    pure: bool = False
    # A statement that asks more than its types can say anew (an aside, what it applies to,
    # a block of lines): it stays word for word in every cousin that keeps the task, with
    # a changed value edited in place.
    kept: bool = False


@dataclass
class Layout:
    prompt: str
    ids: list[str]
    params: list[Any]
    kwargs: list[dict[str, Any]]
    units: list[Unit]
    evidence: dict[int, Spans]      # constraint index -> spans in prompt
    values: dict[int, Spans]        # spans holding the parameter value
    repeat: Optional[RepeatInfo] = None
    tight: dict[int, Spans] = field(default_factory=dict)  # phrase-level spans
    # The position of the instruction whose type repeats part of the prompt (None: none);
    # `repeat` says where that text sits, when the prompt has it.
    echo: Optional[int] = None

    # ------------------------------------------------------------ views

    def units_of(self, index: int) -> list[Unit]:
        return [unit for unit in self.units if index in unit.owners]

    def task_units(self) -> list[Unit]:
        return [unit for unit in self.units if not unit.pure]

    def task_quotes(self) -> list[str]:
        """What the task quotes, in straight or curly double quotation marks."""
        task = " ".join(unit.text for unit in self.task_units())
        return [quoted for pair in re.findall(r'"([^"]+)"|“([^”]+)”', task)
                for quoted in pair if quoted]

    def region(self) -> tuple[int, int]:
        """The part of the prompt the units cover (the request, for repeat cases)."""
        if self.repeat is not None:
            return self.repeat.start, self.repeat.end
        return 0, len(self.prompt)


def local_spans(layout: Layout, unit: Unit, index: int) -> Spans:
    """The constraint's phrase-level spans inside `unit`, relative to the unit."""
    spans = layout.tight.get(index) or layout.evidence.get(index, [])
    return [(max(s, unit.start) - unit.start, min(e, unit.end) - unit.start) for s, e in spans
            if s < unit.end and e > unit.start]
