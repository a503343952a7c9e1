"""detectable_format:number_highlighted_sections — at least N `*highlighted*` spans."""

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
    from ..support.count_phrases import Count as CountPhrase
    from ..support.draft import Draft
    from ..support.requirements import WordNeed
    from ..support.sketch import Sketch
    from ..support.statements import Statement

HIGHLIGHTS = (1, 2, 3, 4, 5, 6, 8)
_SINGLE_HIGHLIGHT = re.compile(r"\*[^\n\*]*\*")
_DOUBLE_HIGHLIGHT = re.compile(r"\*\*[^\n\*]*\*\*")
_HIGHLIGHT_UNITS = frozenset({"sections", "parts", "phrases", "words", "keywords", "names",
                              "highlights", "items", "points", "times", None})


def _highlight_count(prompt: str, count: CountPhrase, mention: re.Match[str]) -> bool:
    from ..support.mentions import SUBJECT_BLOCKER, is_capital_count
    if count.unit not in _HIGHLIGHT_UNITS:
        return False
    if count.unit is None and not re.match(r"\s+of\b", prompt[count.end:]):
        return False
    if count.unit == "words" and not count.soft and is_capital_count(prompt, count):
        return False
    if count.unit == "times" and count.start > mention.end() and \
            SUBJECT_BLOCKER.search(prompt, mention.end(), count.start):
        return False
    if count.unit == "times" and count.start < mention.start():
        return False
    return True


class HighlightsParams(Params):
    num_highlights: Count


@register
class NumberHighlightedSections(Constraint):
    """At least N non-blank `*text*` or `**text**` spans on one line each."""

    id = "detectable_format:number_highlighted_sections"
    distractor_unfit_for = frozenset({"short", "markup"})
    # The markup its statements show by example: a restatement keeps the original's.
    example_form = "highlight"
    # Highlighted passages belong to running text, not to rows of records (a table of
    # pancake ingredients with 15 highlighted passages).
    task_avoids = frozenset({"question", "structured"})
    competes_as_format = True
    distractor_effects = frozenset({"uses_markdown", "uses_asterisks", "names_parts"})
    # A request for italics or bold beside a highlight count restates it or feeds it (a bold
    # phrase is a highlight): no such competing request.
    # "Highlight at least 3 sections" beside "two parts labelled Section X" is ambiguous.
    refuses_effects = frozenset({"uses_italic", "uses_bold", "names_parts"})
    Params = HighlightsParams
    count = CountSpec("num_highlights", shape="at_least")
    harder_ceiling = 12
    room_per_count = 10
    satisfied_by_presence = True
    format_phrase = True

    def check(self, response: str, params: HighlightsParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        count = 0
        for match in _SINGLE_HIGHLIGHT.findall(response):
            if match.strip("*").strip():
                count += 1
        for match in _DOUBLE_HIGHLIGHT.findall(response):
            if match[2:-2].strip():
                count += 1
        return count >= params.num_highlights

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.count_phrases import counts
        from ..support.edits import NUM, REL_BEFORE, counted, near, spans_of, value_check
        from ..support.phrases import clause_at, sentence_at, sentence_index, sentences
        from ..support.statements import count_statement, edit_statements, statement
        from ._reading import HIGHLIGHT
        own = ("highlights", "sections", "words")
        found = []
        seen: set[int] = set()
        mentions = list(HIGHLIGHT.finditer(prompt))
        for mention in mentions:
            bounds = (clause_at(prompt, mention.start()), sentence_at(prompt, mention.start()))
            for start, end in bounds:
                chosen = [count for count in counts(prompt)
                          if start <= count.start < end and _highlight_count(prompt, count,
                                                                             mention)]
                if chosen:
                    break
            for count in chosen:
                if count.start not in seen:
                    seen.add(count.start)
                    found.append(count_statement(prompt, count, own))
            found.append(statement(prompt, mention.start(), mention.end(), own, "mention"))
        if mentions and not seen:
            # "Your plan needs 4 or more sections. Highlight each section name."
            index = sentence_index(prompt, mentions[0].start())
            if index > 0:
                start, end = sentences(prompt)[index - 1]
                for count in counts(prompt):
                    if start <= count.start < end and count.unit == "sections" and \
                            not count.soft:
                        found.append(count_statement(prompt, count, own, kind="implied"))
        if edits:
            values = near(prompt, r"highlight\w*|itali\w*", REL_BEFORE + NUM +
                          r"(?:\s+(?:text\s+)?(?:sections?|parts?|words?|phrases?|key\s+points?|"
                          r"points?))?", value_check(params.num_highlights, 0), window=70)
            values += counted(prompt, r"(?:highlighted\s+)?(?:text\s+)?sections?"
                                      r"(?=[^.]{0,40}highlight)", params.num_highlights, slack=0)
            found += edit_statements(prompt, values=values, mentions=spans_of(
                r"highlight\w*|itali\w*|\*highlighted section\*", prompt))
        return found

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ..support.reflection import mention_needed
        return mention_needed(context, item, "highlighted sections")

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.cues import hard_counts
        return hard_counts(self, prompt)

    def words_needed(self, params: HighlightsParams, context: CaseContext) -> Optional[WordNeed]:
        from ..support.requirements import one_word_each
        return one_word_each(self.id, self.interval(params))

    def satisfy(self, params: HighlightsParams, draft: Draft) -> None:
        draft.highlights = max(draft.highlights, params.num_highlights)

    def propose(self, params: HighlightsParams, rng: Any, *, profile: Profile = "official",
                **options: Any) -> dict[str, Any]:
        from ..support.choosing import pick_other
        return {"num_highlights": pick_other(rng, HIGHLIGHTS, params.num_highlights)}

    def sketch(self, params: HighlightsParams, sketch: Sketch) -> Optional[str]:
        sketch.min_words = max(sketch.min_words, params.num_highlights * 2)
        return None
