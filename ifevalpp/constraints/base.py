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

generating cousins (generate/)
    propose(params, rng, *, profile, **options) -> kwargs
    reconfigure(params, rng, *, profile, direction, step, **options) -> Params
                               another valid setting (`reconfigurable` when implemented);
                               further keywords (a direction) pass through to `propose`;
                               `follows_task`: a setting the task builds to (an end line),
                               changed only with the task
    harder(params, rng, *, step, of, profile) -> Params | None   the `step`-th of `of`
                               increasingly hard settings (default: the count moved the hard
                               way); harder_ceiling, harder_floor, harder_ladder bound it and
                               harder_limits(relation) -> (floor, ceiling) reads them
    sketch_texts(params), sketch(params, sketch)   the generators' quick feasibility check
    wording_path / wording_source; variants(style), render_variant(params, style, variant),
      render(params, "style[:n]"), describe(params)
                               the jinja2 wording (templates/constraints/<id>.j2)
    grammar_path, grammar(), wording_params(params, **context), phrase(params, rng, styles),
      range_with(params, other), wording_beside(params, others)
                               the wording grammar (templates/constraints/<id>.grammar, picked
                               up when the file exists, else `grammar_path`); the generators
                               only call `phrase`, which words the type by its grammar when it
                               has one, else by its jinja2 file
    restate(field, before, after, piece)       a changed value edited inside a sentence
    speaks_of_end              its wording speaks of the end of the text (no "while you write"
                               frame: the grammar's `at_end`)
    short_answer               a passing answer is a few words (the plain answer is short)
    script_needs               what the response's script must have for the check to mean
                               anything (support/languages.WRITING): no language change loses it
    literals(params), format_phrase, names_parts, topic_field, literal_bound_to_task(params)
                               what the generators must keep, may cut, or must rebuild;
      topic_use(params)        whether a task swap picks the topic words from what the new
                               task will use anyway (a ban bites), its subject's nouns (a
                               word to repeat) or what it invites (a word to include)
    script_needs, language_of(params)          what the response's script must have for the
                               check to mean anything, and the language a setting asks for
    request_field, request_span(prompt, params), fit_request(text)
                               a type that echoes part of the prompt: which parameter, where
                               the prompt holds it (read once, by every stage), and the text
                               adapted so that this instruction can still hold
    spent_by_copy(params, copied)
                               why the text the reply copies first already spends what it
                               allows (a capped word in the request to repeat)
    task_needs, task_avoids, task_avoids_for(params), task_words(params), task_room(params),
      task_bites_from(params), room_per_count
                               what a new task must offer or must not be (features of
                               generate/tasks/; under a setting: no list of items in two
                               sentences), the answer length it states, the words a
                               piece needs to hold what it asks for, and the length below
                               which a piece meets it by itself
    proposes_for_piece, suits_piece(params, piece)
                               whether a new setting is drawn for the kind of piece the task
                               asks for (an end line: generate/plain.end_register), and
                               whether a setting suits such a piece
    competes_as_format, distractor_effects, competing_effects(params), distractor_settings(seen),
      distractor_suits         whether and how the type can be a distractor's competing
                               requirement (effect names from generate/competing/catalogue.py)
    refuses_effects, refuses_effects_in(prompt)
                               what a competing requirement may not add beside it (here)
    interfering_distractors()  the context sentences never added beside it (the `interferes`
                               lists of templates/distractors/, read by support/interference.py)

