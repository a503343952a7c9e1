"""Reading a response as CSV rows the way IFBench's CSV checkers read it (Python's csv module)."""

from __future__ import annotations

import csv
import io
from typing import Optional


def rows(value: str, delimiter: str = ",") -> Optional[list[list[str]]]:
    """The rows `csv.reader(io.StringIO(value))` yields, or None where it raises (IFBench's run
    would stop there)."""
    try:
        return list(csv.reader(io.StringIO(value), delimiter=delimiter))
    except csv.Error:
        return None
