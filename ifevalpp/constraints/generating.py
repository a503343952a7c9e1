"""What the generators read of an instruction type (mixed into `Constraint`, base.py): new
settings, harder ones, fit with a new task or a distractor, and the wording.

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
    literals(params), format_phrase, names_parts, topic_field, literal_bound_to_task(params, prompt)
                               what the generators must keep, may cut, or must rebuild;
      renew_literal(params, rng)   the setting a new task takes for a text bound to the old
    example_form, letter_case  the markup its statements show by example (kept by a
                               restatement); the case it sets for every letter (examples in
                               other wordings follow it)
    has_direction(), harder(params, rng)   whether its settings run from easy to hard, and
                               the next harder one (a count, a marker's depth)
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
    task_needs, task_avoids, task_needs_for(params), task_avoids_for(params), task_words(params),
      task_room(params),
      task_bites_from(params), room_per_count
                               what a new task must offer or must not be (features of
                               generate/tasks/; under a setting: no list of items in two
                               sentences), the answer length it states, the words a
                               piece needs to hold what it asks for, and the length below
                               which a piece meets it by itself
    proposes_for_piece, suits_piece(params, piece)
                               whether a new setting is drawn for the kind of piece the task
                               asks for (an end line: generate/piece.end_register), and
                               whether a setting suits such a piece
    competes_as_format, distractor_effects, competing_effects(params), distractor_settings(seen),
      distractor_suits, distractor_unfit_for
                               whether and how the type can be a distractor's competing
                               requirement (effect names from generate/competing/catalogue.py;
                               the kinds of answer it does not suit: generate/piece.py)
    answer_features            the kinds of answer it makes of any answer (a JSON-only reply is
                               markup)
    harder_draws_words         whether a harder setting brings in stock words (kept task: no)
    closing_text_field         the field of a text the answer closes with (quoted in cousins)
    refuses_effects, refuses_effects_in(prompt)
                               what a competing requirement may not add beside it (here)
    interfering_distractors()  the context sentences never added beside it (the `interferes`
                               lists of templates/distractors/, read by support/interference.py)

"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Optional, Sequence

from ..profiles import Profile
from .parsing import parse_params

if TYPE_CHECKING:
    from .support.counts import CountSpec, Interval
    from .support.sketch import Sketch


class Generating:
    """The generation half of the Constraint contract; every member has a default."""

    # Declared by Constraint (base.py), read here.
    id: ClassVar[str]
    count: ClassVar[Optional[CountSpec]]
    if TYPE_CHECKING:
        def interval(self, params: Any) -> Interval: ...

    def propose(self, params: Any, rng: Any, *, profile: Profile = "official",
                **options: Any) -> dict[str, Any]:
        """Kwargs of another plausible setting (may equal `params`: `reconfigure` asks again).
        `options` are the reconfiguration's further keywords, passed through unchanged."""
        raise ValueError(f"{self.id} has no parameters to reconfigure")

    @property
    def reconfigurable(self) -> bool:
        """Whether the type has parameters a reconfiguration can change."""
        return type(self).propose is not Generating.propose

    # A setting the task builds to (an end line: "…and you will be successful.", a trap such
    # as "Which one you choose?") changes only with the task: swapped for a stock closing
    # beside the same task, it makes the cousin easier, never harder.
    follows_task: ClassVar[bool] = False

    # The largest counted value a harder setting may ask for (None: three times the current
    # value is the limit; see constraints/support/harder.py).
    harder_ceiling: ClassVar[Optional[int]] = None
    # How far past `harder_ceiling` an original that already asks near it may be taken, as a
    # factor of its own count (0: never). A word ten times (1219's "sneaker") goes to 16; a
    # sentence or placeholder count stays under its ceiling, where reads found more absurd.
    harder_ceiling_own: ClassVar[float] = 0.0
    # Values a person would ask for (a harder setting prefers them), per relation.
    harder_ladder: ClassVar[tuple[int, ...]] = ()
    # The smallest "less than" bound a harder setting may ask for ("less than 1 time" means
    # never, which no one says that way).
    harder_floor: ClassVar[int] = 0

    def harder_limits(self, relation: str, current: Optional[int] = None) -> tuple[int, int]:
        """The fewest and the most a harder setting of the count may ask for under `relation`:
        above the count's floor ("less than" one more: "less than 1" means never), at least
        `harder_floor`, at most `harder_ceiling` or `harder_ceiling_own` times the `current`
        count under a minimum (the one place both backends read)."""
        spec = self.count
        assert spec is not None, f"{self.id} counts nothing"
        floor = max(spec.floor + 1 if relation == "less than" else max(spec.floor, 1),
                    self.harder_floor)
        if self.harder_ceiling is None:
            return floor, 10**6
        own = (math.ceil(self.harder_ceiling_own * current)
               if current is not None and relation != "less than" else 0)
        return floor, max(self.harder_ceiling, own)

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
        floor, ceiling = self.harder_limits(relation, current)
        value = harder_value(current, relation, step, of=of, floor=floor, ceiling=ceiling,
                             ladder=self.harder_ladder, max_factor=1.5)
        if value is None or value == current:
            return None
        return parse_params(self.id, {**params.model_dump(exclude_none=True), spec.field: value},
                            profile=profile)

    def has_direction(self) -> bool:
        """Whether its settings run from easy to hard (`harder`): a count does; a marker may
        (P.S. to P.P.S); a language does not."""
        return self.count is not None

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

    # Whether `propose` takes `piece=` (generate/piece.end_register: "letter", "verse", …):
    # a new setting is then one that suits the kind of piece the task asks for.
    proposes_for_piece: ClassVar[bool] = False

    # Whether a task swap gives a setting that does not suit the new piece another one (a
    # paragraph opening "Summary" in a fable); an end line stays, since an easier one would
    # drop a trap of the original.
    renews_unsuited: ClassVar[bool] = True

    def suits_piece(self, params: Any, piece: str) -> bool:
        """Whether the setting suits a piece of that kind (an end line "Stay curious." does
        not close a cover letter); a task swap renews a setting that does not."""
        return True

    def task_premise(self, params: Any, task: str) -> Optional[str]:
        """What the task itself says of this constraint's literal ("two people who are both
        trying to avoid using the letter t" beside a count of t's), or None: the case's pull,
        which a new task that no longer says it gives up (generate/difficulty.py)."""
        return None

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
    # Kinds of piece (same names) on which the constraint holds by itself, so that a new task
    # of that kind is easier than any original: a menu or a shopping list of short entries
    # has no comma anyway (strict read BAD). Unlike `task_avoids`, this does not narrow the
    # tasks drawn from: a drawn task of such a kind is put back (generate/difficulty).
    holds_by_itself_in: ClassVar[frozenset[str]] = frozenset()
    # What a new task should offer when one of the original's kind does (a postscript reads
    # naturally after a letter, not after a speech or a newspaper article): tried first when
    # the original's piece is of that kind, and avoided when it is not (there the misfit is
    # the case's pull: generate/kinds/reconfiguration.genre_class).
    task_prefers: ClassVar[frozenset[str]] = frozenset()
    # Kinds of answer (generate/piece.py: ANSWER_FEATURES) this type, added by a distractor,
    # does not suit: paragraphs or a postscript for a name, a title for a JSON block.
    distractor_unfit_for: ClassVar[frozenset[str]] = frozenset()
    # Kinds of answer (same names) the constraint makes of any answer: a JSON-only reply is
    # markup, whatever the task names.
    answer_features: ClassVar[frozenset[str]] = frozenset()
    # Whether `harder` draws new words from a stock list ("island", "lantern" to include):
    # they suit only a new task whose words are chosen with them, never the original's.
    harder_draws_words: ClassVar[bool] = False

    def task_needs_for(self, params: Any) -> frozenset[str]:
        """What a new task must offer under this setting (default: `task_needs`): an end
        line pointing back to "the 5 steps listed above" needs a piece that lists steps."""
        return self.task_needs

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
    # A count of uses (of a word, of a letter): a cap on it is no need to use the thing, so
    # the grammar hears `capped` and says it without "needs to" or "has to" ("Your answer
    # needs to mention "hughes" at most once" reads as an order to mention it: read CGQ).
    counts_uses: ClassVar[bool] = False

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
            if self.counts_uses and not values.get("ban") and \
                    values.get("relation") in ("less than", "at most"):
                values["capped"] = True
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

    def said_beside(self, params: Any, others: Sequence[tuple[str, Any]]) -> Any:
        """The settings this instruction's statement says beside `others` (id, params): what
        another statement says already is left out ("Work in 'robot', 'friends' and 'tried'"
        beside "Use 'robot' exactly once" says 'friends' and 'tried'). All by default."""
        return params

    def states_also(self, params: Any, other_id: str, other: Any) -> bool:
        """Whether this instruction's statement, said beside instruction `other_id` with
        `other`, already says all that one asks ("Use 'Sarah' exactly once" says that
        'Sarah' is there): the two are then said once. A case that lists one instruction
        twice with one setting (two identical quotation checks) says it once."""
        return other_id == self.id and other == params

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
        values.update(n=high, lo=low, relation="range", single=(low == high) or None,
                      pair=(high == low + 1) or None)
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
        if rule == "attached":  # a grammar may keep an ask off the task's tail (`[!attached]`)
            values = {**values, "attached": True}
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
    # It divides the whole answer into parts (sections, paragraphs, two responses): a count
    # of something else said beside it says it counts over the whole answer ("exactly two
    # bullet points in your whole answer", not two per section).
    divides_answer: ClassVar[bool] = False
    # The answer it asks for is two versions of the piece: a count of parts said beside it is
    # said of each version ("divide each version into ten parts"), as the originals say it;
    # "ten parts in all" left reads asking whether each version has ten (BAS to BBD).
    gives_versions: ClassVar[bool] = False
    # Its wording speaks of the end of the text ("finish with …", "close with a P.S."): no frame
    # may then say "while you write" or "as you go" (the grammar's `at_end` guard).
    speaks_of_end: ClassVar[bool] = False
    # The field of a text the answer must close with, which a prompt names after "the phrase"
    # or "with" and should quote ("End with the exact phrase Is there anything else …?"):
    # a cousin puts it in quotation marks (generate/prompt/slips.py).
    closing_text_field: ClassVar[Optional[str]] = None
    # A passing answer is a few words ("My answer is yes."): the plain answer to such a case
    # is short (generate/plain_answer.py), so a distractor a short text meets by itself is refused.
    short_answer: ClassVar[bool] = False
    # What the response's writing system must have for the check to mean anything
    # (support/languages.WRITING: "latin", "cased", "ascii_comma", "spaced", "full_stop",
    # "english"): a reconfiguration never changes the language of the case to one without it
    # (generate/satisfiable.trivialised).
    script_needs: ClassVar[frozenset[str]] = frozenset()

    def language_of(self, params: Any) -> Optional[str]:
        """The language code a setting asks the response to be in (None: it asks none)."""
        return None

    # The parameter whose words belong with the task (a keyword naming the task's cafe, a
    # word to avoid): a task swap chooses them anew for the new task (`topic_use`).
    topic_field: ClassVar[Optional[str]] = None

    # The markup its statements show by example ("placeholder", "title", "highlight",
    # "bullet"): a restatement of the original's task keeps the original's own example
    # (generate/prompt/residue.py: own_example).
    example_form: ClassVar[Optional[str]] = None

    # The case every letter of the reply takes ("lower", "upper"), which an example in
    # another instruction's wording must follow too ("<<a short title>>" under all lowercase).
    letter_case: ClassVar[Optional[str]] = None

    def topic_use(self, params: Any) -> str:
        """Which words a task swap gives `topic_field`: "uses" — words an answer to the new
        task will use anyway, so that a ban bites; "caps" — words it will use many times
        (the subject's own nouns), so that a cap of one or more uses bites; "repeats" — the
        subject's own nouns first, for a word to use many times; or "suits" — words the
        new task invites, so that a word to include reads as part of the request."""
        return "suits"

    def counts_inside_words(self, profile: Profile) -> bool:
        """Whether the check under `profile` finds its word inside longer words too ("bus" in
        "busy"), so that a new word to cap must not be a short one (generate/tasks/fit.py)."""
        return False

    def literal_bound_to_task(self, params: Any, prompt: str = "") -> bool:
        """Whether a text the response must reproduce belongs to the case's own story (an
        end line naming its people, "Yes Mom, I am Dave.", or one the original `prompt`
        names: "Naomi thanks you for reading." after "My name is Naomi"): a new task takes a
        new text."""
        return False

    def renew_literal(self, params: Any, rng: Any, *, profile: Profile = "official",
                      **options: Any) -> Any:
        """The setting a new task takes for a text bound to the old one
        (`literal_bound_to_task`): by default any other setting."""
        return self.reconfigure(params, rng, profile=profile, **options)

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
