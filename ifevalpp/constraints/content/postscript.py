"""detectable_content:postscript — a postscript starting with a given marker."""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any, Optional, Sequence

from ... import text
from ...profiles import Profile
from ..base import Constraint
from ..parameters import Params, StrippedText
from ..registry import register

if TYPE_CHECKING:
    from ..support.case import CaseContext, Item, Problem
    from ..support.draft import Draft
    from ..support.requirements import Requirements, WordNeed
    from ..support.statements import Statement


@functools.lru_cache(maxsize=256)
def postscript_pattern(marker: str) -> re.Pattern[str]:
    """The official matching rule: the marker anywhere, case-insensitive, through end of line.

    'P.S.' and 'P.P.S' tolerate one optional space after each dot; any other
    marker is used as a regex.
    """
    if marker == "P.P.S":
        body = r"\s*p\.\s?p\.\s?s.*$"
    elif marker == "P.S.":
        body = r"\s*p\.\s?s\..*$"
    else:
        body = r"\s*" + marker.lower() + r".*$"
    return re.compile(body, re.MULTILINE)


_POSTSCRIPT_MARK = re.compile(r"\bP\.\s?(?:P\.\s?)*S\b\.?", re.IGNORECASE)
_POSTSCRIPT_WORD = re.compile(r"\bpost[- ]?script\b|\bpost script\b", re.IGNORECASE)
_PS_CUE = re.compile(r"(?<!\w)P\.\s?(?:P\.\s?)*S\.|\bpostscript\b|\bpost script\b",
                     re.IGNORECASE)


def postscript_p_count(marker: str) -> Optional[int]:
    """2 for "P.P.S", 1 for "P.S."; None for markers of another shape."""
    match = re.fullmatch(r"\s*((?:P\.?\s?)+)S\.?\s*", marker, re.IGNORECASE)
    return match.group(1).upper().count("P") if match else None


class PostscriptParams(Params):
    postscript_marker: StrippedText


