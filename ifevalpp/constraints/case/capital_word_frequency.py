"""change_case:capital_word_frequency — less than / at least N words in all capitals."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar, Optional, Sequence

from ... import nltk392, text
from ...profiles import Profile
from ..base import Constraint
from ..parameters import Count, Params, Relation, compare
from ..registry import register
from ..support.counts import INF, CountSpec

if TYPE_CHECKING:
    from ..support.case import CaseContext
    from ..support.draft import Draft
    from ..support.requirements import Requirements, WordCap, WordNeed
    from ..support.sketch import Sketch
    from ..support.statements import Statement

CAPITALS = {"at least": (2, 3, 4, 5, 6, 8, 10, 12, 15),
            "less than": (2, 3, 4, 5, 6, 8, 10, 12, 15, 20),
            "at most": (1, 2, 3, 4, 5, 6, 8, 10, 12),
            "around": (6, 8, 10, 12, 15, 20)}
_ANAPHOR = re.compile(r"\b(?:those|these|such|them|they)\b", re.IGNORECASE)
_CAPITAL_WORDS = (r"(?:words?\s+(?:with|in|that\s+are\s+in)\s+all\s+capital(?:\s+letters)?|"
                  r"all[- ]caps?(?:\s+words?)?|words?\s+in\s+all\s+caps|all[- ]capital(?:ized)?\s+"
                  r"words?|capitali[sz]ed\s+words?|capital\s+words?|upper\s?case\s+words?|"
                  r"words?\s+(?:with\s+|in\s+)?all\s+capital\s+letters|words?\s+be\s+in\s+all\s+"
                  r"capital\s+letters|words\s+with\s+all\s+capital\s+letters|"
                  r"capital\s+letters|all\s+capitals)")


def _capital_words_in(sample: str) -> int:
    return sum(1 for token in re.findall(r"\w+", sample) if token.isupper())


class CapitalFrequencyParams(Params):
    capital_frequency: Count
    capital_relation: Relation


@register
class CapitalWordFrequency(Constraint):
    """Fully upper-case tokens of nltk.word_tokenize occur less than / at least N times.

    ifevalpp-paper tokenizes as NLTK 3.9.2 does (`nltk392`); the others as the pinned 3.8.1.
    """

    id = "change_case:capital_word_frequency"
    # The original's example of a word in capitals ("RUBRIC") stays while its task stands.
    example_form = "capitals"
    script_needs = frozenset({"cased"})
    verdict_groups = {"ifevalpp-paper": "nltk-3.9.2"}
    competes_as_format = True
    distractor_effects = frozenset({"counts_capital_words"})
    # An added "P.S." is one more word in capitals: beside a cap it spends one of the words
    # allowed, beside a minimum it counts towards it (read CIW, 1653).
    refuses_effects = frozenset({"adds_capital_word"})
    # Ten words in capitals do not fit a one-line answer (strict read CB), nor a sentence
    # rewritten (read BCV, 3323: "stress at least ten words" in "A bust of a man …").
    distractor_unfit_for = frozenset({"short", "drill"})
    Params = CapitalFrequencyParams
    around_tolerance = 5
    count = CountSpec("capital_frequency", "capital_relation")
    harder_ceiling = 25
    room_per_count = 5
    harder_floor = 2
    # As a distractor, only a minimum competes: a plain answer has few all-caps words ("I",
    # an acronym), so "fewer than five" is met by almost any answer; the smallest minimum
    # a plain answer to the case lacks is taken (generate/competing/typed.py).
    distractor_minimums: ClassVar[tuple[int, ...]] = (3, 8, 10, 12, 15)

    def distractor_settings(self, seen: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{"capital_frequency": n, "capital_relation": "at least"}
                for n in self.distractor_minimums]
    satisfied_by_presence = True
    format_phrase = True

    def task_avoids_for(self, params: CapitalFrequencyParams) -> frozenset[str]:
        # Under a cap, a new task is no letter, nor another piece written as "I": its writer
        # says "I" in every other sentence, and each "I" is a word in capitals (strict reads
        # BB: a cover letter under 7; ALA: a review and a speech under 6).
        if params.capital_relation == "less than":
            return self.task_avoids | {"letter", "first_person"}
        return self.task_avoids

    def check(self, response: str, params: CapitalFrequencyParams, *,
              prompt: Optional[str] = None, profile: Profile = "official") -> bool:
        count = (nltk392.count_capital_words(response) if profile == "ifevalpp-paper"
                 else text.count_capital_words(response))
        return compare(count, params.capital_relation, params.capital_frequency,
                       tolerance=self.around_tolerance, profile=profile)

    # ------------------------------------------------------------ reading the prompt

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.count_phrases import counts
        from ..support.edits import NUM, REL_BEFORE, TRAIL, counted, near, spans_of, value_check
        from ..support.mentions import is_capital_count, times_after
        from ..support.phrases import clause_at, sentence_index, sentences
        from ..support.statements import count_statement, edit_statements, statement
        from ._reading import cached_case_mentions
        own = ("case", "words", "times")
        found: list[Statement] = []
        used: set[int] = set()
        for count in counts(prompt):
            if count.unit in ("words", "phrases") and is_capital_count(prompt, count):
                found.append(count_statement(prompt, count, own))
                used.add(count.start)
        subjects = [match for kind, match in cached_case_mentions(prompt)
                    if kind == "capital_words"]
        for match in subjects:
            clause_start, clause_end = clause_at(prompt, match.start())
            in_clause = [count for count in counts(prompt)
                         if clause_start <= count.start < clause_end and not count.soft
                         and count.unit in ("words", "phrases", "times")]
            asks = re.search(r"\b(?:use|using|include|including|add|capitali[sz]e|have)\b",
                             prompt[clause_start:match.end() + 10], re.IGNORECASE)
            if not in_clause and asks:
                found.append(statement(prompt, match.start(), match.end(), own, "count",
                                       low=1, high=INF, kind="soft"))
            later = times_after(prompt, match.end(), allow_blocker=True)
            if later is None:
                # e.g. "Capitalise a few key words. Keep those words under 10." — the count sits
                # in the next sentence, pointed to by an anaphor.
                index = sentence_index(prompt, match.start())
                bounds = sentences(prompt)
                if 0 <= index + 1 < len(bounds):
                    start, end = bounds[index + 1]
                    if _ANAPHOR.search(prompt, start, end):
                        later = times_after(prompt, start, allow_blocker=True)
            if later is not None and later.start not in used:
                used.add(later.start)
                found.append(count_statement(prompt, later, own))
            elif later is None:
                found.append(statement(prompt, match.start(), match.end(), own, "mention"))
        for count in counts(prompt):
            if count.soft and count.unit == "words" and is_capital_count(prompt, count):
                found.append(count_statement(prompt, count, own))
        if edits:
            value = params.capital_frequency
            values = near(prompt, _CAPITAL_WORDS, REL_BEFORE + NUM + r"(?:\s+times)?" + TRAIL,
                          value_check(value))
            values += counted(prompt, r"(?:capitali[sz]ed\s+|all[- ]caps?\s+|capital\s+|upper\s?"
                                      r"case\s+)words?|words\s+be\s+in\s+all\s+capital\s+letters",
                              value)
            found += edit_statements(prompt, values=values,
                                     mentions=spans_of(_CAPITAL_WORDS, prompt))
        return found

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.cues import hard_counts
        return hard_counts(self, prompt)

    # ------------------------------------------------------------ coherence and the witness

    def requires(self, params: CapitalFrequencyParams) -> Requirements:
        from ..support.requirements import Budget, Requirements
        bounds = self.interval(params)
        if bounds[1] == INF:
            return Requirements()
        # Only text matched case-sensitively must keep its capitals.
        return Requirements(budget=Budget(bounds, _capital_words_in, case_sensitive_only=True))

    def word_cap(self, params: CapitalFrequencyParams, context: CaseContext
                 ) -> Optional[WordCap]:
        from ..support.phrases import describe_interval
        from ..support.requirements import WordCap
        bounds = self.interval(params)
        if not context.has("change_case:english_capital") or bounds[1] == INF:
            return None
        return WordCap(int(bounds[1]), "all capitals with capital words "
                                       f"{describe_interval(*bounds)} "
                                       "(every word is a capital word)", implied=True)

    def words_needed(self, params: CapitalFrequencyParams, context: CaseContext
                     ) -> Optional[WordNeed]:
        from ..support.phrases import describe_interval
        from ..support.requirements import WordNeed
        if context.has("change_case:english_capital"):
            return None  # every word is a capital word: the cap above says it
        bounds = self.interval(params)
        return WordNeed(int(bounds[0]), f"{self.id} {describe_interval(*bounds)}")

    def satisfy(self, params: CapitalFrequencyParams, draft: Draft) -> None:
        draft.within("capitals", self.interval(params))

    # ------------------------------------------------------------ generating

    def propose(self, params: CapitalFrequencyParams, rng: Any, *,
                profile: Profile = "official", **options: Any
                ) -> dict[str, Any]:
        from ..support.choosing import relation_and_value
        relation, value = relation_and_value(rng, params.capital_relation,
                                             params.capital_frequency, CAPITALS, profile)
        return {"capital_frequency": value, "capital_relation": relation}

    def sketch(self, params: CapitalFrequencyParams, sketch: Sketch) -> Optional[str]:
        relation = params.capital_relation
        if "change_case:english_lowercase" in sketch.ids and relation in ("at least", "around"):
            return "capital words are required but lowercase only is asked"
        if "change_case:english_capital" in sketch.ids and relation in ("less than", "at most"):
            sketch.max_words = min(sketch.max_words, params.capital_frequency - 1)
        if relation in ("at least", "around"):
            sketch.min_words = max(sketch.min_words, params.capital_frequency)
        return None
