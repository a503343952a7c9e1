"""keywords:existence — every keyword occurs in the response."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, Optional, Sequence

from pydantic import Field

from ... import text
from ...profiles import Profile
from ..base import Constraint
from ..parameters import NonEmptyText, Params
from ..parsing import parse_params
from ..registry import get, register
from ._patterns import keyword_pattern

if TYPE_CHECKING:
    from ..support.case import CaseContext, Item, Problem
    from ..support.draft import Draft
    from ..support.requirements import Requirements, WordNeed
    from ..support.statements import Statement

_KEYWORDS_CUE = re.compile(r"\b(?:include|use|mention|contain|incorporate)\w*\s+(?:the\s+)?"
                           r"keywords?\b", re.IGNORECASE)

# The fewest words of a piece each word it must place wants around it (`task_room`).
WORDS_AROUND_A_KEYWORD = 4


class KeywordsParams(Params):
    keywords: Annotated[list[NonEmptyText], Field(min_length=1)]


@register
class KeywordExistence(Constraint):
    """Every keyword occurs (case-insensitive). Official: as a regex substring; revised: whole word;
    ifevalpp-paper: escaped between \\b boundaries."""

    id = "keywords:existence"
    harder_draws_words = True
    task_avoids = frozenset({"structured"})
    Params = KeywordsParams
    # Every profile judges this type its own way (scoring under several profiles checks each).
    verdict_groups = {"official": "official", "revised": "revised",
                      "ifevalpp-paper": "ifevalpp-paper"}
    official_regex_fields = ("keywords",)
    satisfied_by_presence = True

    def said_beside(self, params: KeywordsParams, others: Sequence[tuple[str, Any]]
                    ) -> KeywordsParams:
        # A word a cap of one names ("Use 'robot' exactly once") is said there already.
        said = {other.keyword.lower() for other_id, other in others
                if other_id == "keywords:frequency" and get(other_id).states_also(
                    other, self.id, params.model_copy(update={"keywords": [other.keyword]}))}
        rest = [keyword for keyword in params.keywords if keyword.lower() not in said]
        return params.model_copy(update={"keywords": rest}) if rest and said else params

    topic_field = "keywords"
    # Words in Latin letters: a reply in Hindi or Russian holding "ink" and "memoirs" is
    # no request anyone makes (and a language checker may refuse the mix).
    script_needs = frozenset({"latin"})
    # "Mention the keyword 'x' more than 5 times": the frequency checker requires it too.
    unstored_covered_by = frozenset({"keywords:frequency"})

    def check(self, response: str, params: KeywordsParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return all(keyword_pattern(keyword, profile).search(response)
                   for keyword in params.keywords)

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.edits import shares_sentence, spans_of
        from ..support.statements import edit_statements
        from ._reading import INCLUDE_CUE, cued_words, literal_statements
        found = literal_statements(prompt, list(getattr(params, "keywords", ())))
        if edits:
            values = cued_words(prompt, list(params.keywords), INCLUDE_CUE)
            mentions = [span for span in spans_of(r"\bkey\s?words?\b", prompt)
                        if shares_sentence(prompt, span, values)]
            found += edit_statements(prompt, values=values, mentions=mentions)
        return found

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ._reading import keyword_list_problems
        return keyword_list_problems(context, item, "keywords")

    def quoted_literals(self, params: KeywordsParams) -> tuple[str, ...]:
        return tuple(word.lower() for word in params.keywords)

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.cues import matches, not_negated
        return matches(_KEYWORDS_CUE, prompt, not_negated)

    def requires(self, params: KeywordsParams) -> Requirements:
        from ..support.requirements import Required, Requirements
        return Requirements(texts=tuple(Required(keyword, f"keyword {keyword!r}")
                                        for keyword in params.keywords))

    def words_needed(self, params: KeywordsParams, context: CaseContext) -> Optional[WordNeed]:
        from ..support.requirements import WordNeed
        return WordNeed(max(text.count_words(word) for word in params.keywords), "the keywords")

    def task_room(self, params: KeywordsParams) -> Optional[int]:
        """Words to place want a piece with room around them: five in a haiku take most of its
        seventeen syllables (read CHR on 3748: 'linger', 'generous', 'clumsy', 'sincere' and
        'ordinary' in a haiku about spicy food)."""
        return len(params.keywords) * WORDS_AROUND_A_KEYWORD

    def satisfy(self, params: KeywordsParams, draft: Draft) -> None:
        for keyword in params.keywords:
            draft.keyword_min[keyword] = max(draft.keyword_min.get(keyword, 0), 1)

    def harder(self, params: Any, rng: Any, *, step: int = 1, of: int = 3,
               profile: Profile = "official") -> Any:
        """More words: the current ones plus `step` new ones (step 3 adds three)."""
        from ..support.choosing import sample, words
        current = list(params.keywords)
        taken = {word.lower() for word in current}
        pool = [word for word in words()["keywords"] if word.lower() not in taken]
        if len(pool) < step:
            return None
        return parse_params(self.id, {"keywords": current + sample(rng, pool, step)},
                            profile=profile)

    def propose(self, params: KeywordsParams, rng: Any, *, profile: Profile = "official",
                **options: Any) -> dict[str, Any]:
        from ..support.choosing import sample, words
        count = max(1, min(3, len(params.keywords)))
        current = {keyword.lower() for keyword in params.keywords}
        pool = [word for word in words()["keywords"] if word not in current]
        return {"keywords": sample(rng, pool, count)}

    def sketch_texts(self, params: KeywordsParams) -> list[str]:
        return list(params.keywords)

    def restate(self, field: str, before: Any, after: Any, piece: str) -> Optional[str]:
        from ._reading import restate_words
        return restate_words(piece, before, after) if field == "keywords" else None
