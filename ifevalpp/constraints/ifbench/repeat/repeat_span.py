"""repeat:repeat_span — the response, stripped, is the span n_start..n_end (both included) of
prompt_to_repeat, stripped, ignoring case.

IFBench takes characters n_start to n_end of the text, though its prompts say "the indices are
word indices, split by whitespace"; `revised` takes those whitespace words, joined by single
spaces, as IFBench's PR #34 does."""

from __future__ import annotations

from typing import Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, Index, NonEmptyText, Params, register


class RepeatSpanParams(Params):
    prompt_to_repeat: NonEmptyText
    n_start: Index
    n_end: Index


def span(params: Any, profile: Profile) -> str:
    if profile == "revised":
        return " ".join(params.prompt_to_repeat.split()[params.n_start:params.n_end + 1])
    return params.prompt_to_repeat[params.n_start:params.n_end + 1]


@register
class RepeatSpan(IfbenchConstraint):
    id = "repeat:repeat_span"
    Params = RepeatSpanParams
    request_field = "prompt_to_repeat"
    verdict_groups = {"revised": "revised"}
    wording = (r"copy the span of words that lies between \(and including\) index "
               r"(?P<n_start>\d+) and (?P<n_end>\d+)")
    readers = {"n_start": int, "n_end": int}

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        return response.strip().lower() == span(params, profile).strip().lower()

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return span(params, "ifbench").strip() or None