Type-agnostic pieces the homes are built from live in `constraints/support/`.
"""

from __future__ import annotations

import importlib
import re
import threading
from pathlib import Path
from typing import (TYPE_CHECKING, Annotated, Any, ClassVar, Literal, Mapping, Optional,
                    Sequence)

from pydantic import (AfterValidator, BaseModel, ConfigDict, Field, StrictInt, StrictStr,
                      ValidationError)

from ..errors import ParamsError, UnknownInstructionError
from ..profiles import Profile
from .support import counts as _counts
from .support.phrases import Span
from .support.requirements import NOTHING, Requirements

if TYPE_CHECKING:
    from .support.case import CaseContext, Item, Problem
    from .support.counts import CountSpec, Interval
    from .support.draft import Draft
    from .support.requirements import WordCap, WordNeed
    from .support.sketch import Sketch
    from .support.statements import Statement

# ---------------------------------------------------------------- shared parameter types

Relation = Literal["less than", "at least", "at most", "around"]
OFFICIAL_RELATIONS: frozenset[str] = frozenset({"less than", "at least"})
Count = Annotated[StrictInt, Field(ge=0)]
PositiveCount = Annotated[StrictInt, Field(ge=1)]
NonEmptyText = Annotated[StrictStr, Field(min_length=1)]


def _stripped_non_blank(value: str) -> str:
    stripped = value.strip()
    if not stripped:
        raise ValueError("must not be blank")
    return stripped


# Text the checker compares after stripping (markers, splitter words, keywords).
StrippedText = Annotated[StrictStr, AfterValidator(_stripped_non_blank)]

# Language codes langdetect can return; a response_language outside them could never pass.
LANGUAGE_CODES: tuple[str, ...] = (
    "af", "ar", "bg", "bn", "ca", "cs", "cy", "da", "de", "el", "en", "es", "et", "fa", "fi", "fr",
    "gu", "he", "hi", "hr", "hu", "id", "it", "ja", "kn", "ko", "lt", "lv", "mk", "ml", "mr", "ne",
    "nl", "no", "pa", "pl", "pt", "ro", "ru", "sk", "sl", "so", "sq", "sv", "sw", "ta", "te", "th",
    "tl", "tr", "uk", "ur", "vi", "zh-cn", "zh-tw")


class Params(BaseModel):
    """Base of every Params model: frozen (safe to share), unknown keys rejected. Each model's
    validator is built on its first use (defer_build): a run checks a few of the ~80 types."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class NoParams(Params):
    """For instruction types that take no parameters."""


def compare(count: int, relation: str, target: int, *, tolerance: int,
            profile: Profile) -> bool:
    """Apply a count relation. 'less than' is strict (<) and 'at least' is >= in every profile.

    'at most' and 'around' exist in the revised and ifevalpp-paper profiles; the
    official evaluator refuses them, and so do we rather than guess.
    """
    if relation == "less than":
        return count < target
    if relation == "at least":
        return count >= target
    if profile == "official":
        raise ParamsError(f"relation {relation!r} is only checked by the 'revised' and "
                          f"'ifevalpp-paper' profiles; the official evaluator accepts 'less "
                          f"than' and 'at least'", field="relation")
    if relation == "at most":
        return count <= target
    if relation == "around":
        return abs(count - target) <= tolerance
    raise ParamsError(f"unknown relation {relation!r}", field="relation")  # pragma: no cover


# ---------------------------------------------------------------- the contract


