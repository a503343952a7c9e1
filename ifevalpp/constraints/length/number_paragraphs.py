"""length_constraints:number_paragraphs — exactly N paragraphs separated by `***` rules."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Optional

from ...profiles import Profile
from ..base import Constraint
from ..parameters import Params, PositiveCount
from ..registry import register
from ..support.counts import CountSpec

if TYPE_CHECKING:
    from ..support.case import CaseContext, Item, Problem
    from ..support.draft import Draft
    from ..support.requirements import WordNeed
    from ..support.sketch import Sketch
    from ..support.statements import Statement

PARAGRAPHS = (2, 3, 4, 5, 6, 7)

# A markdown rule of three asterisks, with at most one whitespace character either side.
_RULE_SPLIT = re.compile(r"\s?\*\*\*\s?")


def rule_separated_pieces(response: str) -> Optional[int]:
    """Paragraph count for `***`-separated text; None when an inner piece is empty.

    Empty first and last pieces are ignored (a leading or trailing rule).
    """
    pieces = _RULE_SPLIT.split(response)
    count = len(pieces)
    last = count - 1
    for position, piece in enumerate(pieces):
        if not piece.strip():
            if position == 0 or position == last:
                count -= 1
            else:
                return None
    return count


_RULE_MENTION = re.compile(r"\*\*\*|asterisk|markdown divider|divider", re.IGNORECASE)
_RULE_LINE = re.compile(r"^[ \t]*\*\*\*[ \t]*$", re.MULTILINE)
_PARAGRAPH_UNITS = frozenset({"paragraphs", "sections", "parts", "stanzas", "steps", "qas",
                              "advices", "chapters", "scenes"})
_NOT_PARAGRAPHS = re.compile(r"highlight|italic|bullet|placeholder|\bSECTION\b|Section [X\d]",
                             re.IGNORECASE)
_DIVIDER = (r"markdown\s+dividers?\s*:?\s*\*\*\*|\bdividers?\b|(?<!\*)\*\*\*(?!\*)|three\s+"
            r"asterisks?|3\s+a\w*erisks?(?:\s+symbols?)?")


class ParagraphsParams(Params):
    num_paragraphs: PositiveCount


@register
class NumberParagraphs(Constraint):
    """Exactly N paragraphs separated by `***` rules."""

    id = "length_constraints:number_paragraphs"
    # Nor added to a letter: "*** between paragraphs" has no place in an email to one's boss
    # (read CKZ, 1705).
    distractor_unfit_for = frozenset({"short", "brief", "markup", "letter", "listed"})
    divides_answer = True
    task_needs = frozenset({"paragraphs"})
    competes_as_format = True
    # Exactly N paragraphs is a fixed structure: it neither sits in nor takes another shape.
    distractor_effects = frozenset({"adds_lines", "changes_shape", "names_parts"})
    refuses_effects = frozenset({"adds_first_line", "adds_last_line", "limits_paragraph_length",
                                 "changes_shape", "names_parts"})
    Params = ParagraphsParams
    # An original that shows its pieces ("Section 1\n***\nSection 2") keeps the example.
    example_form = "divider"
    count = CountSpec("num_paragraphs", shape="exact", floor=1)
    room_per_count = 30
    format_phrase = True
    # '******' (two responses) splits into an empty paragraph; JSON has no '***' dividers.
    conflicts_with = frozenset({"combination:two_responses", "detectable_format:json_format"})
    conflict_reasons = {
        "combination:two_responses":
            "the '******' separator is two '***' dividers with an empty paragraph between, "
            "which the paragraph checker rejects",
    }
    # "Write 3 paragraphs … the second starting with 'So'": the nth-paragraph type counts them.
    unstored_covered_by = frozenset({"length_constraints:nth_paragraph_first_word"})

    def check(self, response: str, params: ParagraphsParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return rule_separated_pieces(response) == params.num_paragraphs

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.count_phrases import counts
        from ..support.edits import counted, spans_of
        from ..support.phrases import make_span
        from ..support.statements import (Statement, count_statement, edit_statements, in_clause,
                                          statement)
        found = []
        mentions_rule = bool(_RULE_MENTION.search(prompt))
        for count in counts(prompt):
            if count.soft or count.unit not in _PARAGRAPH_UNITS:
                continue
            if count.unit != "paragraphs" and (not mentions_rule or
                                               in_clause(prompt, count.start, _NOT_PARAGRAPHS)):
                continue
            found.append(count_statement(prompt, count, ("paragraphs", "sections", "separator")))
        if not found:
            rules = list(_RULE_LINE.finditer(prompt))
            if rules:
                # A format example: N-1 rule lines between N pieces.
                head = prompt[:rules[0].start()]
                start = max(head.rfind("\n\n") + 2, head.rfind(":\n") + 2, 0)
                last = prompt.find("\n\n", rules[-1].end())
                end = len(prompt) if last < 0 else last
                while end > start and prompt[end - 1].isspace():
                    end -= 1
                pieces = len(rules) + 1
                found.append(Statement(span=make_span(prompt, start, end),
                                       phrase=make_span(prompt, start, end), role="count",
                                       low=pieces, high=pieces, numerals=(pieces,),
                                       kind="implied"))
        for match in _RULE_MENTION.finditer(prompt):
            found.append(statement(prompt, match.start(), match.end(),
                                   ("paragraphs", "sections", "separator"), "format",
                                   value=match.group()))
        if edits:
            found += edit_statements(
                prompt, mentions=spans_of(_DIVIDER, prompt),
                values=counted(prompt, r"paragraphs?|sections?|parts?", params.num_paragraphs,
                               slack=0))
        return found

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ..support.case import Problem
        from ..support.phrases import quote
        found = context.statements(item)
        if any(statement.role == "format" for statement in found):
            return []
        counted_ = [statement for statement in found if statement.role == "count"]
        said = f"; the prompt says {quote(counted_[0].span.text, 70)}" if counted_ else ""
        return [Problem("REFLECT_FORMAT_OMITTED",
                        "num_paragraphs: the checker counts pieces between '***' dividers, which "
                        "the prompt never shows or names" + said,
                        counted_[0].span if counted_ else None)]

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.cues import hard_counts
        return hard_counts(self, prompt, "paragraphs", r"paragraphs?")

    def parameter_conflict(self, params: ParagraphsParams, other: Item) -> Optional[str]:
        if other.instruction_id == "length_constraints:nth_paragraph_first_word" and \
                params.num_paragraphs != other.params.num_paragraphs:
            return (f"{params.num_paragraphs} '***'-separated paragraphs and "
                    f"{other.params.num_paragraphs} blank-line paragraphs are asked of one "
                    f"response")
        return None

    def words_needed(self, params: ParagraphsParams, context: CaseContext) -> Optional[WordNeed]:
        from ..support.requirements import one_word_each
        return one_word_each(self.id, self.interval(params))

    def satisfy(self, params: ParagraphsParams, draft: Draft) -> None:
        draft.rule_paragraphs = params.num_paragraphs

    def propose(self, params: ParagraphsParams, rng: Any, *, profile: Profile = "official",
                **options: Any) -> dict[str, Any]:
        from ..support.choosing import pick_other
        return {"num_paragraphs": pick_other(rng, PARAGRAPHS, params.num_paragraphs)}

    def sketch(self, params: ParagraphsParams, sketch: Sketch) -> Optional[str]:
        sketch.min_sentences = max(sketch.min_sentences, params.num_paragraphs)
        sketch.min_words = max(sketch.min_words, params.num_paragraphs * 8)
        return None
