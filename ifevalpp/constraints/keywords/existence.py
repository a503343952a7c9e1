"""keywords:existence — every keyword occurs in the response."""

from __future__ import annotations

from typing import Annotated, Optional

from pydantic import Field

from ...profiles import Profile
from ..base import Constraint, NonEmptyText, Params, register
from ._patterns import keyword_pattern


class KeywordsParams(Params):
    keywords: Annotated[list[NonEmptyText], Field(min_length=1)]


@register
class KeywordExistence(Constraint):
    """Every keyword occurs (case-insensitive). Official: as a regex substring; revised: whole word."""

    id = "keywords:existence"
    Params = KeywordsParams
    official_regex_fields = ("keywords",)

    def check(self, response: str, params: KeywordsParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return all(keyword_pattern(keyword, profile).search(response)
                   for keyword in params.keywords)