class Constraint:
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

    # ------------------------------------------------------------ generating cousins

    def propose(self, params: Any, rng: Any, *, profile: Profile = "official",
                **options: Any) -> dict[str, Any]:
        """Kwargs of another plausible setting (may equal `params`: `reconfigure` asks again).
        `options` are the reconfiguration's further keywords, passed through unchanged."""
        raise ValueError(f"{self.id} has no parameters to reconfigure")

    @property
    def reconfigurable(self) -> bool:
        """Whether the type has parameters a reconfiguration can change."""
        return type(self).propose is not Constraint.propose

    # A setting the task builds to (an end line: "…and you will be successful.", a trap such
    # as "Which one you choose?") changes only with the task: swapped for a stock closing
    # beside the same task, it makes the cousin easier, never harder.
    follows_task: ClassVar[bool] = False

    # The largest counted value a harder setting may ask for (None: three times the current
    # value is the limit; see constraints/support/harder.py).
    harder_ceiling: ClassVar[Optional[int]] = None
    # Values a person would ask for (a harder setting prefers them), per relation.
    harder_ladder: ClassVar[tuple[int, ...]] = ()
    # The smallest "less than" bound a harder setting may ask for ("less than 1 time" means
    # never, which no one says that way).
    harder_floor: ClassVar[int] = 0

    def harder_limits(self, relation: str) -> tuple[int, int]:
        """The fewest and the most a harder setting of the count may ask for under `relation`:
        above the count's floor ("less than" one more: "less than 1" means never), at least
        `harder_floor`, at most `harder_ceiling` (the one place both backends read)."""
        spec = self.count
        assert spec is not None, f"{self.id} counts nothing"
        floor = max(spec.floor + 1 if relation == "less than" else max(spec.floor, 1),
                    self.harder_floor)
        return floor, self.harder_ceiling or 10**6

    def harder(self, params: Any, rng: Any, *, step: int = 1, of: int = 3,
               profile: Profile = "official") -> Optional[Any]:
        """The setting `step` of `of` increasingly hard ones, or None when the type has no
        direction (a language, a marker). Default: the counted value moved the hard way —
        more for "at least", fewer for "less than" and "at most", and more for an exact
        count (more bullets, more paragraphs: more parts to get exactly right)."""
        spec = self.count
        if spec is None:
            return None
        from .support.harder import harder_value
        relation = ("at least" if spec.shape in ("at_least", "exact")
                    else getattr(params, spec.relation_field or ""))
        current = getattr(params, spec.field)
        floor, ceiling = self.harder_limits(relation)
        value = harder_value(current, relation, step, of=of, floor=floor, ceiling=ceiling,
                             ladder=self.harder_ladder, max_factor=1.5)
        if value is None or value == current:
            return None
        return parse_params(self.id, {**params.model_dump(exclude_none=True), spec.field: value},
                            profile=profile)

    def reconfigure(self, params: Any, rng: Any, *, profile: Profile = "official",
                    direction: str = "any", step: int = 1, **options: Any) -> Any:
        """A different valid setting (ValueError for a type without parameters to change).
        `direction="harder"` asks for the `step`-th (of three) increasingly hard setting where
        the type has a direction (`harder`); otherwise any other setting. Further keyword
        `options` go to `propose` as they are."""
        if direction == "harder":
            found = self.harder(params, rng, step=step, profile=profile)
            if found is not None:
                return found
        for _ in range(20):
            new = parse_params(self.id, self.propose(params, rng, profile=profile, **options))
            if new != params:
                return new
        raise ValueError(f"{self.id}: could not find a different setting")  # pragma: no cover

    # Whether `propose` takes `piece=` (generate/plain.end_register: "letter", "verse", …):
    # a new setting is then one that suits the kind of piece the task asks for.
    proposes_for_piece: ClassVar[bool] = False

    def suits_piece(self, params: Any, piece: str) -> bool:
        """Whether the setting suits a piece of that kind (an end line "Stay curious." does
        not close a cover letter); a task swap renews a setting that does not."""
        return True

    def sketch_texts(self, params: Any) -> list[str]:
        """Text a passing response has to contain, for the generators' quick check."""
        return []

    def sketch(self, params: Any, sketch: Sketch) -> Optional[str]:
        """Narrow the rough word and sentence range, or say why the set cannot hold."""
        return None

    # The wording file (None: templates/constraints/<id>.j2), or the template text itself.
    wording_path: ClassVar[Optional[Path]] = None
    wording_source: ClassVar[Optional[str]] = None

    def variants(self, style: str) -> int:
        """How many wordings the type has in `style`."""
        from .support import wording
        return wording.variants(wording.wording_module(self), style)

    def render_variant(self, params: Any, style: str, variant: int = 0) -> str:
        """One wording: `style` (imperative, declarative, question, list), variant `variant`."""
        from .support import wording
        return wording.render_macro(wording.wording_module(self), params, style, variant)

    def render(self, params: Any, style: str) -> str:
        """Phrase the constraint: style 'imperative', 'declarative', 'question' or 'list'
        (':<n>' picks a variant)."""
        from .support.wording import parse_style
        return self.render_variant(params, *parse_style(style))

    # What a competing format requirement may not add beside this constraint (names from
    # generate/competing/catalogue.EFFECTS): a JSON-only reply takes no heading, a postscript no
    # sign-off after it. Texts `requires` pins at the start or end are refused on top.
    refuses_effects: ClassVar[frozenset[str]] = frozenset()

    def refuses_effects_in(self, prompt: str) -> frozenset[str]:
        """`refuses_effects` for the prompt at hand: a type may refuse more where the prompt
        leaves the reply nothing beyond what it checks ("Answer with exactly one of …")."""
        return self.refuses_effects
    # What a new task must offer for this constraint to suit it, and what it must not be
    # (features of generate/tasks/: structured, question, list, paragraphs, …).
    task_needs: ClassVar[frozenset[str]] = frozenset()
    task_avoids: ClassVar[frozenset[str]] = frozenset()

    def task_avoids_for(self, params: Any) -> frozenset[str]:
        """What a new task must not be under this setting (default: `task_avoids`): a cap
        of two sentences takes no list of several items."""
        return self.task_avoids

    def task_words(self, params: Any) -> Optional[tuple[Optional[int], Optional[int]]]:
        """The answer length (fewest, most words) the constraint states, if any: a new task
        must be a kind of piece this length bites on (generate/tasks/maker.py)."""
        return None

    # Words of running text one counted item takes at least, naturally (a placeholder in a
    # dozen words, a paragraph in thirty): `task_room` is the count's minimum times this.
    room_per_count: ClassVar[Optional[float]] = None

    def task_room(self, params: Any) -> Optional[int]:
        """The fewest words of a piece that can hold what the constraint asks for naturally
        (25 all-caps words, 20 placeholders), if it asks for a number of things; a new task
        must be a kind of piece that long. Default: the count's minimum times
        `room_per_count`."""
        if self.count is None or self.room_per_count is None:
            return None
        low = self.interval(params)[0]
        return int(low * self.room_per_count) or None

    def task_bites_from(self, params: Any) -> Optional[int]:
        """The fewest words a piece must naturally run to for the constraint to ask anything
        of it (a five-word slogan has no comma anyway), if the constraint holds by itself
        on a short text; a new task must be a kind of piece that long."""
        return None

    # Whether the type can be the extra format requirement of a distractor cousin, and what
    # following it adds to a response then (names from generate/competing/catalogue.EFFECTS): the
    # case's types refuse some of them (`refuses_effects`), a postscript beside a fixed end.
    competes_as_format: ClassVar[bool] = False
    distractor_effects: ClassVar[frozenset[str]] = frozenset()
    # The kinds of piece (generate/tasks/ features) this type suits as a distractor, one of
    # which the task must name (empty: any piece): blanks to fill in suit a letter or a plan,
    # not an explanation or a joke.
    distractor_suits: ClassVar[frozenset[str]] = frozenset()

    def interfering_distractors(self) -> frozenset[str]:
        """The context sentences a distractor may never add beside this type (those whose
        `interferes` list in templates/distractors/ names it or its group)."""
        from .support.interference import interfering
        return interfering(self.id)

    def competing_effects(self, params: Any) -> frozenset[str]:
        """What this setting adds as a distractor (default: `distractor_effects`)."""
        return self.distractor_effects

    def distractor_settings(self, seen: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        """The settings this type may take as a distractor, from those `seen` in the run
        (default: all of them); a type whose settings belong to their own case's story
        (another case's end line) offers settings of its own instead."""
        return list(seen)

    # The wording grammar (None: templates/constraints/<id>.grammar when that file exists);
    # a type with a grammar is phrased by it, one without by its jinja2 wording file.
    grammar_path: ClassVar[Optional[str]] = None

    def grammar(self) -> Any:
        """This type's wording grammar (`ifevalpp.wording.Grammar`), or None."""
        from .support.wording import grammar_of
        return grammar_of(self)

    def wording_params(self, params: Any, **context: Any) -> dict[str, Any]:
        """What the grammar reads: the kwargs by name, the counted value as `n` (with its
        `relation`), a list's length as `n`, and the context (`task_noun`, `where`, …)."""
        values = {name: value for name, value in params.model_dump().items() if value is not None}
        if self.count is not None:
            values["n"] = getattr(params, self.count.field)
            if self.count.relation_field:
                values["relation"] = getattr(params, self.count.relation_field)
            # Said as people say them: "fewer than two" is "at most one", "fewer than one" a
            # ban (`ban`: the grammar's own wording, since no count form fits).
            if values.get("relation") == "less than" and values["n"] == 2:
                values.update(relation="at most", n=1)
            elif values.get("relation") == "less than" and values["n"] == 1:
                values["ban"] = True
        if self.speaks_of_end:
            values["at_end"] = True
        else:
            lists = [value for value in values.values() if isinstance(value, list)]
            if lists:
                values["n"] = len(lists[0])
        values.update({key: value for key, value in context.items() if value is not None})
        return values

    def wording_beside(self, params: Any, others: Sequence[tuple[str, Any]]) -> dict[str, Any]:
        """What the grammar reads from the case's other instructions (`others`: id and
        params): a word used "at most once" that another instruction requires is used
        "exactly once" (`required`). Nothing by default."""
        return {}

    def range_with(self, params: Any, other: Any) -> Optional[dict[str, Any]]:
        """What the grammar reads for two instructions of this type that bound one count from
        both sides ("at least 600" and "less than 701" words, "at least 1" and "less than 2"
        sentences), said once as people say them: `relation` "range" from `n` to `hi` ("600
        to 700 words"), with `single` when they allow one value ("exactly one sentence").
        None when they are not such a pair (other settings differ, or no value fits)."""
        spec = self.count
        if spec is None or spec.relation_field is None:
            return None
        first, second = params.model_dump(), other.model_dump()
        rest = [name for name in first if name not in (spec.field, spec.relation_field)]
        if any(first[name] != second[name] for name in rest):
            return None
        bounds = {first[spec.relation_field]: first[spec.field],
                  second[spec.relation_field]: second[spec.field]}
        low = bounds.get("at least")
        high = bounds["less than"] - 1 if "less than" in bounds else bounds.get("at most")
        if low is None or high is None or low > high or len(bounds) != 2:
            return None
        lower = params if first[spec.relation_field] == "at least" else other
        values = self.wording_params(lower)
        # `n` is the upper bound (the units agree with it: "1 to 3 sentences"), `lo` the lower.
        values.update(n=high, lo=low, relation="range", single=(low == high) or None)
        if "less than" in bounds and bounds["less than"] % 10 == 0 and high % 10 and low > 1:
            values["top"] = bounds["less than"]  # "100 or more but fewer than 120", not "… 119"
        values.pop("ban", None)
        return values

    def phrase(self, params: Any, rng: Any, styles: Sequence[str], **context: Any) -> str:
        """A statement of the constraint in a seeded choice of form and wording: from the
        type's grammar (a whole sentence, or a list item when `styles` is only 'list'), else
        from its jinja2 wording file."""
        grammar = self.grammar()
        if grammar is None:
            from .support.choosing import choice
            style = choice(rng, list(styles))
            variant = int(choice(rng, range(self.variants(style))))
            return self.render_variant(params, style, variant)
        from ..wording import Sampler
        from .support.choosing import seeded_random
        rule = context.pop("form", None) or ("list_item" if tuple(styles) == ("list",)
                                             else "sentence")
        # `wording`: the grammar's parameters made elsewhere (`range_with`, for two
        # instructions said as one).
        wording = context.pop("wording", None)
        # `usage` (a wording.Usage) is shared by the sentences of one prompt, so two of them
        # do not open with the same frame ("Whatever else you do … Whatever else you do …").
        sampler = Sampler(seeded_random(rng), context.pop("usage", None))
        if wording is None:
            values = self.wording_params(params, **context)
        else:
            values = dict(wording)
            values.update({key: value for key, value in context.items() if value is not None})
        return sampler.render(grammar, rule, values,
                              sentence=rule in ("sentence", "addition")).text

    def describe(self, params: Any) -> str:
        """What the instruction asks, in one sentence (for a model that writes cousins)."""
        return self.render_variant(params, "declarative", 0)

    def restate(self, field: str, before: Any, after: Any, piece: str) -> Optional[str]:
        """`piece` (words stating this constraint inside a sentence) with parameter `field`
        changed from `before` to `after`; None when it cannot be edited in place. A changed
        `count` field is edited generically before this is asked."""
        return None

    def spent_by_copy(self, params: Any, copied: str) -> Optional[str]:
        """Why a text the reply must copy first (a request to repeat) already spends what the
        instruction allows, so the prompt's own wording misleads ("use 'owl' no more than
        once" while the copy holds 'owl'); None when it does not. Nothing by default."""
        return None

    def literals(self, params: Any) -> list[str]:
        """Literal texts of the instruction a rewrite must not lose (phrases, words, markers)."""
        found: list[str] = []
        for value in params.model_dump().values():
            if isinstance(value, str):
                found.append(value)
            elif isinstance(value, list):
                found += [item for item in value if isinstance(item, str)]
        return found

    # A mention of it inside a task sentence ("… in JSON format", "in Arabic") is a format
    # phrase the generators may cut, not a literal of the task.
    format_phrase: ClassVar[bool] = False
    # Its statement splits the answer into named parts ("Separate the essay and the poem
    # with ******"): the kinds of piece it names outline the answer, so the statement stays
    # with the task instead of being said anew.
    names_parts: ClassVar[bool] = False
    # Its wording speaks of the end of the text ("finish with …", "close with a P.S."): no frame
    # may then say "while you write" or "as you go" (the grammar's `at_end` guard).
    speaks_of_end: ClassVar[bool] = False
    # A passing answer is a few words ("My answer is yes."): the plain answer to such a case
    # is short (generate/plain.py), so a distractor a short text meets by itself is refused.
    short_answer: ClassVar[bool] = False
    # What the response's writing system must have for the check to mean anything
    # (support/languages.WRITING: "latin", "cased", "ascii_comma", "spaced", "full_stop",
    # "english"): a reconfiguration never changes the language of the case to one without it
    # (generate/params.trivialised).
    script_needs: ClassVar[frozenset[str]] = frozenset()

    def language_of(self, params: Any) -> Optional[str]:
        """The language code a setting asks the response to be in (None: it asks none)."""
        return None

    # The parameter whose words belong with the task (a keyword naming the task's cafe, a
    # word to avoid): a task swap chooses them anew for the new task (`topic_use`).
    topic_field: ClassVar[Optional[str]] = None

    def topic_use(self, params: Any) -> str:
        """Which words a task swap gives `topic_field`: "uses" — words an answer to the new
        task will use anyway, so that a ban bites; "caps" — words it will use many times
        (the subject's own nouns), so that a cap of one or more uses bites; "repeats" — the
        subject's own nouns first, for a word to use many times; or "suits" — words the
        new task invites, so that a word to include reads as part of the request."""
        return "suits"

    def literal_bound_to_task(self, params: Any) -> bool:
        """Whether a text the response must reproduce belongs to the case's own story (an
        end line naming its people, "Yes Mom, I am Dave."): a new task takes a new text."""
        return False

    # The parameter holding a stretch of the prompt the response must reproduce: the
    # generators rebuild that stretch and this parameter together.
    request_field: ClassVar[Optional[str]] = None

    def request_span(self, prompt: str, params: Any) -> Optional[tuple[int, int]]:
        """Where `prompt` holds the text the response must reproduce (`request_field`), or
        None: the one place the validator and the generators read it from."""
        if self.request_field is None:
            return None
        from .support.phrases import verbatim_span
        return verbatim_span(prompt, getattr(params, self.request_field))

    def fit_request(self, text: str) -> str:
        """Text the response must reproduce (the request to repeat), adapted so that this
        instruction can still hold."""
        return text

    def __repr__(self) -> str:
        return f"<Constraint {self.id}>"


class UnknownSetting(Params):
    """Kwargs the ifevalpp-paper profile accepts although no Params fits them: an unknown
    relation or language. The IFEval++ release's checker then returns a falsy value for
    every response, so every verdict is False; other profiles refuse such kwargs."""

    model_config = ConfigDict(frozen=True, extra="allow")


REGISTRY: dict[str, Constraint] = {}
# Types of other benchmarks, by suite ("ifbench": IFBench's 58 out-of-domain types). `get` finds
# them, so they are checked, scored, validated and used as rewards like the others; but they are
# not in REGISTRY, which the IFEval family generators (distractor and task candidates, wording)
# and the unstored-statement cues loop over, so registering them changes no IFEval family.
SUITES: dict[str, dict[str, Constraint]] = {}
# The packages that fill SUITES. They are imported the first time a suite is asked for (an id
# REGISTRY does not hold, `is_known`, `suite_ids`): scoring IFEval alone never loads IFBench's
# 58 homes. Use `suites()` rather than SUITES to read them.
SUITE_PACKAGES: tuple[str, ...] = ("ifevalpp.constraints.ifbench",)
_suites_state = {"loaded": False, "loading": False}
_suites_lock = threading.RLock()


def suites() -> dict[str, dict[str, Constraint]]:
    """SUITES, with every suite package imported (once, whichever thread asks first)."""
    if not _suites_state["loaded"]:
        with _suites_lock:
            # (A suite's own registrations ask `is_known` while it is imported: they see the
            # types registered so far.)
            if not _suites_state["loaded"] and not _suites_state["loading"]:
                _suites_state["loading"] = True
                try:
                    for package in SUITE_PACKAGES:
                        importlib.import_module(package)
                    _suites_state["loaded"] = True
                finally:
                    _suites_state["loading"] = False
    return SUITES


def register(cls: type[Constraint]) -> type[Constraint]:
    """Class decorator (or a plain call, for a type defined outside the package): make `cls`
    the type of `cls.id`, asked by every stage from now on."""
    # (The suites are not loaded for this: one that comes later refuses an id taken here.)
    if cls.id in REGISTRY or any(cls.id in types for types in SUITES.values()):
        raise RuntimeError(f"instruction id {cls.id!r} registered twice")
    REGISTRY[cls.id] = cls()
    return cls


def register_in(suite: str):  # type: ignore[no-untyped-def]
    """Class decorator: register `cls` as a type of another benchmark's `suite` (see SUITES)."""
    def decorate(cls: type[Constraint]) -> type[Constraint]:
        if is_known(cls.id):
            raise RuntimeError(f"instruction id {cls.id!r} registered twice")
        SUITES.setdefault(suite, {})[cls.id] = cls()
        return cls
    return decorate


def is_known(instruction_id: str) -> bool:
    """Whether a type (of IFEval, a plug-in or another suite) is registered under this id."""
    return instruction_id in REGISTRY or any(instruction_id in types
                                             for types in suites().values())


def unregister(instruction_id: str) -> None:
    """Forget a registered type (and its cached parameters): a plug-in's tests clean up so."""
    get(instruction_id)
    REGISTRY.pop(instruction_id, None)
    for types in suites().values():
        types.pop(instruction_id, None)
    for key in [key for key in _PARAMS_CACHE if key[0] == instruction_id]:
        del _PARAMS_CACHE[key]


def get(instruction_id: str) -> Constraint:
    found = REGISTRY.get(instruction_id)
    if found is not None:
        return found
    for types in suites().values():
        found = types.get(instruction_id)
        if found is not None:
            return found
    others = "; ".join(f"{len(types)} of {name}" for name, types in SUITES.items())
    raise UnknownInstructionError(
        f"unknown instruction id {instruction_id!r}; known ids: "
        f"{', '.join(sorted(REGISTRY))}" + (f" (and the types of other suites: {others})"
                                            if others else ""),
        field="instruction_id") from None


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((key, _freeze(item)) for key, item in value.items()))
    if isinstance(value, list):
        return ("__list__",) + tuple(_freeze(item) for item in value)
    return (type(value).__name__, value)


