"""detectable_content:number_placeholders — at least N placeholders in square brackets."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Optional

from ...profiles import Profile
from ..base import Constraint
from ..parameters import Count, Params
from ..registry import register
from ..support.counts import CountSpec

if TYPE_CHECKING:
    from ..support.case import CaseContext, Item, Problem
    from ..support.draft import Draft
    from ..support.requirements import WordNeed
    from ..support.sketch import Sketch
    from ..support.statements import Statement

PLACEHOLDERS = (1, 2, 3, 4, 5, 6, 8, 10, 12)
_PLACEHOLDER = re.compile(r"\[.*?\]")
_PLACEHOLDER_WORD = re.compile(r"\bplaceholders?\b", re.IGNORECASE)
_BRACKETS = re.compile(r"\[[^\]\n]*\]|square brackets?|\bbrackets\b", re.IGNORECASE)


class PlaceholdersParams(Params):
    num_placeholders: Count


@register
class NumberPlaceholders(Constraint):
    """At least N `[...]` spans (shortest match; `[]` and markdown link text count too)."""

    id = "detectable_content:number_placeholders"
    distractor_unfit_for = frozenset({"short", "markup", "drill"})
    # The markup its statements show by example: a restatement keeps the original's.
    example_form = "placeholder"
    # Blanks to fill in belong in a template a reader completes (a letter, an invitation,
    # a plan), not in running tips or a list of ideas.
    task_needs = frozenset({"fillable"})
    task_avoids = frozenset({"question", "poem", "short"})
    competes_as_format = True
    # Its wording shows a lowercase example ("[place]"): no distractor beside all capitals.
    distractor_effects = frozenset({"shows_lowercase_example"})
    # Blanks to fill in belong to a piece one fills in (a letter, a plan, an itinerary), not to
    # a list of attorneys or a rewrite in bullet points.
    distractor_suits = frozenset({"fillable"})
    Params = PlaceholdersParams
    count = CountSpec("num_placeholders", shape="at_least")
    harder_ceiling = 15
    # A blank every twenty words or so is already a template: twenty blanks want a
    # long piece (a plan, a report), not a note to a hotel.
    room_per_count = 20
    satisfied_by_presence = True

    def check(self, response: str, params: PlaceholdersParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return len(_PLACEHOLDER.findall(response)) >= params.num_placeholders

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.count_phrases import counts
        from ..support.edits import NUM, REL_BEFORE, counted, near, spans_of, value_check
        from ..support.statements import count_statement, edit_statements, statement
        own = ("placeholders",)
        found = [count_statement(prompt, count, own) for count in counts(prompt)
                 if count.unit == "placeholders" and not count.soft]
        for match in _PLACEHOLDER_WORD.finditer(prompt):
            found.append(statement(prompt, match.start(), match.end(), own, "mention"))
        for match in _BRACKETS.finditer(prompt):
            found.append(statement(prompt, match.start(), match.end(), own, "format",
                                   value=match.group()))
        if edits:
            values = counted(prompt, r"placeholders?", params.num_placeholders, slack=0)
            values += near(prompt, r"placeholders?", REL_BEFORE + NUM,
                           value_check(params.num_placeholders, 0), window=40)
            found += edit_statements(prompt, values=values,
                                     mentions=spans_of(r"placeholders?|square\s+brackets?",
                                                       prompt))
        return found

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ..support.case import Problem
        from ..support.phrases import quote
        found = context.statements(item)
        if any(statement.role == "format" for statement in found):
            return []
        mentions = [statement for statement in found if statement.role in ("count", "mention")]
        said = f"; the prompt says {quote(mentions[0].span.text, 70)}" if mentions else ""
        return [Problem("REFLECT_FORMAT_OMITTED",
                        "num_placeholders: the checker counts [square-bracketed] text, which the "
                        "prompt never shows or names" + said,
                        mentions[0].span if mentions else None)]

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.cues import hard_counts
        return hard_counts(self, prompt, "placeholders", r"placeholders?")

    def words_needed(self, params: PlaceholdersParams, context: CaseContext
                     ) -> Optional[WordNeed]:
        from ..support.requirements import one_word_each
        return one_word_each(self.id, self.interval(params))

    def satisfy(self, params: PlaceholdersParams, draft: Draft) -> None:
        draft.placeholders = max(draft.placeholders, params.num_placeholders)

    def propose(self, params: PlaceholdersParams, rng: Any, *, profile: Profile = "official",
                **options: Any) -> dict[str, Any]:
        from ..support.choosing import pick_other
        return {"num_placeholders": pick_other(rng, PLACEHOLDERS, params.num_placeholders)}

    def sketch(self, params: PlaceholdersParams, sketch: Sketch) -> Optional[str]:
        sketch.min_words = max(sketch.min_words, params.num_placeholders * 2)
        return None
