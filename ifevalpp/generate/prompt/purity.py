"""Which units of a prompt state constraints and little else (pure), and which carry the task.

A pure unit may be dropped and its constraints said anew; a mixed one stays with the
task. A sentence is mixed when words beyond the statements are left (`content_words`),
when it opens like a task ("Write …", "Can you …"), or when it outlines the answer
(`carries_content`): it names the parts of the answer ("Separate your thinking and the
final answer by ***"), points at a format block the prompt spells out, or is a line of
that block.
"""

from __future__ import annotations

import functools
import re
from typing import Sequence

from ...constraints import get

# A sentence that opens like a task, whatever else it says.
TASK_START = re.compile(
    r"^\s*(?:please\s+)?(?:write|compose|create|draft|generate|produce|give|tell|name|list|make\s+"
    r"(?:a|an|me|us)|suggest|describe|explain|summari[sz]e|rewrite|expand|elaborate|critique|"
    r"criti[cs]i[sz]e|plan|design|come\s+up|imagine|can\s+you|could\s+you|what|why|how|who|is|are|"
    r"do|does)\b", re.IGNORECASE)

# Words of a statement that say what the parts of the answer are ("Separate your thinking
# and the final answer …", "… highlight key abilities", "Task Summary / Motivation /
# Timeline" headings): the generic restatement of the count would drop them.
_PART_WORDS = frozenset({
    "thinking", "reasoning", "final", "scene", "scenes", "usernames", "abilities", "skills",
    "objectives", "motivation", "timeline", "history", "comments", "rendered", "html",
    "milestone"})
# Kinds of piece (ours from the task catalogue, and a few more): they name the parts only
# where the statement splits the answer in two ("Separate the essay and the poem …");
# elsewhere they just name the task ("The essay should be at least 50 sentences long").
_MORE_PIECES = ("version", "critique", "summary", "scene")
_NOT_PIECES = frozenset({"answer", "list", "ideas", "reasons", "tips"})

# A statement that points at a format block the prompt spells out ("… in the following exact
# format:", "following the following format:").
_POINTS_AT_FORMAT = re.compile(r"\b(?:format|form|template|layout|structure)\b[^.?!]*:\s*$",
                               re.IGNORECASE)
# A heading line of a block the prompt spells out ("Task Summary", "Doc history").
_HEADING = re.compile(r"[A-Z][a-z]*(?: [A-Za-z][a-z]*){0,3}")
# A line of a spelled-out format block that names a part of the answer ("[Section 1: Brief
# summary]", "[poem]"), not an example of one ("* Bullet point 1").
_OUTLINE_LINE = re.compile(r"(?m)^\s*\[[^\]\n]*[A-Za-z][^\]\n]*\]\s*$")
# A sentence that points back at the statement before it ("This phrase …", "That line …").
POINTS_BACK = re.compile(r"(?i)^(?:this|that|the said) (?:phrase|line|sentence|marker|word|ending)\b")


@functools.lru_cache(maxsize=1)
def piece_words() -> frozenset[str]:
    """Nouns of the kinds of piece a task asks for (singular and plural)."""
    from ..tasks import catalogue  # the task grammar is only needed here, once

    nouns = {genre.noun.split()[-1].lower() for genre in catalogue().genres} - _NOT_PIECES
    nouns |= set(_MORE_PIECES)
    return frozenset(nouns | {noun + "s" for noun in nouns} | {"stories", "diaries"})


def carries_content(text: str, content: Sequence[str], owner_ids: set[str]) -> bool:
    """Whether a sentence that states constraints (of types `owner_ids`) also says what the
    answer contains, so it must stay with the task: an outline ("Separate your thinking and
    the final answer by ***" — only the count is the constraint's), a pointer to a format
    block the prompt spells out, or a line of that block (a heading, "***" between its
    items)."""
    words = {word.lower().strip(".,") for word in content}
    splits = any(get(owner).names_parts for owner in owner_ids)
    if words & _PART_WORDS or (splits and words & piece_words()):
        return True
    # The pointer may be followed by the block itself in the same unit ("… exact format:\n\n
    # [Section 1: …]"): the block is content the generic restatement would drop.
    if _POINTS_AT_FORMAT.search(text) or _HEADING.fullmatch(text.strip()):
        return True
    head, _, block = text.partition("\n")
    if _POINTS_AT_FORMAT.search(head) and _OUTLINE_LINE.search(block):
        return True
    return not re.search(r"[A-Za-z]", text)
