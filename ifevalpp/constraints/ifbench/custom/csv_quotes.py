"""custom:csv_quotes — the header StudentID, Subject, Grade, Semester, Score (tab-separated, each
optionally quoted) on the first line, then 4 tab-delimited rows in all, every field of every
row quoted.

As IFBench reads it: every '"' is tripled before parsing, so a quoted field keeps its quotes
and passes when its stripped text starts and ends with '"'. An empty field makes IFBench's
checker crash; ifevalpp fails it."""

from __future__ import annotations

import re
from typing import Any, Optional

from ....profiles import Profile
from .._base import AnyKwargs, IfbenchConstraint, register
from ._csv import rows

_HEADER = re.compile(r'^(StudentID|"StudentID")\t *(Subject|"Subject")\t *(Grade|"Grade")\t *'
                     r'(Semester|"Semester")\t *(Score|"Score")$')


def quoted(field: str) -> bool:
    bare = field.strip()
    return bool(bare) and bare[0] == '"' and bare[-1] == '"'


@register
class CsvQuotes(IfbenchConstraint):
    id = "custom:csv_quotes"
    Params = AnyKwargs
    wording = (r'generate csv data: the column names are \["StudentID", "Subject", "Grade", '
               r'"Semester", "Score"\]')

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        if not _HEADER.match(response.split("\n")[0].strip()):
            return False
        data = rows(response.replace('"', '"""'), delimiter="\t")
        if data is None or len(data) != 4:
            return False
        for row in data:
            if len(row) != 5:
                return False
            for field in row:
                if not field.strip():
                    return False  # IFBench: IndexError, the run stops
                if not quoted(field):
                    return False
        return True

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        row = '"a"\t"b"\t"c"\t"d"\t"e"'
        return "\n".join(['"StudentID"\t"Subject"\t"Grade"\t"Semester"\t"Score"'] + [row] * 3)
