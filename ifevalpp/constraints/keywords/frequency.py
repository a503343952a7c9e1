"""keywords:frequency — one keyword occurs less than / at least N times."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Optional, Sequence

from ... import text
from ...profiles import Profile
from ..base import Constraint
from ..parameters import Count, Params, Relation, StrippedText, compare
from ..registry import register
from ..support.counts import INF, CountSpec
from ._patterns import counts_inside_words, keyword_pattern

if TYPE_CHECKING:
    from ..support.case import CaseContext, Item, Problem
    from ..support.draft import Draft
    from ..support.requirements import Requirements, WordNeed
    from ..support.sketch import Sketch
    from ..support.statements import Statement

KEYWORD_TIMES = {"at least": (1, 2, 3, 4, 5, 6, 8),
                 "less than": (2, 3, 4, 5),
                 "at most": (1, 2, 3, 4),
                 "around": (6, 8, 10)}
_WORD_TIMES = re.compile(r"\bthe\s+(?:word|keyword)\s+[\"“'‘]?\w+", re.IGNORECASE)


class FrequencyParams(Params):
    keyword: StrippedText
    frequency: Count
    relation: Relation


@register
class KeywordFrequency(Constraint):
    """A keyword occurs less than / at least N times (non-overlapping, case-insensitive)."""

    id = "keywords:frequency"
    task_avoids = frozenset({"structured"})
    Params = FrequencyParams
    # Every profile judges this type its own way (scoring under several profiles checks each).
    verdict_groups = {"official": "official", "revised": "revised",
                      "ifevalpp-paper": "ifevalpp-paper"}
    official_regex_fields = ("keyword",)
    around_tolerance = 5
    count = CountSpec("frequency", "relation")
    harder_ceiling = 12
    harder_ceiling_own = 1.6
    harder_floor = 2
    room_per_count = 10
    satisfied_by_presence = True
    counts_uses = True
    topic_field = "keyword"
    # An English keyword: in another language, "less than N times" holds by itself.
    script_needs = frozenset({"english"})

    def wording_beside(self, params: FrequencyParams,
                       others: Sequence[tuple[str, Any]]) -> dict[str, Any]:
        # "Mention the name Sarah only once" checks fewer than 2 here and Sarah's presence
        # in keywords:existence: said anew, it is "exactly once", not "at most once".
        at_most_once = self.interval(params)[1] == 1
        required = any(instruction_id == "keywords:existence" and params.keyword.lower() in
                       {keyword.lower() for keyword in other.keywords}
                       for instruction_id, other in others)
        return {"required": True} if at_most_once and required else {}

    def states_also(self, params: FrequencyParams, other_id: str, other: Any) -> bool:
        # "Use 'school' exactly once" (a cap of one beside the word's presence) says that
        # 'school' is there: no second "Make sure you use the keyword 'school'".
        if other_id == self.id:
            return other == params
        return other_id == "keywords:existence" and self.interval(params)[1] == 1 and \
            {keyword.lower() for keyword in other.keywords} == {params.keyword.lower()}

    def spent_by_copy(self, params: FrequencyParams, copied: str) -> Optional[str]:
        # The checker counts the copied request too: a capped word it holds leaves the answer
        # less than the cap says (3369: 'right' twice in the copy, "less than 2" allowed).
        if params.relation in ("less than", "at most") and params.keyword.lower() in copied.lower():
            return f"the text to repeat already holds the capped word {params.keyword!r}"
        return None

    def topic_use(self, params: FrequencyParams) -> str:
        """A word banned outright ("less than once") is one the new task would use anyway,
        so the ban bites; a word capped at one or more uses ("less than 3 times") is one the
        new task uses many times — what it is about, not a word a piece of its kind says
        once ("regards" in an email); a word to repeat is what the new task is about
        ("sneaker" ten times in a piece on sneakers)."""
        if params.relation not in ("less than", "at most"):
            return "repeats"
        return "uses" if self.interval(params)[1] < 1 else "caps"

    def counts_inside_words(self, profile: Profile) -> bool:
        return counts_inside_words(profile)

    def check(self, response: str, params: FrequencyParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        occurrences = len(keyword_pattern(params.keyword, profile).findall(response))
        return compare(occurrences, params.relation, params.frequency,
                       tolerance=self.around_tolerance, profile=profile)

    # ------------------------------------------------------------ reading the prompt

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.count_phrases import counts
        from ..support.mentions import SUBJECT_BLOCKER
        from ..support.phrases import sentence_at
        from ..support.statements import count_statement, edit_statements, statement
        from ._reading import count_for_subject, mentions, negated_mention
        own = ("keywords", "words", "times")
        keyword = getattr(params, "keyword", "")
        matches = mentions(prompt, keyword)
        found = [statement(prompt, match.start(), match.end(), own, "value", value=keyword)
                 for match in matches]
        counted = count_for_subject(prompt, matches, own)
        if not counted and matches:
            counted = negated_mention(prompt, matches, own)
        if not counted and matches:
            # "... a firm called "grid" ... says the firm's name at least five times": an
            # occurrence count that no other subject claims.
            free = [count for count in counts(prompt) if count.unit == "times" and not
                    SUBJECT_BLOCKER.search(prompt, sentence_at(prompt, count.start)[0],
                                           count.start)]
            if len(free) == 1:
                counted = [count_statement(prompt, free[0], own, kind="implied")]
        found += counted
        if edits:
            found += edit_statements(prompt, values=self._value_spans(prompt, params))
        return found

    def _value_spans(self, prompt: str, params: FrequencyParams) -> list[tuple[int, int]]:
        from ..support.edits import TIMES, near, value_check
        from ._reading import FORBID_CUE, INCLUDE_CUE, cued_words
        word = params.keyword
        values = near(prompt, r"(?:(?:the\s+)?(?:key\s?)?words?\s+|the\s+name\s+)?[\"'“‘]?" +
                      re.escape(word) + r"[\"'”’]?(?!\w)", TIMES,
                      value_check(params.frequency, 1), window=80)
        if not values:
            values = cued_words(prompt, [word], INCLUDE_CUE + "|" + FORBID_CUE)
        return values

    def subject(self, params: FrequencyParams) -> str:
        return params.keyword.lower()

    def count_floor(self, context: CaseContext, subject: str) -> int:
        # keywords:existence requiring the same keyword makes "less than N" mean 1 to N-1.
        for item in context.of("keywords:existence"):
            if any(subject == word.lower() for word in item.params.keywords):
                return 1
        return super().count_floor(context, subject)

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ..support.case import Problem
        from ..support.reflection import with_role
        if with_role(context.statements(item)):
            return []
        return [Problem("REFLECT_VALUE_ABSENT",
                        f"keyword: {item.params.keyword!r} never occurs in the prompt; the "
                        f"checker counts it")]

    def quoted_literals(self, params: FrequencyParams) -> tuple[str, ...]:
        return (params.keyword.lower(),) if params.keyword else ()

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.cues import HARD_KINDS
        from ..support.mentions import times_after
        found = []
        for match in _WORD_TIMES.finditer(prompt):
            count = times_after(prompt, match.end())
            if count is not None and count.kind in HARD_KINDS:
                found.append((match.start(), count.end))
        return found

    # ------------------------------------------------------------ coherence and the witness

    def requires(self, params: FrequencyParams) -> Requirements:
        from ..support.requirements import Budget, Required, Requirements
        low, high = self.interval(params)
        keyword = params.keyword
        texts = (Required(keyword, f"keyword {keyword!r}", times=int(low)),) if low >= 1 else ()
        budget = Budget((low, high), lambda sample: len(re.findall(
            re.escape(keyword), sample, re.IGNORECASE))) if high != INF else None
        return Requirements(texts=texts, budget=budget)

    def words_needed(self, params: FrequencyParams, context: CaseContext) -> Optional[WordNeed]:
        from ..support.phrases import describe_interval
        from ..support.requirements import WordNeed
        bounds = self.interval(params)
        return WordNeed(int(bounds[0]) * text.count_words(params.keyword),
                        f"keyword {params.keyword!r} {describe_interval(*bounds)} times")

    def satisfy(self, params: FrequencyParams, draft: Draft) -> None:
        low, high = self.interval(params)
        keyword = params.keyword
        if high != INF:
            draft.keyword_max[keyword] = min(draft.keyword_max.get(keyword, 10**9), int(high))
        if low > 0:
            draft.keyword_min[keyword] = max(draft.keyword_min.get(keyword, 0), int(low))

    # ------------------------------------------------------------ generating

    def propose(self, params: FrequencyParams, rng: Any, *, profile: Profile = "official",
                **options: Any) -> dict[str, Any]:
        from ..support.choosing import chance, pick_other, relation_and_value, words
        result: dict[str, Any] = {"keyword": params.keyword}
        if chance(rng, 0.5):
            result["keyword"] = pick_other(rng, words()["keywords"], params.keyword.lower())
        relation, value = relation_and_value(rng, params.relation, params.frequency,
                                             KEYWORD_TIMES, profile)
        if result["keyword"] != params.keyword and chance(rng, 0.5):
            relation, value = params.relation, params.frequency
        result.update(relation=relation, frequency=value)
        return result

    def sketch_texts(self, params: FrequencyParams) -> list[str]:
        if params.relation in ("at least", "around"):
            return [params.keyword] * max(1, params.frequency)
        return []

    def sketch(self, params: FrequencyParams, sketch: Sketch) -> Optional[str]:
        if params.relation in ("less than", "at most"):
            limit = params.frequency - (1 if params.relation == "less than" else 0)
            present = len(re.findall(re.escape(params.keyword.lower()), sketch.required_lower))
            if present > limit:
                return f"the required text already uses {params.keyword!r} {present} times"
        else:
            sketch.min_words = max(sketch.min_words, params.frequency * 2)
        return None

    def restate(self, field: str, before: Any, after: Any, piece: str) -> Optional[str]:
        from ..support.edits import replace_word
        return replace_word(piece, before, after) if field == "keyword" else None
