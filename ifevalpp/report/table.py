"""Plain-text tables for the terminal: aligned columns, no dependencies."""

from __future__ import annotations

from typing import Any, Sequence


def percent(value: float) -> str:
    return "n/a" if value != value else f"{100 * value:.2f}"


def format_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], *,
                 title: str | None = None) -> str:
    """Left-align text columns, right-align numbers; a rule under the header."""
    cells = [[str(cell) for cell in row] for row in rows]
    widths = [len(header) for header in headers]
    for row in cells:
        for position, cell in enumerate(row):
            widths[position] = max(widths[position], len(cell))
    numeric = [all(_looks_numeric(row[position]) for row in cells) if cells else False
               for position in range(len(headers))]

    def line(values: Sequence[str]) -> str:
        parts = [value.rjust(width) if is_number else value.ljust(width)
                 for value, width, is_number in zip(values, widths, numeric)]
        return "  ".join(parts).rstrip()

    out = []
    if title:
        out.append(title)
    out.append(line(list(headers)))
    out.append("  ".join("-" * width for width in widths))
    out.extend(line(row) for row in cells)
    return "\n".join(out)


def _looks_numeric(text: str) -> bool:
    try:
        float(text.rstrip("%"))
    except ValueError:
        return text == "n/a"
    return True
