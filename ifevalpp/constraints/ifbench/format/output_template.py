"""format:output_template — the text holds "My Answer:", "My Conclusion:" and "Future Outlook:"
(anywhere, in any order, case-sensitive)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ....profiles import Profile
from .._base import IfbenchConstraint, register

if TYPE_CHECKING:
    from ...support.requirements import Requirements

LABELS = ("My Answer:", "My Conclusion:", "Future Outlook:")


@register
class OutputTemplate(IfbenchConstraint):
    id = "format:output_template"
    wording = r"use this exact template for your response"

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "ifbench") -> bool:
        return all(label in response for label in LABELS)

    def requires(self, params: Any) -> Requirements:
        from ...support.requirements import Required, Requirements
        return Requirements(texts=tuple(Required(label, f"the label {label!r}",
                                                 case_sensitive=True) for label in LABELS))

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        return "My Answer: yes My Conclusion: good Future Outlook: bright"
