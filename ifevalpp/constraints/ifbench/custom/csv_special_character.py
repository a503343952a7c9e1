"""custom:csv_special_character — the header ProductID, Category, Brand, Price, Stock (each
optionally quoted, spaces or tabs after the commas) on the first line, 15 CSV rows in all,
and a quoted field with a character that is neither a word character nor whitespace.

As IFBench reads it: every '"' is tripled before parsing, so a quoted field keeps its
quotes; the rows are then read in order, a row without 5 fields failing, until a row holds a
field matching '"…special…"'; reaching the end without one fails."""

from __future__ import annotations

import re
from typing import Any, Optional

from ....profiles import Profile
from .._base import AnyKwargs, IfbenchConstraint, register
from ._csv import rows

_HEADER = re.compile(r'^(ProductID|"ProductID"),[ \t]*(Category|"Category"),[ \t]*'
                     r'(Brand|"Brand"),[ \t]*(Price|"Price"),[ \t]*(Stock|"Stock")$')
_SPECIAL = re.compile(r'".*[^\d\w\s].*"')


@register
class CsvSpecialCharacter(IfbenchConstraint):
    id = "custom:csv_special_character"
    Params = AnyKwargs
    wording = (r'generate csv data: the column names are \["ProductID", "Category", "Brand", '
               r'"Price", "Stock"\](?:.*?enclose it in double quotes)?')

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        if not _HEADER.match(response.split("\n")[0].strip()):
            return False
        data = rows(response.replace('"', '"""'))
        if data is None or len(data) != 15:
            return False
        for row in data[1:]:
            if len(row) != 5:
                return False
            if any(_SPECIAL.match(field) for field in row):
                return True
        return False

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        lines = ["ProductID,Category,Brand,Price,Stock", '1,Tools,"A&B",10,5']
        lines += [f"{number},Tools,Acme,10,5" for number in range(2, 15)]
        return "\n".join(lines)
