"""length_constraints:number_sentences — less than / at least N sentences."""

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
    from ..support.requirements import Requirements, WordNeed
    from ..support.sketch import Sketch
    from ..support.statements import Statement

SENTENCES = {"at least": (2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30),
             "less than": (3, 4, 5, 6, 8, 10, 12, 15, 20),
             "at most": (2, 3, 4, 5, 6, 8, 10, 12, 15),
             "around": (5, 6, 8, 10, 12, 15, 20)}


def _sentences_used(sample: str) -> int:
    return max(0, text.count_sentences(sample) - 1)  # the last may merge with more text


class SentencesParams(Params):
    num_sentences: Count
    relation: Relation


@register
class NumberSentences(Constraint):
    """Sentences as NLTK's English Punkt model splits them, less than / at least N."""

    id = "length_constraints:number_sentences"
    # The English sentence splitter ends sentences at ".", "?" and "!" only (not "।", "。").
    script_needs = frozenset({"full_stop"})
    Params = SentencesParams
    around_tolerance = 2
    count = CountSpec("num_sentences", "relation", floor=1)
    harder_ceiling = 60
    harder_floor = 2
    format_phrase = True
    # No list added beside a sentence count: whether its items count as sentences is not
    # said (read FA: "exactly 3 bullet points" beside "less than 5 sentences").
    refuses_effects = frozenset({"adds_bullets", "numbered_list"})

    # The fewest sentences a piece of several items (a list, a plan, days or steps) or a
    # letter (greeting, body, sign-off) takes: a tighter cap contradicts the task itself.
    FEWEST_FOR_ITEMS = 3

    # Words a sentence that is long runs to: a word floor and a sentence cap that ask for more
    # a sentence than this ask for long sentences, which a statement said beside a new task
    # says (1392: "fewer than 5 sentences" and "290 or more words" read as a contradiction
    # once the original's "The sentences should be long" is gone: read CGS).
    LONG_SENTENCE_WORDS = 30

    def wording_beside(self, params: SentencesParams,
                       others: Sequence[tuple[str, Any]]) -> dict[str, Any]:
        high = self.interval(params)[1]
        floors = [other.num_words for instruction_id, other in others
                  if instruction_id == "length_constraints:number_words"
                  and other.relation in ("at least", "around")]
        if high == INF or not floors or high < 1:
            return {}
        return {"long_sentences": True} if max(floors) / high >= self.LONG_SENTENCE_WORDS else {}

    # The fewest sentences a piece that is heard takes: a conversation or a speech runs in many
    # short turns or lines, so "fewer than five sentences, each of them long" does not fit it
    # (read CJH on 1392: a conversation between two friends).
    FEWEST_FOR_SPOKEN = 10

    def task_avoids_for(self, params: Any) -> frozenset[str]:
        high = self.interval(params)[1]
        avoids = self.task_avoids
        if high < self.FEWEST_FOR_SPOKEN:
            avoids = avoids | {"spoken"}
        if high < self.FEWEST_FOR_ITEMS:
            avoids = avoids | {"items", "letter"}
        return avoids

    def task_words(self, params: Any) -> Optional[tuple[Optional[int], Optional[int]]]:
        low, high = self.interval(params)  # about twelve words a sentence
        return (int(low) * 12 or None, None if high == INF else int(high) * 20)

    def check(self, response: str, params: SentencesParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return compare(text.count_sentences(response), params.relation, params.num_sentences,
                       tolerance=self.around_tolerance, profile=profile)

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.count_phrases import counts
        from ..support.edits import counted
        from ..support.statements import count_statement, edit_statements
        from ._reading import total
        found = [count_statement(prompt, count, ("sentences",)) for count in counts(prompt)
                 if count.unit == "sentences" and not count.soft and total(prompt, count)]
        if edits:
            found += edit_statements(prompt, values=counted(prompt, r"sentences?",
                                                            params.num_sentences))
        return found

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.cues import hard_counts
        return hard_counts(self, prompt, "sentences", r"sentences?")

    def requires(self, params: SentencesParams) -> Requirements:
        from ..support.requirements import Budget, Requirements
        bounds = self.interval(params)
        if bounds[1] == INF:
            return Requirements()
        # Sentences at both ends do not simply add up: the last may merge with more text.
        return Requirements(budget=Budget(bounds, _sentences_used, adds_up=False))

    def words_needed(self, params: SentencesParams, context: CaseContext) -> Optional[WordNeed]:
        from ..support.phrases import describe_interval
        from ..support.requirements import WordNeed
        bounds = self.interval(params)
        return WordNeed(int(bounds[0]), f"{self.id} {describe_interval(*bounds)}")

    def satisfy(self, params: SentencesParams, draft: Draft) -> None:
        draft.within("sentences", self.interval(params))

    def propose(self, params: SentencesParams, rng: Any, *, profile: Profile = "official",
                **options: Any) -> dict[str, Any]:
        from ..support.choosing import relation_and_value
        relation, value = relation_and_value(rng, params.relation, params.num_sentences,
                                             SENTENCES, profile)
        return {"num_sentences": value, "relation": relation}

    def sketch(self, params: SentencesParams, sketch: Sketch) -> Optional[str]:
        from ..support.sketch import bound
        low, high = bound(params.relation, params.num_sentences, 2)
        if high < 1:
            return "fewer than one sentence is impossible"
        sketch.min_sentences = max(sketch.min_sentences, low)
        sketch.max_sentences = min(sketch.max_sentences, high)
        return None
