"""custom:date_format_list — comma-separated YYYY-MM-DD dates (any Unicode digits), years 1769 to
1821, months up to 12 and days within the month (29 for February; month and day 0 pass)."""

from __future__ import annotations

import re
from typing import Any, Optional

from ....profiles import Profile
from .._base import AnyKwargs, IfbenchConstraint, register

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_LONG = frozenset({1, 3, 5, 7, 8, 10, 12})
_SHORT = frozenset({4, 6, 9, 11})


def plausible(date: str) -> bool:
    if not _DATE.match(date):
        return False
    year, month, day = (int(part) for part in date.split("-"))
    if year < 1769 or year > 1821 or month > 12:
        return False
    if month in _LONG and day > 31 or month in _SHORT and day > 30 or month == 2 and day > 29:
        return False
    return True


@register
class DateFormatList(IfbenchConstraint):
    id = "custom:date_format_list"
    Params = AnyKwargs
    wording = (r"list the start dates of all the battles napoleon fought separated by commas")

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        return all(plausible(date.strip()) for date in response.strip().split(","))

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "1796-04-12, 1805-12-02"
