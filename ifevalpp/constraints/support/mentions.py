"""Prompt readers that types of several groups share.

Counts of capitalised words are read by length_constraints:number_words (to
leave them out), detectable_format:number_highlighted_sections and
change_case:capital_word_frequency; "N times" after a subject by the keyword,
letter and capital-word types.
"""

from __future__ import annotations

import re
from typing import Optional

from .phrases import clause_at, sentence_at
from .count_phrases import Count, counts

_CAPITAL_QUALIFIER = re.compile(r"capital|\bcaps\b|upper ?case|capitali[sz]", re.IGNORECASE)


def is_capital_count(prompt: str, count: Count) -> bool:
    """Whether a count of words is a count of capitalised words ("5 words in all caps")."""
    clause_start, clause_end = clause_at(prompt, count.start)
    if _CAPITAL_QUALIFIER.search(prompt, clause_start, max(clause_end, count.end)):
        return True
    following = prompt[count.end:count.end + 40]
    return bool(re.match(r"\s*(?:\w+\s+){0,3}(?:in|with|be in|using)\s+(?:all\s+)?"
                         r"(?:capital|caps|upper ?case)", following, re.IGNORECASE))


# Another subject of an occurrence count: "the word", "the letter", capitals.
SUBJECT_BLOCKER = re.compile(r"\bthe\s+words?\b|\bkeywords?\b|\bletters?\b|capital|"
                             r"\bcaps\b|upper ?case", re.IGNORECASE)


def times_after(prompt: str, position: int, *, allow_blocker: bool = False) -> Optional[Count]:
    """The first count of occurrences after `position` in its sentence, unless another
    subject ("the word", "the letter", capitals) is named in between."""
    _, sentence_end = sentence_at(prompt, position)
    for count in counts(prompt):
        if count.start < position or count.start >= sentence_end:
            continue
        if count.unit not in ("times", "hashtags", "exclamations"):
            continue
        if not allow_blocker and SUBJECT_BLOCKER.search(prompt, position, count.start):
            return None
        return count
    return None
