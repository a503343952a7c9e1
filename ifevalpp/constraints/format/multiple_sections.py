"""detectable_format:multiple_sections — at least N sections marked 'SECTION 1', 'SECTION 2', …"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any, Optional

from ...profiles import Profile
from ..base import Constraint
from ..parameters import Count, Params, StrippedText
from ..registry import register
from ..support.counts import CountSpec

if TYPE_CHECKING:
    from ..support.case import CaseContext, Item, Problem
    from ..support.draft import Draft
    from ..support.requirements import Requirements, WordNeed
    from ..support.sketch import Sketch
    from ..support.statements import Statement

SECTIONS = (2, 3, 4, 5, 6, 7)

# Numerals the revised profile accepts after the splitter word.
_NUMERAL = (r"(?:\d+|[IVXLCDM]+\b|[ivxlcdm]+\b|[A-Z]\b|(?:one|two|three|four|five|six|seven|"
            r"eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|"
            r"eighteen|nineteen|twenty)\b)")
_SECTION_LABEL = re.compile(r"\b(?:SECTION|Section|PART|Part|Chapter|CHAPTER)\s+(?:X|1|I)\b")
_SECTION_CUE = re.compile(r"\bmark\w*\s+the\s+beginning\s+of\s+each\b|\bsections?\b|\bparts?\b",
                          re.IGNORECASE)


@functools.lru_cache(maxsize=256)
def section_pattern(splitter: str, profile: Profile) -> re.Pattern[str]:
    """Official: optional space, the word (case-sensitive, as a regex), optional space, digits.
    ifevalpp-paper: the word literally, then any run of non-space characters."""
    if profile == "official":
        return re.compile(r"\s?" + splitter + r"\s?\d+\s?")
    if profile == "ifevalpp-paper":
        return re.compile(r"\s?" + re.escape(splitter) + r"\s?\S+\s?")
    return re.compile(r"\s?" + re.escape(splitter) + r"\s?" + _NUMERAL + r"\s?")


class SectionsParams(Params):
    section_spliter: StrippedText
    num_sections: Count


@register
class MultipleSections(Constraint):
    """At least N section markers like 'SECTION 1' (the official rule wants digits)."""

    id = "detectable_format:multiple_sections"
    # Nor a letter or an email split into SECTION parts (read CFF, 1620).
    # Labelled parts on a text to complete are no part of it (2107), nor on a list the prompt
    # asks for (read CLK, 3166: "Just list the steps").
    distractor_unfit_for = frozenset({"short", "brief", "markup", "letter", "drill", "listed"})
    divides_answer = True
    task_needs = frozenset({"sections"})
    competes_as_format = True
    # "Section 1" heads the first section, so the reply's first line is the marker (a first
    # paragraph that must open with a given word cannot).
    distractor_effects = frozenset({"changes_shape", "adds_lines", "adds_first_line", "names_parts"})
    # A competing request for labelled parts of another kind blurs which parts are counted.
    refuses_effects = frozenset({"names_parts"})

    def competing_effects(self, params: Any) -> frozenset[str]:
        # "Section 1" breaks an all-lowercase reply and an all-capitals one alike, and puts
        # English words into a reply that must be in Punjabi only.
        from ..support.letter_case import letter_case_effects
        words = {"adds_english_text"} if re.search(r"[A-Za-z]", params.section_spliter) else set()
        return self.distractor_effects | letter_case_effects(params.section_spliter) | words

    def wording_params(self, params: Any, **context: Any) -> dict[str, Any]:
        # Parts labelled "PARAGRAPH X" are called paragraphs, never "sections" (strict read AT).
        values = super().wording_params(params, **context)
        if params.section_spliter.strip().lower() == "paragraph":
            values["paragraph_label"] = True
        return values

    Params = SectionsParams
    # Every profile judges this type its own way (scoring under several profiles checks each).
    verdict_groups = {"official": "official", "revised": "revised",
                      "ifevalpp-paper": "ifevalpp-paper"}
    official_regex_fields = ("section_spliter",)
    count = CountSpec("num_sections", shape="at_least")
    harder_ceiling = 10
    room_per_count = 40
    satisfied_by_presence = True
    format_phrase = True
    conflicts_with = frozenset({"detectable_format:json_format"})

    def check(self, response: str, params: SectionsParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        pieces = section_pattern(params.section_spliter, profile).split(response)
        return len(pieces) - 1 >= params.num_sections

    # ------------------------------------------------------------ reading the prompt

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.edits import counted, spans_of
        from ..support.statements import edit_statements
        found = self._labels_and_counts(prompt, getattr(params, "section_spliter", "") or "")
        if edits:
            splitter = re.escape(params.section_spliter)
            marks = spans_of(r"[\"'“‘]?\b" + splitter + r"\s*(?:X|\d+|[IVX]+|\{\w*\}|N|#)?\b"
                             r"[\"'”’]?", prompt, 0)
            values = marks + counted(prompt, r"sections?|parts?|paragraphs?|days?|" + splitter +
                                     "s?", params.num_sections, slack=0)
            found += edit_statements(prompt, values=values, mentions=marks)
        return found

    @staticmethod
    def _labels_and_counts(prompt: str, splitter: str) -> list[Statement]:
        from ..support.count_phrases import counts
        from ..support.statements import Statement, count_statement, in_clause, statement
        from ._reading import HIGHLIGHT
        own = ("sections", "paragraphs")
        found: list[Statement] = []
        if not splitter:
            return found
        word = re.escape(splitter)
        label = re.compile(r"(?<![A-Za-z])" + word +
                           r"(?![A-Za-z])(?:\s*(?P<n>\d+|[XN#]\b|[IVX]+\b))?", re.IGNORECASE)
        numbers: list[int] = []
        for match in label.finditer(prompt):
            if not match.group("n") and not match.group().startswith(splitter):
                continue  # the plain word ("each section"), not a label
            found.append(statement(prompt, match.start(), match.end(), own, "value",
                                   value=match.group()[:len(splitter)]))
            if match.group("n") and match.group("n").isdigit():
                numbers.append(int(match.group("n")))
        unit_names = {"sections", "parts", splitter.lower().rstrip("s") + "s",
                      (splitter.lower() + "s")}
        for count in counts(prompt):
            if count.soft or count.unit is None:
                continue
            if count.unit in unit_names and not in_clause(prompt, count.start, HIGHLIGHT):
                found.append(count_statement(prompt, count, own))
        if not any(statement.role == "count" for statement in found) and len(numbers) >= 2:
            # "Mark the beginning of each with Audience 1 and Audience 2": the labels count.
            top = max(numbers)
            mentions = [statement for statement in found if statement.role == "value"]
            found.append(Statement(span=mentions[0].span, phrase=mentions[0].phrase,
                                   role="count", low=top, high=top, numerals=(top,),
                                   kind="implied"))
        return found

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ..support.case import Problem
        from ..support.phrases import quote
        from ..support.reflection import with_role
        splitter = item.params.section_spliter
        found = with_role(context.statements(item))
        if any(statement.value == splitter for statement in found):
            return []
        if found:
            return [Problem("REFLECT_VALUE_MISMATCH",
                            f"section_spliter: the prompt writes {quote(found[0].phrase.text)} "
                            f"but the checker matches {splitter!r} case-sensitively",
                            found[0].span)]
        return [Problem("REFLECT_VALUE_ABSENT",
                        f"section_spliter: {splitter!r} never occurs in the prompt; the checker "
                        f"splits on '{splitter} <number>'")]

    def quoted_literals(self, params: SectionsParams) -> tuple[str, ...]:
        return (params.section_spliter.lower(),) if params.section_spliter else ()

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.phrases import sentence_at
        found = []
        for match in _SECTION_LABEL.finditer(prompt):
            start, end = sentence_at(prompt, match.start())
            if _SECTION_CUE.search(prompt, start, match.start()):
                found.append((match.start(), match.end()))
        return found

    # ------------------------------------------------------------ coherence and the witness

    def requires(self, params: SectionsParams) -> Requirements:
        from ..support.requirements import Required, Requirements
        return Requirements(texts=(Required(params.section_spliter, "the section word",
                                            times=max(1, params.num_sections),
                                            case_sensitive=True),))

    def words_needed(self, params: SectionsParams, context: CaseContext) -> Optional[WordNeed]:
        from ..support.requirements import WordNeed
        return WordNeed(2 * params.num_sections,
                        f"{params.num_sections} sections headed '{params.section_spliter} N'")

    def satisfy(self, params: SectionsParams, draft: Draft) -> None:
        draft.sections = (params.section_spliter, params.num_sections)

    # ------------------------------------------------------------ generating

    def propose(self, params: SectionsParams, rng: Any, *, profile: Profile = "official",
                **options: Any) -> dict[str, Any]:
        from ..support.choosing import index, pick_other, words
        splitter, count = params.section_spliter, params.num_sections
        what = index(rng, 3)
        if what in (0, 2):
            count = pick_other(rng, SECTIONS, count)
        if what in (1, 2):
            splitter = pick_other(rng, words()["section_words"], splitter)
        return {"section_spliter": splitter, "num_sections": count}

    def literal_bound_to_task(self, params: SectionsParams, prompt: str = "") -> bool:
        # "Audience 1 and Audience 2" label the old task's two advertisements; an essay
        # about a kitchen table takes "Section" or "Part".
        from ..support.choosing import words
        return params.section_spliter.lower() not in {word.lower()
                                                       for word in words()["section_words"]}

    def renew_literal(self, params: SectionsParams, rng: Any, *, profile: Profile = "official",
                      **options: Any) -> SectionsParams:
        from ..support.choosing import choice, words
        plain = [word for word in words()["section_words"] if word.lower() in ("section", "part")]
        return SectionsParams(section_spliter=choice(rng, plain), num_sections=params.num_sections)

    def sketch_texts(self, params: SectionsParams) -> list[str]:
        return [params.section_spliter] * params.num_sections

    def sketch(self, params: SectionsParams, sketch: Sketch) -> Optional[str]:
        sketch.min_words = max(sketch.min_words, params.num_sections * 6)
        sketch.min_sentences = max(sketch.min_sentences, params.num_sections)
        return None

    def restate(self, field: str, before: Any, after: Any, piece: str) -> Optional[str]:
        from ..support.edits import replace_word
        if field == "section_spliter" and re.search(r"(?<!\w)" + re.escape(before) + r"(?!\w)",
                                                    piece):
            return replace_word(piece, before, after)
        return None