@register
class Postscript(Constraint):
    """The lower-cased response contains the marker somewhere (not only at a line start)."""

    id = "detectable_content:postscript"
    # (nor a tweet or a text message: "brief", read BBM)
    # A text to complete or a riddle ends where its words end (reads CLH: 2107, 3615).
    distractor_unfit_for = frozenset({"short", "brief", "markup", "bare", "drill", "questions"})
    speaks_of_end = True
    # Nor is it written under a piece that is heard (read BAS: "an opening speech for a charity
    # fun run … Include a postscript at the end").
    # Nor under an article in the press (reads BDM, BDO: "a newspaper article about the first
    # day at a new school … finishes with a postscript").
    task_avoids = frozenset({"question", "structured", "spoken", "press"})
    # A postscript ends a letter or an email (reads VA, VB: "an opening speech … Include a
    # postscript", "a newspaper article … P.P.S"); a new task for another kind of piece is no
    # letter, where a P.S. would be at home (reads BDC, BDD, BDG).
    task_prefers = frozenset({"letter"})
    competes_as_format = True
    # Its marker ("P.S.") is a word in capitals to the capital-word count (read CIW, 1653).
    distractor_effects = frozenset({"adds_last_line", "adds_capital_word"})

    def competing_effects(self, params: Any) -> frozenset[str]:
        # "P.S." has capitals: beside an all-lowercase reply it would have to be misspelt.
        from ..support.letter_case import letter_case_effects
        # Its marker is Latin-script English ("P.P.S"): none beside a rule of one other
        # language, "no other language allowed" (strict read CB).
        return self.distractor_effects | letter_case_effects(params.postscript_marker) | \
            {"adds_english_text"}

    refuses_effects = frozenset({"adds_last_line", "sets_end", "ends_with_question"})
    Params = PostscriptParams
    regex_fields = ("postscript_marker",)
    satisfied_by_presence = True
    conflicts_with = frozenset({"detectable_format:json_format"})

    def wording_params(self, params: Any, **context: Any) -> dict[str, Any]:
        values = super().wording_params(params, **context)
        if context.get("letter_case") == "lower" and not context.get("shown_as_written"):
            # Beside a rule of small letters the marker is said in small letters ("p.p.s"):
            # "P.P.S" there reads as a contradiction (read IA), and the check ignores case;
            # unless the original itself writes its marker in capitals there, a trap of the
            # case that a cousin keeps, for a new marker too (reads AFB, ALB: "p.p.s" for
            # the original's "P.S." made it easier).
            values["postscript_marker"] = params.postscript_marker.lower()
        return values

    def distractor_settings(self, seen: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        # An added postscript is a "P.S.": a "P.P.S" with no P.S. before it reads as a slip
        # (read IA).
        plain = [kwargs for kwargs in seen if postscript_p_count(
            str(kwargs.get("postscript_marker", ""))) == 1]
        return plain or list(seen)

    def task_room(self, params: Any) -> Optional[int]:
        # A postscript follows a piece long enough to have a body (a note, an ad), not a
        # slogan of a dozen words.
        return 40

    def check(self, response: str, params: PostscriptParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return postscript_pattern(params.postscript_marker).search(response.lower()) is not None

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.edits import spans_of
        from ..support.statements import edit_statements, statement
        own = ("postscript",)
        marker = getattr(params, "postscript_marker", "")
        found = []
        if postscript_p_count(marker) is not None:
            marks = list(_POSTSCRIPT_MARK.finditer(prompt))
        else:
            marks = list(re.finditer(re.escape(marker), prompt, re.IGNORECASE)) if marker else []
        for match in marks:
            found.append(statement(prompt, match.start(), match.end(), own, "value",
                                   value=match.group()))
        for match in _POSTSCRIPT_WORD.finditer(prompt):
            found.append(statement(prompt, match.start(), match.end(), own, "mention"))
        if edits:
            found += edit_statements(prompt, values=self._value_spans(prompt, marker),
                                     mentions=spans_of(r"post\s?-?script", prompt))
        return found

    @staticmethod
    def _value_spans(prompt: str, marker: str) -> list[tuple[int, int]]:
        from ..support.edits import spans_of
        if marker.upper().startswith("P.P.S"):
            return spans_of(r"P\.\s?P\.\s?S\.?", prompt, 0)
        if marker.upper().startswith("P.S"):
            return [span for span in spans_of(r"P\.\s?S\.?", prompt, 0)
                    if not prompt[max(0, span[0] - 2):span[0]].endswith("P.")]
        return spans_of(re.escape(marker), prompt, 0)

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ..support.case import Problem
        from ..support.phrases import quote
        from ..support.reflection import with_role
        marker = item.params.postscript_marker
        found = with_role(context.statements(item))
        wanted = postscript_p_count(marker)
        absent = Problem("REFLECT_VALUE_ABSENT",
                         f"postscript_marker: {marker!r} never occurs in the prompt")
        if wanted is None:
            return [] if found else [absent]
        if any(postscript_p_count(statement.value or "") == wanted for statement in found):
            return []
        if found:
            return [Problem("REFLECT_VALUE_MISMATCH",
                            f"postscript_marker: the prompt says {quote(found[0].phrase.text)} "
                            f"but the stored marker is {marker!r}", found[0].span)]
        return [absent]

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.cues import matches
        return matches(_PS_CUE, prompt)

    def requires(self, params: PostscriptParams) -> Requirements:
        from ..support.requirements import Required, Requirements
        return Requirements(texts=(Required(params.postscript_marker, "the postscript marker"),))

    def words_needed(self, params: PostscriptParams, context: CaseContext) -> Optional[WordNeed]:
        from ..support.requirements import WordNeed
        return WordNeed(text.count_words(params.postscript_marker) + 1, "a postscript",
                        adds_up=True)

    def satisfy(self, params: PostscriptParams, draft: Draft) -> None:
        draft.postscript = params.postscript_marker

    def sketch_texts(self, params: PostscriptParams) -> list[str]:
        return [params.postscript_marker]

    # No `propose`, so not reconfigurable: its one other marker is no setting a
    # reconfiguration may give. A "P.P.S" where the original asked for a "P.S." reads as a
    # slip with no P.S. before it (strict read BAH: "a rap about a rooftop cinema … a
    # postscript introduced by "P.P.S""), and a "P.S." for a "P.P.S" asks less. A postscript
    # case is reconfigured by its other settings or a new task; its marker stays the
    # original's.

    # "P.P.S" is the harder marker (models write "P.S." by habit): a harder setting only
    # ever deepens it, and "P.P.S" is already at its hardest (the direction a judge reads).
    def has_direction(self) -> bool:
        return True

    def harder(self, params: PostscriptParams, rng: Any, *, step: int = 1, of: int = 3,
               profile: Profile = "official") -> Optional[PostscriptParams]:
        if postscript_p_count(params.postscript_marker) != 1:
            return None
        return PostscriptParams(postscript_marker="P.P.S")

    def restate(self, field: str, before: Any, after: Any, piece: str) -> Optional[str]:
        if field == "postscript_marker" and before in piece:
            return piece.replace(before, after)
        return None
