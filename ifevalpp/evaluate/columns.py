"""Tables as named columns, written to CSV without pandas.

`score` writes its CSV files on every run, but builds no data frame: importing
pandas alone costs about as long as checking every GPT-4 answer. A `Columns`
holds what a frame would (column names, one sequence per column) and writes
the text `DataFrame.to_csv(index=False, float_format=...)` writes for the same
data, byte for byte (tests/evaluate/test_columns.py compares them); `to_frame`
builds the frame for whoever asks for one, importing pandas then.

A column's values are read as pandas reads them when it builds a frame from
rows: whole numbers with a missing value become floats, booleans with a missing
value stay objects, and so on (`_kind`); floats are written with the format,
missing values as empty fields, everything else as `str` gives it.
"""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any, Iterable, Mapping, Sequence

import numpy as np

if TYPE_CHECKING:
    import pandas as pd


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, (float, np.floating)) and math.isnan(value))


def _kind(values: Sequence[Any]) -> str:
    """'float', 'int', 'bool' or 'object': the dtype pandas gives a column of these values."""
    if isinstance(values, np.ndarray) and values.dtype != object:
        return "float" if values.dtype.kind in "fc" else "bool" if values.dtype.kind == "b" \
            else "int" if values.dtype.kind in "iu" else "object"
    present = [value for value in values if not _missing(value)]
    if not present:
        return "object" if any(value is None for value in values) else "float"
    if all(isinstance(value, (bool, np.bool_)) for value in present):
        return "bool" if len(present) == len(values) else "object"
    numbers = (int, float, np.integer, np.floating)
    if all(isinstance(value, numbers) and not isinstance(value, (bool, np.bool_))
           for value in present):
        whole = all(isinstance(value, (int, np.integer)) for value in present)
        return "int" if whole and len(present) == len(values) else "float"
    return "object"


@dataclass
class Columns:
    """Named columns of equal length, in order."""

    names: list[str]
    data: dict[str, Sequence[Any]] = field(default_factory=dict)

    @classmethod
    def from_rows(cls, rows: Iterable[Mapping[str, Any]], names: Sequence[str]) -> Columns:
        rows = list(rows)
        return cls(list(names), {name: [row.get(name) for row in rows] for name in names})

    def __len__(self) -> int:
        return len(self.data[self.names[0]]) if self.names else 0

    @property
    def empty(self) -> bool:
        return len(self) == 0

    def add(self, name: str, values: Sequence[Any] | Any) -> Columns:
        """This table with one more column (a single value is repeated on every row)."""
        if isinstance(values, (str, int, float)) or values is None:
            values = [values] * len(self)
        return Columns(self.names + [name], {**self.data, name: values})

    def write_csv(self, handle: IO[str], *, float_format: str = "%.6f") -> None:
        """What `to_frame().to_csv(handle, index=False, float_format=float_format)` writes."""
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(self.names)
        if self.empty:
            return
        formatted = [_format_column(self.data[name], float_format) for name in self.names]
        writer.writerows(zip(*formatted))

    def to_frame(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame({name: self.data[name] for name in self.names}, columns=self.names)


def _format_column(values: Sequence[Any], float_format: str) -> list[str]:
    kind = _kind(values)
    if kind == "float":
        return ["" if _missing(value) else float_format % float(value) for value in values]
    if kind == "int":
        return [str(int(value)) for value in values]
    if kind == "bool":
        return [str(bool(value)) for value in values]
    return ["" if _missing(value) else str(value) for value in values]


__all__ = ["Columns"]
