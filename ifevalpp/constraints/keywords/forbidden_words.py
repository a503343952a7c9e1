"""keywords:forbidden_words — none of the words occurs."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Annotated, Any, Optional

from pydantic import Field

from ...profiles import Profile
from ... import text
from ..base import Constraint
from ..parameters import NonEmptyText, Params
from ..parsing import parse_params
from ..registry import register

if TYPE_CHECKING:
    from ..support.case import CaseContext, Item, Problem
    from ..support.draft import Draft
    from ..support.requirements import Exclusion, Requirements
    from ..support.sketch import Sketch
    from ..support.statements import Statement


@functools.lru_cache(maxsize=4096)
def _forbidden_pattern(word: str) -> re.Pattern[str]:
    # Both profiles: \b on both sides, word used as a regex (as the official checker does).
    return re.compile(r"\b" + word + r"\b", re.IGNORECASE)


_LITERAL = re.compile(r"[A-Za-z0-9 '-]+")


@functools.lru_cache(maxsize=4096)
def _literal_lower(word: str) -> Optional[str]:
    """The lower case of a word the regex reads literally (ASCII letters, digits, space, ' and
    -), else None."""
    return word.lower() if _LITERAL.fullmatch(word) else None


def _may_occur(word: str, response: str) -> bool:
    """False only where `_forbidden_pattern(word)` cannot match: an ASCII response whose lower
    case does not hold a literal word's (most responses, for most words; the regex scan with
    \\b and IGNORECASE costs ten times the substring test)."""
    lowered, literal = text.ascii_lower(response), _literal_lower(word)
    return lowered is None or literal is None or literal in lowered


_FORBIDDEN_CUE = re.compile(r"\b(?:do not|don't|never|avoid|without|refrain from)\s+(?:use\s+|"
                            r"using\s+|include\s+|including\s+|say\s+|saying\s+|mention\s+|"
                            r"mentioning\s+)?(?:the\s+|any\s+of\s+the\s+)?(?:words?|keywords?)"
                            r"\s+[\"“'‘]", re.IGNORECASE)


@functools.lru_cache(maxsize=1024)
def _contains_word(word: str) -> Exclusion:
    from ..support.requirements import Exclusion
    pattern = re.compile(r"\b" + re.escape(word) + r"\b", re.IGNORECASE)
    return Exclusion(lambda sample: bool(pattern.search(sample)),
                     f"contains the forbidden word {word!r}")


class ForbiddenParams(Params):
    forbidden_words: Annotated[list[NonEmptyText], Field(min_length=1)]


@register
class ForbiddenWords(Constraint):
    """None of the words occurs with word boundaries on both sides (case-insensitive).

    So 'cats' or 'bobcat' do not violate 'cat', but "cat's" and "cat-like" do.
    """

    id = "keywords:forbidden_words"
    Params = ForbiddenParams
    regex_fields = ("forbidden_words",)
    # English words: an answer in another language has none of them by itself.
    script_needs = frozenset({"english"})
    # A task swap bans words the new task would use anyway, so the ban bites.
    topic_field = "forbidden_words"

    def topic_use(self, params: Any) -> str:
        return "uses"

    def check(self, response: str, params: ForbiddenParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return not any(_may_occur(word, response) and _forbidden_pattern(word).search(response)
                       for word in params.forbidden_words)

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.edits import shares_sentence, spans_of
        from ..support.statements import edit_statements
        from ._reading import FORBID_CUE, cued_words, literal_statements
        found = literal_statements(prompt, list(getattr(params, "forbidden_words", ())))
        if edits:
            values = cued_words(prompt, list(params.forbidden_words), FORBID_CUE)
            mentions = [span for span in spans_of(r"\bkey\s?words?\b|\bthe\s+words?\b", prompt)
                        if shares_sentence(prompt, span, values)]
            found += edit_statements(prompt, values=values, mentions=mentions)
        return found

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ._reading import keyword_list_problems
        return keyword_list_problems(context, item, "forbidden_words")

    def quoted_literals(self, params: ForbiddenParams) -> tuple[str, ...]:
        return tuple(word.lower() for word in params.forbidden_words)

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.cues import matches
        return matches(_FORBIDDEN_CUE, prompt)

    def requires(self, params: ForbiddenParams) -> Requirements:
        from ..support.requirements import Requirements
        return Requirements(excludes=tuple(_contains_word(word)
                                           for word in params.forbidden_words))

    def satisfy(self, params: ForbiddenParams, draft: Draft) -> None:
        draft.forbidden += [re.compile(r"\b" + word + r"\b", re.IGNORECASE)
                            for word in params.forbidden_words]

    def harder(self, params: Any, rng: Any, *, step: int = 1, of: int = 3,
               profile: Profile = "official") -> Any:
        """More words: the current ones plus `step` new ones (step 3 adds three)."""
        from ..support.choosing import sample, words
        current = list(params.forbidden_words)
        taken = {word.lower() for word in current}
        pool = [word for word in words()["forbidden"] if word.lower() not in taken]
        if len(pool) < step:
            return None
        return parse_params(self.id, {"forbidden_words": current + sample(rng, pool, step)},
                            profile=profile)

    def propose(self, params: ForbiddenParams, rng: Any, *, profile: Profile = "official",
                **options: Any) -> dict[str, Any]:
        from ..support.choosing import sample, words
        count = max(1, min(3, len(params.forbidden_words)))
        current = {word.lower() for word in params.forbidden_words}
        pool = [word for word in words()["forbidden"] if word not in current]
        return {"forbidden_words": sample(rng, pool, count)}

    def sketch(self, params: ForbiddenParams, sketch: Sketch) -> Optional[str]:
        required = sketch.required_lower
        for word in params.forbidden_words:
            if re.search(r"\b" + re.escape(word.lower()) + r"\b", required):
                return f"forbidden word {word!r} is part of text the response must contain"
        return None

    def restate(self, field: str, before: Any, after: Any, piece: str) -> Optional[str]:
        from ._reading import restate_words
        return restate_words(piece, before, after) if field == "forbidden_words" else None
