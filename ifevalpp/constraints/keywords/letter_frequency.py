"""keywords:letter_frequency — one letter occurs less than / at least N times."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Optional

from pydantic import field_validator

from ...profiles import Profile
from ..base import Constraint
from ..parameters import Count, NonEmptyText, Params, Relation, compare
from ..registry import register
from ..support.counts import INF, CountSpec

if TYPE_CHECKING:
    from ..support.case import CaseContext, Item, Problem
    from ..support.draft import Draft
    from ..support.requirements import Requirements
    from ..support.sketch import Sketch
    from ..support.statements import Statement

LETTERS_COMMON = {"at least": (5, 10, 15, 20, 25, 30, 40, 50),
                  "less than": (40, 60, 80),
                  "at most": (40, 60, 80),
                  "around": (10, 20, 30, 40)}
LETTERS_RARE = {"at least": (2, 3, 4, 5),
                "less than": (2, 3, 5, 8, 10, 15),
                "at most": (1, 2, 3, 5, 8, 10),
                "around": (6, 10)}

_SYMBOL_NAMES = {"#": r"hashtags?|hash signs?|pound signs?",
                 "!": r"exclamation(?: marks?| points?)?", "?": r"question marks?",
                 "@": r"at signs?", "*": r"asterisks?"}
_LETTER_NOUNS = {"!": r"exclamation\s+(?:marks?|points?)", "#": r"hashtags?|hash\s+signs?",
                 "?": r"question\s+marks?", "@": r"at\s+signs?"}


def letter_mentions(prompt: str) -> list[tuple[str, re.Match[str]]]:
    """Every "letter X" mention: (the lower-cased letter, match)."""
    return [(match.group("letter").lower(), match) for match in re.finditer(
        r"\bletters?\s+[\"'“‘]?(?P<letter>\w)[\"'”’]?(?!\w)", prompt, re.IGNORECASE)]


class LetterFrequencyParams(Params):
    letter: NonEmptyText
    let_frequency: Count
    let_relation: Relation

    @field_validator("letter")
    @classmethod
    def _one_character(cls, value: str) -> str:
        letter = value.strip().lower()
        if len(letter) != 1:
            raise ValueError(f"letter must be a single character, got {value!r}")
        return letter


# How often each letter occurs in English text (a rough table: shares of all letters), and
# letters per word: for the room a count of letters needs (`task_room`).
_LETTER_SHARE = {"e": 0.127, "t": 0.091, "a": 0.082, "o": 0.075, "i": 0.07, "n": 0.067,
                 "s": 0.063, "h": 0.061, "r": 0.06, "d": 0.043, "l": 0.04, "c": 0.028,
                 "u": 0.028, "m": 0.024, "w": 0.024, "f": 0.022, "g": 0.02, "y": 0.02,
                 "p": 0.019, "b": 0.015, "v": 0.01, "k": 0.008, "j": 0.002, "x": 0.002,
                 "q": 0.001, "z": 0.001}
_LETTERS_PER_WORD = 4.7


@register
class LetterFrequency(Constraint):
    """The lower-cased letter occurs less than / at least N times in the lower-cased response.

    The official evaluator replaces a letter outside a-z with a random one; both
    our profiles count the requested character literally, so runs reproduce.
    """

    id = "keywords:letter_frequency"
    script_needs = frozenset({"latin"})
    Params = LetterFrequencyParams
    around_tolerance = 5
    count = CountSpec("let_frequency", "let_relation")
    harder_ceiling = 80
    harder_floor = 2
    satisfied_by_presence = True
    counts_uses = True
    # A letter game makes light of a sincere question about the writer's life (read CGB, 1130:
    # "Should we say yes?" answered with the letter t at most once).
    task_avoids = frozenset({"sincere"})

    def task_premise(self, params: LetterFrequencyParams, task: str) -> Optional[str]:
        # "… who are both trying to avoid using the letter t" (reads BBJ, BBL: 2912); a
        # sentence that says how often ("with the letter l appearing at least 6 times") only
        # states the count.
        from ..support.edits import near_value

        for sentence in re.split(r"(?<=[.?!])\s+", task):
            if not near_value(params.let_frequency, sentence, 0) and any(
                    found == params.letter for found, _ in letter_mentions(sentence)):
                return f"it speaks of the letter {params.letter}"
        return None

    def wording_params(self, params: LetterFrequencyParams, **context: Any) -> dict[str, Any]:
        # Not a letter ("#", "!"): "the symbol"; "#" wanted at least twice: hashtags; "!":
        # exclamation marks.
        values = super().wording_params(params, **context)
        values["symbol"] = not params.letter.isalpha() or None
        values["hashtags"] = (params.letter == "#" and params.let_relation == "at least"
                              and params.let_frequency >= 2) or None
        values["exclaims"] = params.letter == "!" or None
        return values
    def task_room(self, params: LetterFrequencyParams) -> Optional[int]:
        """Words that hold the letters asked for when the wording is chosen for them: about
        a third of the letters of plain English text are common letters' (e, t, a, …), far
        fewer a rare one's (q, z)."""
        low = self.interval(params)[0]
        if not low:
            return None
        share = _LETTER_SHARE.get(params.letter, 0.01)
        return int(low / (share * _LETTERS_PER_WORD * 3)) or None

    def task_bites_from(self, params: LetterFrequencyParams) -> Optional[int]:
        """Fewer than N of a letter holds by itself in a piece too short to have N of it
        (fewer than 20 'e's in a slogan): the piece must naturally run to N of the letter."""
        high = self.interval(params)[1]
        if high == INF:
            return None
        share = _LETTER_SHARE.get(params.letter, 0.01)
        return int((high + 1) / (share * _LETTERS_PER_WORD)) or None

    def check(self, response: str, params: LetterFrequencyParams, *,
              prompt: Optional[str] = None, profile: Profile = "official") -> bool:
        occurrences = response.lower().count(params.letter)
        return compare(occurrences, params.let_relation, params.let_frequency,
                       tolerance=self.around_tolerance, profile=profile)

    # ------------------------------------------------------------ reading the prompt

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.count_phrases import counts
        from ..support.statements import count_statement, edit_statements, statement
        from ._reading import count_for_subject, negated_mention
        own = ("letter", "times")
        letter = getattr(params, "letter", "")
        if not letter:
            return []
        matches = [match for found_letter, match in letter_mentions(prompt)
                   if found_letter == letter]
        if not letter.isalpha():
            names = _SYMBOL_NAMES.get(letter)
            pattern = re.escape(letter) + (("|" + names) if names else "")
            matches += list(re.finditer(pattern, prompt, re.IGNORECASE))
            matches.sort(key=lambda match: match.start())
        found = [statement(prompt, match.start(), match.end(), own, "value", value=letter)
                 for match in matches]
        counted = count_for_subject(prompt, matches, own)
        if not letter.isalpha():
            unit = {"#": "hashtags", "!": "exclamations"}.get(letter)
            counted += [count_statement(prompt, count, own) for count in counts(prompt)
                        if unit and count.unit == unit]
        if not counted and matches:
            counted = negated_mention(prompt, matches, own)
        found += counted
        if edits:
            values, mentions = self._edit_spans(prompt, params)
            found += edit_statements(prompt, values=values, mentions=mentions)
        return found

    def _edit_spans(self, prompt: str, params: LetterFrequencyParams
                    ) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        from ..support.edits import NUM, REL_BEFORE, TRAIL, near, spans_of, value_check
        letter = re.escape(params.letter)
        trigger = (r"(?:(?:the\s+)?(?:letter|character|symbol)s?\s+[\"'“‘]?" + letter +
                   r"(?![\w])[\"'”’]?|[\"'“‘]" + letter + r"[\"'”’])")
        noun = _LETTER_NOUNS.get(params.letter)
        if noun:
            trigger = r"(?:" + trigger + r"|" + noun + r"(?:\s*[\"'“(]?" + letter + \
                r"[\"'”)]?)?)"
        flags = re.IGNORECASE if params.letter.isalpha() else 0
        values = near(prompt, trigger, REL_BEFORE + r"(?:" + NUM + r"(?:\s*\+)?\s+times|once|"
                      r"twice|" + NUM + r")" + TRAIL, value_check(params.let_frequency),
                      window=80, flags=flags)
        if not values:
            values = near(prompt, trigger, r"anywhere|at all|not\s+(?:use|include)|do not|"
                          r"don't|without|avoid|never",
                          lambda _: params.let_relation == "less than" and
                          params.let_frequency <= 1, window=80, flags=flags)
        return values, spans_of(trigger, prompt, flags)

    def subject(self, params: LetterFrequencyParams) -> str:
        return params.letter

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ..support.case import Problem
        from ..support.phrases import Span, quote
        from ..support.reflection import with_role
        letter = item.params.letter
        if with_role(context.statements(item)):
            return []
        others = [match for found, match in letter_mentions(context.prompt) if found != letter]
        if others:
            match = others[0]
            return [Problem("REFLECT_VALUE_MISMATCH",
                            f"letter: the prompt says {quote(match.group())} but the stored "
                            f"letter is {letter!r}", Span(start=match.start(), end=match.end(),
                                                          text=match.group()))]
        return [Problem("REFLECT_VALUE_ABSENT",
                        f"letter: the prompt never names the letter {letter!r} the checker "
                        f"counts")]

    def quoted_literals(self, params: LetterFrequencyParams) -> tuple[str, ...]:
        return (params.letter.lower(),) if params.letter else ()

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.cues import HARD_KINDS
        from ..support.mentions import times_after
        found = []
        for _, match in letter_mentions(prompt):
            count = times_after(prompt, match.end())
            if count is not None and count.kind in HARD_KINDS:
                found.append((match.start(), count.end))
        return found

    # ------------------------------------------------------------ coherence and the witness

    def requires(self, params: LetterFrequencyParams) -> Requirements:
        from ..support.requirements import Budget, Requirements
        bounds = self.interval(params)
        if bounds[1] == INF:
            return Requirements()
        letter = params.letter
        return Requirements(budget=Budget(bounds, lambda sample: sample.lower().count(letter)))

    def satisfy(self, params: LetterFrequencyParams, draft: Draft) -> None:
        low, high = self.interval(params)
        letter = params.letter
        if high != INF:
            draft.letter_max[letter] = min(draft.letter_max.get(letter, 10**9), int(high))
        if low > 0:
            draft.letter_min[letter] = max(draft.letter_min.get(letter, 0), int(low))

    # ------------------------------------------------------------ generating

    def propose(self, params: LetterFrequencyParams, rng: Any, *,
                profile: Profile = "official", **options: Any
                ) -> dict[str, Any]:
        from ..support.choosing import chance, choice, pick_other, relations, words
        table = words()
        relation = params.let_relation
        if chance(rng, 0.4):
            relation = pick_other(rng, relations(profile), relation)
        if relation in ("less than", "at most") and chance(rng, 0.7):
            letter = choice(rng, table["rare_letters"])
            values = LETTERS_RARE[relation]
        else:
            letter = choice(rng, table["common_letters"])
            values = LETTERS_COMMON[relation]
        if letter == params.letter and relation == params.let_relation:
            values = tuple(item for item in values if item != params.let_frequency)
        return {"letter": letter, "let_frequency": choice(rng, values), "let_relation": relation}

    def sketch(self, params: LetterFrequencyParams, sketch: Sketch) -> Optional[str]:
        present = sketch.required_lower.count(params.letter)
        if params.let_relation == "less than" and present >= params.let_frequency:
            return f"the required text already has {present} × {params.letter!r}"
        if params.let_relation == "at most" and present > params.let_frequency:
            return f"the required text already has {present} × {params.letter!r}"
        if params.let_relation in ("at least", "around"):
            sketch.min_words = max(sketch.min_words, params.let_frequency // 2)
            if "change_case:english_capital" in sketch.ids or \
                    "change_case:english_lowercase" in sketch.ids:
                if not params.letter.isalpha() and params.letter.isalnum():
                    return "a digit count clashes with a case requirement"
        return None

    def restate(self, field: str, before: Any, after: Any, piece: str) -> Optional[str]:
        if field != "letter":
            return None
        pattern = re.compile(r"(?<=letter )" + re.escape(before) + r"(?!\w)|(?<=[\"'“‘])" +
                             re.escape(before) + r"(?=[\"'”’])", re.IGNORECASE)
        if not pattern.search(piece):
            return None
        return pattern.sub(after, piece)
