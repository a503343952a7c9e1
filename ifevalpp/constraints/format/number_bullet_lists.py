"""detectable_format:number_bullet_lists — exactly N markdown bullet lines."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Optional

from ...profiles import Profile
from ..base import Constraint
from ..parameters import Count, Params
from ..registry import register
from ..support.counts import CountSpec

if TYPE_CHECKING:
    from ..support.case import CaseContext, Item, Problem
    from ..support.draft import Draft
    from ..support.requirements import WordNeed
    from ..support.sketch import Sketch
    from ..support.statements import Statement

BULLETS = (2, 3, 4, 5, 6, 7, 8, 10)

# A bullet line: optional indentation then '* ' (not '**') or '-'. `\s*` may run over blank
# lines, exactly as the official pattern does.
_STAR_BULLET = re.compile(r"^\s*\*[^\*].*$", re.MULTILINE)
_DASH_BULLET = re.compile(r"^\s*-.*$", re.MULTILINE)
_BULLET = re.compile(r"\bbullet", re.IGNORECASE)


class BulletsParams(Params):
    num_bullets: Count


@register
class NumberBulletLists(Constraint):
    """Exactly N bullet lines (`* item` or `- item`; `---` rules and `-word` lines count too)."""

    id = "detectable_format:number_bullet_lists"
    # Never added to a piece of a few sentences: bullets in a tweet (read HA); nor to a story
    # (a kids' story in four bullets, read ADA); nor to a letter (a letter to the editor in
    # four bullets, read BCT).
    distractor_unfit_for = frozenset({"short", "brief", "markup", "story", "letter"})
    # The markup its statements show by example: a restatement keeps the original's.
    example_form = "bullet"
    task_needs = frozenset({"list"})

    def task_avoids_for(self, params: Any) -> frozenset[str]:
        # One or two bullets are points set in a piece, not a set of records or tips: "a list
        # of the rooms of a small house" in exactly one bullet contradicts itself.
        return self.task_avoids | ({"items"} if params.num_bullets <= 2 else frozenset())
    competes_as_format = True
    # A reply that is all bullets begins with one: nothing else can open it (a repeated request).
    distractor_effects = frozenset({"adds_bullets", "changes_shape", "sets_start", "names_parts"})
    # A list of exactly N bullets is the whole layout: no paragraphs in *** or another shape;
    # nothing set before the first bullet on its line (a quotation mark: '"* Oreo' is no bullet).
    # No italics beside it either: a line that opens on an italicised word reads as one more
    # "*" bullet to the checker (read IB).
    refuses_effects = frozenset({"adds_bullets", "numbered_list", "changes_shape", "sets_start",
                                 "names_parts", "uses_italic"})
    Params = BulletsParams
    count = CountSpec("num_bullets", shape="exact")
    room_per_count = 6
    format_phrase = True
    conflicts_with = frozenset({"detectable_format:json_format"})

    def check(self, response: str, params: BulletsParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        count = len(_STAR_BULLET.findall(response)) + len(_DASH_BULLET.findall(response))
        return count == params.num_bullets

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.count_phrases import counts
        from ..support.edits import counted, spans_of
        from ..support.statements import count_statement, edit_statements, in_sentence, statement
        own = ("bullets",)
        found = []
        for count in counts(prompt):
            if count.unit == "bullets" or (count.unit in ("points", "items") and
                                           in_sentence(prompt, count.start, _BULLET)):
                found.append(count_statement(prompt, count, own))
        mentions = list(_BULLET.finditer(prompt))
        if not found and mentions:
            # "List exactly 10 names ... Put the names into bullet points": a count of the
            # listed things elsewhere in the prompt.
            for count in counts(prompt):
                if count.kind in ("eq", "bare") and count.unit in ("names", "items", "points",
                                                                   "lines", "steps"):
                    found.append(count_statement(prompt, count, own, kind="implied"))
        for match in mentions:
            found.append(statement(prompt, match.start(), match.end(), own, "mention"))
        if edits:
            found += edit_statements(
                prompt,
                values=counted(prompt, r"(?:markdown\s+)?(?:bullet(?:s|[- ]?points?)?|bullet\s+"
                                       r"lists?|points?|items?)", params.num_bullets, slack=0),
                mentions=spans_of(r"bullet[- ]?(?:points?|lists?|s)?|markdown\s+bullets?",
                                  prompt))
        return found

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ..support.reflection import mention_needed
        return mention_needed(context, item, "bullet points")

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.cues import hard_counts
        return hard_counts(self, prompt, "bullets", r"bullet")

    def words_needed(self, params: BulletsParams, context: CaseContext) -> Optional[WordNeed]:
        from ..support.requirements import one_word_each
        return one_word_each(self.id, self.interval(params))

    def satisfy(self, params: BulletsParams, draft: Draft) -> None:
        draft.bullets = params.num_bullets

    def propose(self, params: BulletsParams, rng: Any, *, profile: Profile = "official",
                **options: Any) -> dict[str, Any]:
        from ..support.choosing import pick_other
        return {"num_bullets": pick_other(rng, BULLETS, params.num_bullets)}

    def sketch(self, params: BulletsParams, sketch: Sketch) -> Optional[str]:
        sketch.min_words = max(sketch.min_words, params.num_bullets * 3)
        return None