_PARAMS_CACHE: dict[tuple[str, Optional[str], Any], Params] = {}
RELATION_FIELDS: tuple[str, ...] = ("relation", "let_relation", "capital_relation")


def _require_profile(constraint: Constraint, params: Params, profile: Profile) -> None:
    """Refuse what `profile` cannot check: revised-only relations, parameters that are bad regexes."""
    if profile == "official":
        for name in RELATION_FIELDS:
            value = getattr(params, name, None)
            if value is not None and value not in OFFICIAL_RELATIONS:
                raise ParamsError(f"{constraint.id}: relation {value!r} is only checked by the "
                                  f"'revised' and 'ifevalpp-paper' profiles; the official "
                                  f"evaluator accepts 'less than' and 'at least'", field=name)
    fields = constraint.regex_fields + (
        constraint.official_regex_fields if profile == "official" else ())
    for name in fields:
        values = getattr(params, name)
        for value in values if isinstance(values, list) else [values]:
            try:
                re.compile(value.lower())
            except re.error as exc:
                raise ParamsError(f"{constraint.id}: {value!r} is not a valid regular expression "
                                  f"({exc}), and the {profile} checker uses it as one",
                                  field=name) from None


def _only_unknown_settings(constraint: Constraint, exc: ValidationError) -> bool:
    """Every error is an unknown text value of a relation (or a paper_unknown_fails) field."""
    lenient = set(RELATION_FIELDS) | set(constraint.paper_unknown_fails)
    return all(error.get("type") == "literal_error" and isinstance(error.get("input"), str)
               and len(error.get("loc", ())) == 1 and error["loc"][0] in lenient
               for error in exc.errors())


