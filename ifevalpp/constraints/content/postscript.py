"""detectable_content:postscript — a postscript starting with a given marker."""

from __future__ import annotations

import functools
import re
from typing import Optional

from ...profiles import Profile
from ..base import Constraint, Params, StrippedText, register


@functools.lru_cache(maxsize=256)
def postscript_pattern(marker: str) -> re.Pattern[str]:
    """The official matching rule: the marker anywhere, case-insensitive, through end of line.

    'P.S.' and 'P.P.S' tolerate one optional space after each dot; any other
    marker is used as a regex.
    """
    if marker == "P.P.S":
        body = r"\s*p\.\s?p\.\s?s.*$"
    elif marker == "P.S.":
        body = r"\s*p\.\s?s\..*$"
    else:
        body = r"\s*" + marker.lower() + r".*$"
    return re.compile(body, re.MULTILINE)


class PostscriptParams(Params):
    postscript_marker: StrippedText


@register
class Postscript(Constraint):
    """The lower-cased response contains the marker somewhere (not only at a line start)."""

    id = "detectable_content:postscript"
    Params = PostscriptParams
    regex_fields = ("postscript_marker",)
    conflicts_with = frozenset({"detectable_format:json_format"})

    def check(self, response: str, params: PostscriptParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return postscript_pattern(params.postscript_marker).search(response.lower()) is not None
