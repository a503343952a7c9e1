"""What the LLM backend filters a model's cousins by beyond the proofs of checks.py: no prompt
in two families (`Registry`, `cross_family`), and the validator made strict, so a constraint
the cousin no longer states or a new one it states is a rejection (`strict_validator`)."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence, Union

from ...constraints import get, parse_params
from ...schema import Variant
from ..sentences import AT_EVERY_STOP, first_sentence


@dataclass
class Registry:
    """Prompts that belong to a family: every case's original (known before the run) and,
    while a run settles, the cousins of families already settled."""

    originals: dict[str, str] = field(default_factory=dict)      # prompt -> case
    own: dict[str, str] = field(default_factory=dict)            # case -> its original
    first_lines: dict[str, str] = field(default_factory=dict)    # first sentence -> case
    taken: dict[str, str] = field(default_factory=dict)          # settled cousin -> case

    MIN_LINE = 40    # shorter first sentences ("Write a poem.") are no one's own task

    def add_original(self, case: Union[int, str], prompt: str) -> None:
        self.originals.setdefault(prompt, str(case))
        self.own.setdefault(str(case), prompt)
        line = first_sentence(prompt.strip(), **AT_EVERY_STOP)
        if len(line) >= self.MIN_LINE:
            self.first_lines.setdefault(line, str(case))

    def problem(self, case: Union[int, str], prompt: str) -> Optional[str]:
        """Why `prompt` cannot be a cousin of `case`, if it cannot."""
        case = str(case)
        owner = self.originals.get(prompt) or self.taken.get(prompt)
        if owner is not None and owner != case:
            return f"the prompt already belongs to family {owner}"
        own = self.own.get(case, "")
        for line, owner in self.first_lines.items():
            if owner != case and line in prompt and line not in own:
                return f"the prompt contains case {owner}'s original task sentence"
        return None


def cross_family(variants: Sequence[Variant]) -> dict[str, set[str]]:
    """Prompts that occur in more than one family, with the families."""
    cases: dict[str, set[str]] = {}
    for variant in variants:
        cases.setdefault(variant.prompt, set()).add(str(variant.case))
    return {prompt: owners for prompt, owners in cases.items() if len(owners) > 1}


Validator = Callable[[Variant], list[dict[str, Any]]]


def _plainly(variant: Variant, instruction_id: str) -> str:
    """A plain statement of the instruction, for the model's next try."""
    try:
        position = variant.instruction_id_list.index(instruction_id)
        said = get(instruction_id).describe(parse_params(instruction_id,
                                                         variant.kwargs[position]))
    except Exception:  # the reason stays useful without the example
        return ""
    return f" (state it plainly, for example: {said!r})"


def strict_validator(validator: Validator) -> Validator:
    """`validator`, plus an error for a constraint the original states and the cousin does
    not (REFLECT_NOT_FOUND), or a type the cousin states and the case does not store
    (REFLECT_NOT_STORED) that the original did not — except a typed distractor's own."""
    baseline: dict[str, tuple[set[Any], set[Any]]] = {}
    lock = threading.Lock()

    def found(findings: Sequence[dict[str, Any]], code: str) -> set[Any]:
        return {finding.get("instruction_id") for finding in findings
                if finding.get("code") == code}

    def run(variant: Variant) -> list[dict[str, Any]]:
        findings = validator(variant)
        if variant.kind == "original":
            with lock:
                baseline[str(variant.case)] = (found(findings, "REFLECT_NOT_FOUND"),
                                               found(findings, "REFLECT_NOT_STORED"))
            return findings
        with lock:
            missing, unstored = baseline.get(str(variant.case), (set(), set()))
        own = (variant.distractor or {}).get("instruction_id")
        extra = [{"severity": "error", "code": "dropped-constraint",
                  "instruction_id": instruction_id,
                  "message": f"{instruction_id} is no longer stated in the prompt"
                             f"{_plainly(variant, instruction_id)}"}
                 for instruction_id in sorted(found(findings, "REFLECT_NOT_FOUND") - missing)]
        extra += [{"severity": "error", "code": "added-constraint",
                   "instruction_id": instruction_id,
                   "message": f"the prompt now states {instruction_id}, which the case does "
                              f"not check"}
                  for instruction_id in sorted(found(findings, "REFLECT_NOT_STORED")
                                               - unstored - {own})]
        return extra + list(findings)

    return run