def parse_params(instruction_id: str, kwargs: Optional[dict[str, Any]] = None,
                 profile: Optional[Profile] = None) -> Params:
    """Validate IFEval kwargs (either release style) into the type's frozen Params; cached.

    With a `profile`, also refuse what that profile cannot check (e.g. 'at most'
    under 'official'); without one, accept what the official or revised profile can check.
    'ifevalpp-paper' alone also takes an unknown relation or language, as the IFEval++
    release does, and fails every response on it (`UnknownSetting`).
    """
    constraint = get(instruction_id)
    if profile is not None:
        profile = constraint.profile_for(profile)
    kwargs = {name: value for name, value in (kwargs or {}).items() if value is not None}
    try:
        cache_key = (instruction_id, profile, _freeze(kwargs))
        cached = _PARAMS_CACHE.get(cache_key)
    except TypeError:  # unhashable oddity: validate without caching
        cache_key, cached = None, None
    if cached is not None:
        return cached
    try:
        params = constraint.Params.model_validate(kwargs)
    except ValidationError as exc:
        if profile == "ifevalpp-paper" and _only_unknown_settings(constraint, exc):
            return UnknownSetting.model_validate(kwargs)
        first = exc.errors()[0]
        field = ".".join(str(part) for part in first.get("loc", ())) or None
        raise ParamsError(f"{instruction_id}: {first.get('msg')} (got {kwargs!r})",
                          field=field) from None
    if profile is not None:
        _require_profile(constraint, params, profile)
    if cache_key is not None and len(_PARAMS_CACHE) < 100_000:
        _PARAMS_CACHE[cache_key] = params
    return params
