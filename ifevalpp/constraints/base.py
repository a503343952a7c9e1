"""The Constraint contract and the registry every stage asks.

One class per instruction type knows everything about that type, in one module
(`ifevalpp/constraints/<group>/<type>.py`); `validate/`, `generate/` and
`evaluate/` loop over the registry and ask the type, and never name an id. A
class registers itself with `@register` (or `register(cls)` from outside the
package: a plug-in type, see docs/adding-an-instruction-type.md). The contract,
by stage; every member has a default, so a type implements what applies to it:

checking (the hot path: `check` must stay a pure, allocation-light function)
    id, Params                 the id and the frozen pydantic parameters (ranges, relations)
    check(response, params, *, prompt, profile) -> bool      the strict verdict; a profile's
                               differences (official, revised, …) are branches in here
    around_tolerance, regex_fields, official_regex_fields    what parse_params enforces
    verdict_groups             which profiles judge the type alike (checked once per group)
    paper_unknown_fails        fields whose unknown value ifevalpp-paper fails, not refuses
    profile_for(profile)       the profile whose rules the type applies when asked for one (a
                               benchmark's own types map the profiles onto their evaluator's)
    unavailable() -> reason | None             data the check needs is missing here (check
                               then raises CheckerUnavailable; scoring lists the prompt)

reading a prompt (the validator; the generators use the same spans)
    statements(prompt, params, *, edits=False) -> [Statement]
                               THE finder: where the prompt states it, with the value read
                               there; `edits=True` adds, on request, the tight value and
                               mention spans an edit in place needs (roles edit_value /
                               edit_mention; the generators' layout asks for them)
    locate(prompt, params) -> [Span]           the distinct statement spans
    count: CountSpec           the count parameter, if the type bounds a count; with
      interval(params), count_wording(params), subject(params), count_floor(context, subject)
                               the validator compares stated counts with it generically
    contradictions(context, item) -> [Problem] what the prompt says otherwise (a literal it
                               never names, another marker, …); `reflection_order` 1 runs a
                               type after the others (it reads their statements)
    satisfied_by_presence      a response merely containing something passes it
    quoted_literals(params)    words of the type a prompt may quote (not extra keywords)
    unstored(prompt) -> [(start, end)]         a clear statement of the type, for a case that
                               does not store it (REFLECT_NOT_STORED); `unstored_covered_by`
                               names types that already account for such words

coherence (conflicts) and the witness
    conflicts_with, conflict_reasons, conflict_reason(other_id)
                               types it never holds together with, and why
                               (declared on both sides; one side gives the reason)
    parameter_conflict(params, other) -> reason | None       a clash with another instruction
                               of the case for some settings only, declared by one side
    requires(params) -> Requirements           what a response must contain, must not
                               contain, and a countable budget required texts may use up
    word_cap / words_needed(params, context)   its share of the word-budget check
    unsatisfiable(params) -> [message]         settings no response can pass
    satisfy(params, draft)     its part of the witness response (support.draft.Draft)

generating cousins (generate/): see constraints/generating.py, mixed in here

Type-agnostic pieces the homes are built from live in `constraints/support/`; a home imports
those that only read prompts or generate inside the methods that use them (support/__init__).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Mapping, Optional

from ..profiles import Profile
from .generating import Generating
from .parameters import NoParams, Params
from .support import counts as _counts

if TYPE_CHECKING:
    from .support.case import CaseContext, Item, Problem
    from .support.counts import CountSpec, Interval
    from .support.draft import Draft
    from .support.requirements import WordCap, WordNeed
    from .support.statements import Statement
    from .support.phrases import Span
    from .support.requirements import Requirements

class Constraint(Generating):
    """One verifiable instruction type. Subclasses set `id` and `Params` and implement `check`,
    then whatever else of the contract (module docstring) applies to the type.

    `check` is a pure function of (response, params, prompt, profile): nothing
    is stored on the instance, so one instance serves every thread and every
    loose-mode variant.
    """

    id: ClassVar[str]
    Params: ClassVar[type[Params]] = NoParams
    # Counts compared with 'around' pass within this distance (revised profile).
    around_tolerance: ClassVar[int] = 0
    # Parameters the checker hands to the regex engine: in every profile, or only in 'official'.
    regex_fields: ClassVar[tuple[str, ...]] = ()
    official_regex_fields: ClassVar[tuple[str, ...]] = ()
    # Fields besides the count relations whose unknown value the IFEval++ release answers with
    # False instead of refusing (e.g. a language langdetect never names).
    paper_unknown_fails: ClassVar[tuple[str, ...]] = ()
    # Profiles whose verdicts on this type can differ (valid params, same text): profile ->
    # group. Profiles not listed share one group. Scoring under several profiles checks once
    # per group; a test checks the groups on real and adversarial texts.
    verdict_groups: ClassVar[dict[str, str]] = {}

    @property
    def group(self) -> str:
        return self.id.split(":", 1)[0]

    def profile_for(self, profile: Profile) -> Profile:
        """The profile whose rules this type applies when asked for `profile`: IFEval's types
        judge under 'ifbench' as under 'official' (IFBench's copies of them are not
        reproduced); a benchmark's own types map the profiles onto their evaluator's."""
        return "official" if profile == "ifbench" else profile

    def unavailable(self) -> Optional[str]:
        """Why this type cannot be checked in this installation (data it needs is missing),
        or None. `check` then raises CheckerUnavailable; scoring lists such prompts as not
        scorable instead of guessing a verdict."""
        return None

    def check(self, response: str, params: Any, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        raise NotImplementedError

    # ------------------------------------------------------------ reading a prompt

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        """Where `prompt` states this constraint, in prompt order (`params` may be None: then
        only what needs no parameter is read). With `edits`, also the edit spans."""
        return []

    def locate(self, prompt: str, params: Any) -> list[Span]:
        """The distinct spans (sorted) where `prompt` states this constraint."""
        from .support.statements import located_spans
        return located_spans(self.statements(prompt, params))

    # The count this type bounds (None: it counts nothing).
    count: ClassVar[Optional[CountSpec]] = None

    def interval(self, params: Any) -> Interval:
        """The counts the checker accepts for this instruction (types with a `count`)."""
        assert self.count is not None, f"{self.id} counts nothing"
        return _counts.interval(self.count, params, self.around_tolerance)

    def count_wording(self, params: Any) -> str:
        """The stored count parameters as a message quotes them."""
        assert self.count is not None, f"{self.id} counts nothing"
        return _counts.wording(self.count, params)

    def subject(self, params: Any) -> str:
        """What the count is of, when the type counts one thing among many (a keyword, a
        letter); instructions with the same subject are compared together."""
        return ""

    def count_floor(self, context: CaseContext, subject: str) -> int:
        """The fewest the response can have in this case (the count's floor, unless another
        instruction requires more)."""
        return self.count.floor if self.count is not None else 0

    # Contradictions of a type with order 1 come after all others (they read other statements).
    reflection_order: ClassVar[int] = 0

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        """What the prompt says about this instruction that disagrees with its parameters."""
        return []

    # A response that merely contains something (a title, a keyword) passes the checker.
    satisfied_by_presence: ClassVar[bool] = False

    def quoted_literals(self, params: Any) -> tuple[str, ...]:
        """Literal words of this instruction a prompt may quote (lower-cased)."""
        return ()

    # Types whose presence in a case accounts for words `unstored` would flag.
    unstored_covered_by: ClassVar[frozenset[str]] = frozenset()

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        """Where `prompt` clearly states this type (for a case that does not store it)."""
        return []

    # ------------------------------------------------------------ coherence and the witness

    # Instruction ids this type can never hold together with (kept symmetric by a test).
    conflicts_with: ClassVar[frozenset[str]] = frozenset()
    # Why, per id of `conflicts_with`; one side of each pair gives the reason.
    conflict_reasons: ClassVar[Mapping[str, str]] = {}

    def conflict_reason(self, other_id: str) -> Optional[str]:
        return self.conflict_reasons.get(other_id)

    def parameter_conflict(self, params: Any, other: Item) -> Optional[str]:
        """Why this instruction cannot hold with `other` for these settings, if it cannot."""
        return None

    def requires(self, params: Any) -> Requirements:
        """What every passing response must contain and must not contain."""
        from .support.requirements import NOTHING
        return NOTHING

    def word_cap(self, params: Any, context: CaseContext) -> Optional[WordCap]:
        """At most how many words the response may have under this instruction."""
        return None

    def words_needed(self, params: Any, context: CaseContext) -> Optional[WordNeed]:
        """At least how many words this instruction needs of the response."""
        return None

    def unsatisfiable(self, params: Any) -> list[str]:
        """Why no response can pass this instruction alone (besides an empty count range)."""
        return []

    def satisfy(self, params: Any, draft: Draft) -> None:
        """Write this instruction's part of the witness response into `draft`."""

    def witness(self, params: Any, prompt: str) -> Optional[str]:
        """A whole response passing this instruction alone, for types whose needs no `Draft`
        part expresses (IFBench's): the witness builder tries these texts, alone and joined,
        before the draft (None: the type offers none)."""
        return None
