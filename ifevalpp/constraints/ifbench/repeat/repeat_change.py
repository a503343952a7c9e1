"""repeat:repeat_change — the request again with its first word changed: the response differs
from prompt_to_repeat but its whitespace words after the first are the same (a one-word
request is met by any other one-word response)."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, NonEmptyText, Params, register


class RepeatChangeParams(Params):
    prompt_to_repeat: NonEmptyText


@register
class RepeatChange(IfbenchConstraint):
    id = "repeat:repeat_change"
    Params = RepeatChangeParams
    request_field = "prompt_to_repeat"
    wording = r"repeat the request, but change the first word of the repeated request"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        request = params.prompt_to_repeat
        if request == response:
            return False
        return request.split()[1:] == response.split()[1:]

    def contradictions(self, context: Any, item: Any) -> list[Any]:
        problems = super().contradictions(context, item)
        if item.params.prompt_to_repeat not in context.prompt:
            from ...support.case import Problem

            problems.append(Problem("REFLECT_VALUE_ABSENT",
                                    f"{self.id}: prompt_to_repeat is not part of the prompt"))
        return problems

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        words = params.prompt_to_repeat.split()
        return " ".join(["Kindly"] + words[1:]) if words and words[0] != "Kindly" else \
            " ".join(["Please"] + words[1:])
