"""custom:csv_city — CSV (comma-delimited, Python's csv module) of 8 rows: the header
ID,Country,City,Year,Count exactly, then 7 rows of 5 fields."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import AnyKwargs, IfbenchConstraint, register
from ._csv import rows

HEADER = ["ID", "Country", "City", "Year", "Count"]


@register
class CsvCity(IfbenchConstraint):
    id = "custom:csv_city"
    Params = AnyKwargs
    wording = (r'generate csv data: the column names are \["ID", "Country", "City", "Year", '
               r'"Count"\]')

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        data = rows(response)
        return (data is not None and len(data) == 8 and data[0] == HEADER
                and all(len(row) == 5 for row in data[1:]))

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "\n".join(["ID,Country,City,Year,Count"] +
                         [f"{number},France,Paris,2000,{number}" for number in range(1, 8)])
