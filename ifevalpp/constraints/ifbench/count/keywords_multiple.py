"""count:keywords_multiple — keyword1 once, keyword2 twice, keyword3 three times, keyword4 five
times and keyword5 seven times (each keyword stripped of surrounding whitespace first).

IFBench counts case-insensitive substring occurrences ("door" inside "indoors"); `revised`
counts whole words (between \\b boundaries, case-insensitive), as IFBench's PR #34 does."""

from __future__ import annotations

import re
from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, Params, Text, register

TIMES = (1, 2, 3, 5, 7)
FIELDS = ("keyword1", "keyword2", "keyword3", "keyword4", "keyword5")


class KeywordsMultipleParams(Params):
    keyword1: Text
    keyword2: Text
    keyword3: Text
    keyword4: Text
    keyword5: Text


@register
class KeywordsMultiple(IfbenchConstraint):
    id = "count:keywords_multiple"
    Params = KeywordsMultipleParams
    verdict_groups = {"revised": "revised"}
    wording = (r"include keyword (?P<keyword1>\S+) once in your response, keyword "
               r"(?P<keyword2>\S+) twice in your response, keyword (?P<keyword3>\S+) three "
               r"times in your response, keyword (?P<keyword4>\S+) five times in your response, "
               r"and keyword (?P<keyword5>\S+) seven times")
    readers = {name: str for name in FIELDS}

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        if profile == "revised":
            for name, times in zip(FIELDS, TIMES):
                pattern = r"\b" + re.escape(getattr(params, name).strip()) + r"\b"
                if len(re.findall(pattern, response, flags=re.IGNORECASE)) != times:
                    return False
            return True
        lowered = response.lower()
        for name, times in zip(FIELDS, TIMES):
            if lowered.count(getattr(params, name).strip().lower()) != times:
                return False
        return True

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        words = [getattr(params, name).strip() for name in FIELDS]
        return " ".join(" ".join([word] * times) for word, times in zip(words, TIMES))
