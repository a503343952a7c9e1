"""What every IFBench type home shares: the profiles it answers to, its parameter types, and a
finder driven by the wording IFBench's prompts use.

IFBench's prompts state each constraint in its evaluator's own description wording ("Include
exactly 2 numbers in the response."), so a type home gives that wording as one regular
expression (`wording`, case-insensitive), naming the groups that hold a parameter after the
parameter (`?P<N>`, `?P<small_n>`). From it come the statements (a mention per match and a
value per parameter group), the contradictions (no statement; a stated value other than the
stored one) and what the generators and the validator read through the contract.

Kwargs are read as IFBench reads them: null values dropped, then every other value handed to
the checker as it is (a count of 5.0 stays 5.0). Where IFBench would draw a random value (a
missing, negative or empty parameter) or crash (an unknown parameter), ifevalpp refuses the
kwargs instead (ParamsError, naming the field): a random draw is no verdict.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, Callable, ClassVar, Union

from pydantic import ConfigDict, Field, StrictFloat, StrictInt, StrictStr

from ...profiles import Profile
from ..base import Constraint
from ..parameters import Params
from ..registry import register_in

if TYPE_CHECKING:
    from ..support.case import CaseContext, Item, Problem
    from ..support.statements import Statement

SUITE = "ifbench"
register = register_in(SUITE)

# A count or percentage as IFBench's data gives it (JSON numbers: 5.0 and 5 both occur).
Number = Annotated[Union[StrictInt, StrictFloat], Field(ge=0)]
# A count the checker divides by (`(i + 1) % N`): zero would crash IFBench's checker.
PositiveNumber = Annotated[Union[StrictInt, StrictFloat], Field(gt=0)]
# A 1-based position IFBench uses as a list index (a float would crash it, zero is replaced by
# a random draw).
Position = Annotated[StrictInt, Field(ge=1)]
# A 0-based index into the text to copy.
Index = Annotated[StrictInt, Field(ge=0)]
Text = StrictStr
NonEmptyText = Annotated[StrictStr, Field(min_length=1)]


class AnyKwargs(Params):
    """For IFBench's `custom:*` checkers, whose `build_description(**kwargs)` takes and ignores
    any keyword argument."""

    model_config = ConfigDict(frozen=True, extra="ignore")


def _number(text: str) -> float:
    return float(text.replace(",", ""))


_WORD_NUMBERS = {"once": 1, "twice": 2, "three times": 3, "five times": 5, "seven times": 7}


class IfbenchConstraint(Constraint):
    """Base of IFBench's 58 types (allenai/IFBench at db69a6f). Subclasses set `id`, `Params`,
    `wording` and `check`; `check` branches on `profile == "revised"` where PR #34 fixes it."""

    suite: ClassVar[str] = SUITE
    # How IFBench's prompts state the constraint (matched case-insensitively); a named group
    # holds the parameter of the same name.
    wording: ClassVar[str] = ""
    # How a group's text becomes the parameter's value (default: numbers for numeric fields,
    # the text itself otherwise).
    readers: ClassVar[dict[str, Callable[[str], Any]]] = {}

    def profile_for(self, profile: Profile) -> Profile:
        # IFBench's evaluator is the official one for its types; only `revised` differs.
        return "revised" if profile == "revised" else "ifbench"

    @classmethod
    def pattern(cls) -> re.Pattern[str]:
        compiled = cls.__dict__.get("_compiled")
        if compiled is None:
            compiled = re.compile(cls.wording, re.IGNORECASE)
            cls._compiled = compiled  # type: ignore[attr-defined]  # a per-class cache set at run time
        return compiled

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.statements import statement
        found: list[Statement] = []
        if not self.wording:
            return found
        for match in self.pattern().finditer(prompt):
            found.append(statement(prompt, match.start(), match.end(), (), "mention"))
            for name, value in match.groupdict().items():
                if value is None:
                    continue
                found.append(statement(prompt, match.start(name), match.end(name), (),
                                       "value", value=value, extra=(name,)))
        return found

    def read(self, field: str, said: str) -> Any:
        """The parameter value a stated `said` stands for."""
        reader = self.readers.get(field)
        if reader is not None:
            return reader(said)
        if said.lower() in _WORD_NUMBERS:
            return _WORD_NUMBERS[said.lower()]
        try:
            return _number(said)
        except ValueError:
            return said

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ..support.case import Problem
        found = context.statements(item)
        if not self.wording:
            return []
        if not found:
            return [Problem("REFLECT_NOT_FOUND",
                            f"{self.id}: the prompt never states it in IFBench's wording")]
        problems = []
        for said in found:
            if said.role != "value" or not said.extra:
                continue
            field = said.extra[0]
            stored = getattr(item.params, field, None)
            if stored is None:
                continue
            value = self.read(field, said.value or "")
            if isinstance(stored, str):
                if value.strip().lower() != stored.strip().lower():
                    problems.append(Problem(
                        "REFLECT_VALUE_MISMATCH",
                        f"{self.id}: the prompt says {said.value!r} but {field} is {stored!r}",
                        said.phrase))
            elif value != stored:
                problems.append(Problem(
                    "REFLECT_NUMBER_MISMATCH",
                    f"{self.id}: the prompt says {said.value} but {field} is {stored}",
                    said.phrase))
        return problems

    def literals(self, params: Any) -> list[str]:
        return [value for value in params.model_dump().values() if isinstance(value, str)]


__all__ = ["AnyKwargs", "IfbenchConstraint", "Index", "NonEmptyText", "Number", "Position",
           "PositiveNumber", "SUITE", "Text", "register"]
