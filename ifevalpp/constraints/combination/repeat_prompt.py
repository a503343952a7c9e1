"""combination:repeat_prompt — repeat the request word for word, then answer."""

from __future__ import annotations

from typing import Optional

from ...profiles import Profile
from ..base import Constraint, NonEmptyText, Params, register


class RepeatPromptParams(Params):
    prompt_to_repeat: NonEmptyText


@register
class RepeatPrompt(Constraint):
    """The response starts with the text to repeat (both stripped and lower-cased)."""

    id = "combination:repeat_prompt"
    Params = RepeatPromptParams
    conflicts_with = frozenset({"detectable_format:json_format"})

    def check(self, response: str, params: RepeatPromptParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return response.strip().lower().startswith(params.prompt_to_repeat.strip().lower())
