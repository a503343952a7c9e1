"""length_constraints:number_words — less than / at least N words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence

from ... import text
from ...profiles import Profile
from ..base import Constraint
from ..parameters import Count, Params, Relation, compare
from ..registry import register
from ..support.counts import INF, CountSpec

if TYPE_CHECKING:
    from ..support.case import CaseContext
    from ..support.draft import Draft
    from ..support.requirements import Requirements, WordCap
    from ..support.sketch import Sketch
    from ..support.statements import Statement

# Values a person would plausibly ask for, per relation.
WORDS = {"at least": (50, 80, 100, 120, 150, 200, 250, 300, 350, 400, 500, 600, 800),
         "less than": (40, 50, 80, 100, 120, 150, 200, 250, 300, 400, 500),
         "at most": (40, 50, 80, 100, 120, 150, 200, 250, 300, 400),
         "around": (100, 150, 200, 250, 300, 400, 500)}


class WordsParams(Params):
    num_words: Count
    relation: Relation


@register
class NumberWords(Constraint):
    """`\\w+` tokens, less than / at least N."""

    id = "length_constraints:number_words"
    # Chinese, Japanese and Thai run words together: the checker's word count means nothing.
    script_needs = frozenset({"spaced"})
    Params = WordsParams
    around_tolerance = 25
    count = CountSpec("num_words", "relation", floor=1)
    harder_ceiling = 1500
    harder_ladder = (50, 80, 100, 120, 150, 200, 250, 300, 350, 400, 500, 600, 700, 800, 1000, 1200)
    format_phrase = True

    def wording_beside(self, params: WordsParams,
                       others: Sequence[tuple[str, Any]]) -> dict[str, Any]:
        # Beside two responses the checker counts the whole reply: "keep it to 220 words"
        # reads as each, so the count is said of both together.
        together = any(instruction_id == "combination:two_responses" for instruction_id, _ in others)
        return {"together": True} if together else {}

    def task_words(self, params: WordsParams) -> Optional[tuple[Optional[int], Optional[int]]]:
        low, high = self.interval(params)
        return (int(low) or None, None if high == INF else int(high))

    # The fewest words a cap must leave the answer beside the request it copies: the checker
    # counts "Don't" and "passive-aggressive" as two words each, so a cap the copy nearly
    # spends fails a careful model that counts as people do (read GA: 4 words left of 35).
    ROOM_AFTER_COPY = 8

    def spent_by_copy(self, params: WordsParams, copied: str) -> Optional[str]:
        if params.relation not in ("less than", "at most"):
            return None
        allowed = params.num_words - (1 if params.relation == "less than" else 0)
        left = allowed - text.count_words(copied)
        if left < self.ROOM_AFTER_COPY:
            return (f"the text to repeat already spends all but {max(left, 0)} of the "
                    f"{allowed} words allowed")
        return None

    def check(self, response: str, params: WordsParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return compare(text.count_words(response), params.relation, params.num_words,
                       tolerance=self.around_tolerance, profile=profile)

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.count_phrases import counts
        from ..support.edits import counted
        from ..support.mentions import is_capital_count
        from ..support.statements import count_statement, edit_statements
        from ._reading import total
        found = [count_statement(prompt, count, ("words",)) for count in counts(prompt)
                 if count.unit == "words" and not count.soft and total(prompt, count)
                 and not is_capital_count(prompt, count)]
        if edits:
            found += edit_statements(prompt, values=counted(prompt, r"words?", params.num_words))
        return found

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.cues import hard_counts
        return hard_counts(self, prompt, "words", r"words?")

    def requires(self, params: WordsParams) -> Requirements:
        from ..support.requirements import Budget, Requirements
        bounds = self.interval(params)
        if bounds[1] == INF:
            return Requirements()
        return Requirements(budget=Budget(bounds, text.count_words))

    def word_cap(self, params: WordsParams, context: CaseContext) -> Optional[WordCap]:
        from ..support.phrases import describe_interval
        from ..support.requirements import WordCap
        bounds = self.interval(params)
        if bounds[1] == INF:
            return None
        return WordCap(int(bounds[1]), f"{self.id} {describe_interval(*bounds)}")

    def satisfy(self, params: WordsParams, draft: Draft) -> None:
        draft.within("words", self.interval(params))

    def propose(self, params: WordsParams, rng: Any, *, profile: Profile = "official",
                **options: Any) -> dict[str, Any]:
        from ..support.choosing import relation_and_value
        relation, value = relation_and_value(rng, params.relation, params.num_words, WORDS,
                                             profile)
        return {"num_words": value, "relation": relation}

    def sketch(self, params: WordsParams, sketch: Sketch) -> Optional[str]:
        from ..support.sketch import bound
        low, high = bound(params.relation, params.num_words, 25)
        sketch.min_words, sketch.max_words = max(sketch.min_words, low), min(sketch.max_words,
                                                                             high)
        return None
