"""Which units of a prompt state constraints and little else (pure), and which carry the task.

A pure unit may be dropped and its constraints said anew; a mixed one stays with the
task. A sentence is mixed when words beyond the statements are left (`content_words`),
when it opens like a task ("Write …", "Can you …"), or when it outlines the answer
(`carries_content`): it names the parts of the answer ("Put *** between your reasoning and
the final answer"), points at a format block the prompt spells out, or is a line of
that block.
"""

from __future__ import annotations

import functools
import re
from typing import Sequence

from ...constraints import get
from ..phrase_tables import filled, of, table, words

# A heading line of a block the prompt spells out ("Task Summary", "Doc history").
_HEADING = re.compile(r"[A-Z][a-z]*(?: [A-Za-z][a-z]*){0,3}")
# A line of a spelled-out format block that names a part of the answer ("[Section 1: Brief
# summary]", "[poem]"), not an example of one ("* Bullet point 1").
_OUTLINE_LINE = re.compile(r"(?m)^\s*\[[^\]\n]*[A-Za-z][^\]\n]*\]\s*$")


# A sentence that opens like a task ("Write …", "Can you …"), whatever else it says.
task_start = filled(r"^\s*(?:{polite}\s+)?(?:{task_openers})\b", of("prompt"), re.IGNORECASE)
# A statement that points at a format block the prompt spells out ("… in the following exact
# format:", "following the following format:").
_points_at_format = filled(r"\b(?:{format_block_nouns})\b[^.?!]*:\s*$", of("prompt"),
                           re.IGNORECASE)
# A sentence that points back at the statement before it ("This phrase …", "That line …").
points_back = filled(r"(?i)^(?:{pointing_words}) (?:{pointed_at})\b", of("prompt"))
# A sentence that says the one before it again, in other words ("In other words, your
# response should look like this: …"): it means nothing once that one is gone.
rewords = filled(r"(?i)^\W*(?:{rewording_leads})(?!\w)", of("prompt"))


@functools.lru_cache(maxsize=1)
def piece_words() -> frozenset[str]:
    """Nouns of the kinds of piece a task asks for (singular and plural): ours from the task
    catalogue (not those that only name the task, "tips") and a few more. They name the
    parts only where the statement splits the answer in two ("Separate the essay and the
    poem …"); elsewhere they just name the task ("The essay needs at least 30 sentences")."""
    from ..tasks.maker import catalogue  # the task grammar is only needed here, once

    nouns = ({genre.noun.split()[-1].lower() for genre in catalogue().genres}
             - words("prompt", "not_pieces"))
    nouns |= set(table("prompt")["more_pieces"])
    return frozenset(nouns | {noun + "s" for noun in nouns} | words("prompt", "more_piece_plurals"))


def carries_content(text: str, content: Sequence[str], owner_ids: set[str]) -> bool:
    """Whether a sentence that states constraints (of types `owner_ids`) also says what the
    answer contains, so it must stay with the task: an outline ("Put *** between your reasoning
    and the final answer" — only the count is the constraint's), a pointer to a format
    block the prompt spells out, or a line of that block (a heading, "***" between its
    items)."""
    # Words of a statement that say what the parts of the answer are ("Separate your
    # thinking and the final answer …", "… highlight key abilities", "Task Summary /
    # Motivation / Timeline" headings): the generic restatement of the count drops them.
    found = {word.lower().strip(".,") for word in content}
    splits = any(get(owner).names_parts for owner in owner_ids)
    if found & words("prompt", "part_words") or (splits and found & piece_words()):
        return True
    # The pointer may be followed by the block itself in the same unit ("… exact format:\n\n
    # [Section 1: …]"): the block is content the generic restatement would drop.
    if _points_at_format().search(text) or _HEADING.fullmatch(text.strip()):
        return True
    head, _, block = text.partition("\n")
    if _points_at_format().search(head) and _OUTLINE_LINE.search(block):
        return True
    return not re.search(r"[A-Za-z]", text)
