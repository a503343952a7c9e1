"""length_constraints:nth_paragraph_first_word — N blank-line paragraphs, the nth starting with a word."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Optional

from pydantic import PrivateAttr, field_validator, model_validator

from ...profiles import Profile
from ..base import Constraint
from ..parameters import NonEmptyText, Params, PositiveCount
from ..registry import register
from ..support.counts import CountSpec
from .number_paragraphs import PARAGRAPHS

if TYPE_CHECKING:
    from ..support.case import CaseContext, Item, Problem
    from ..support.draft import Draft
    from ..support.requirements import Requirements, WordNeed
    from ..support.sketch import Sketch
    from ..support.statements import Statement

_FIRST_WORD_STOP = frozenset(".,?!'\"")


def first_word(paragraph: str) -> str:
    """The paragraph's first whitespace token, leading ' then " removed, cut at . , ? ! ' \"."""
    token = paragraph.split()[0].strip().lstrip("'").lstrip('"')
    letters = []
    for character in token:
        if character in _FIRST_WORD_STOP:
            break
        letters.append(character)
    return "".join(letters).lower()


_ORDINAL_PARAGRAPH = re.compile(
    r"\b(?:the\s+)?(?:very\s+)?(?P<ordinal>first|second|third|fourth|fifth|sixth|seventh|"
    r"eighth|ninth|tenth|\d+(?:st|nd|rd|th)|last|final)\s+(?:paragraph\b|one\b)|"
    r"\bparagraph\s+(?:number\s+)?(?P<number>\d+|one|two|three|four|five|six|seven|eight|"
    r"nine|ten)\b|"
    r"\bthe\s+(?P<bare>first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|"
    r"\d+(?:st|nd|rd|th)|last|final)\s+(?=(?:starting|beginning|opening|should|must|has to|"
    r"needs to)\b)", re.IGNORECASE)
_FIRST_WORD = re.compile(
    r"\b(?:start|begin|open)s?\s+(?:\w+\s+){0,3}?with\s+(?:the\s+)?(?:word\s+)?"
    r"[\"'“‘]?(?P<word>[^\s\"'“”‘’.,;:!?]+)", re.IGNORECASE)
_BLANK_LINES = (r"(?:two|2|double)\s+(?:new\s?lines?|line\s?breaks?|newline\s+characters?)|"
                r"blank\s+lines?|\\n\\n|empty\s+lines?|new\s?lines?")


class NthParagraphParams(Params):
    num_paragraphs: PositiveCount
    nth_paragraph: PositiveCount
    first_word: NonEmptyText
    # The first word as the kwargs give it: ifevalpp-paper compares with it unchanged.
    _given_first_word: str = PrivateAttr(default="")

    @field_validator("first_word")
    @classmethod
    def _normalise(cls, value: str) -> str:
        return value.lower()

    @model_validator(mode="wrap")
    @classmethod
    def _keep_given(cls, data, handler):
        model = handler(data)
        given = data.get("first_word") if isinstance(data, dict) else None
        model._given_first_word = given if isinstance(given, str) else model.first_word
        return model


@register
class NthParagraphFirstWord(Constraint):
    """Exactly N paragraphs split on a blank line (literal "\\n\\n"); the nth starts with a word.

    Official and ifevalpp-paper: the nth piece of the unfiltered split is taken, so an
    empty piece (from four newlines in a row) shifts the index. Revised: the nth non-empty
    paragraph. ifevalpp-paper compares with the kwarg as given (the release never lower-cases
    it, so 'Weekend' can never match).
    """

    id = "length_constraints:nth_paragraph_first_word"
    distractor_unfit_for = frozenset({"short", "brief", "markup", "listed"})
    divides_answer = True
    task_needs = frozenset({"paragraphs"})
    # Nothing set at the start either: an opening quotation mark beside "Paragraph 1 must start
    # with the word booster" blurs what the first word is (strict read AR); nor bold, italics
    # or asterisks, which a model may put on that very word ("**bonding**" is not "bonding"
    # to the checker: strict read AXB).
    refuses_effects = frozenset({"adds_first_line", "adds_last_line", "limits_paragraph_length",
                                 "changes_shape", "names_parts", "sets_start", "uses_bold",
                                 "uses_italic", "uses_asterisks"})
    Params = NthParagraphParams
    # Every profile judges this type its own way (scoring under several profiles checks each).
    verdict_groups = {"official": "official", "revised": "revised",
                      "ifevalpp-paper": "ifevalpp-paper"}
    count = CountSpec("num_paragraphs", shape="exact", floor=1, numeric_conflicts=False)
    room_per_count = 30
    format_phrase = True
    conflicts_with = frozenset({"detectable_format:json_format"})

    def wording_params(self, params: NthParagraphParams, **context: Any) -> dict[str, Any]:
        """… and `last` where the paragraph to open with the word is the last one: said "the
        last paragraph", not by its ordinal (read CEH, 1954)."""
        values = super().wording_params(params, **context)
        values["last"] = 1 < params.num_paragraphs == params.nth_paragraph
        return values

    def check(self, response: str, params: NthParagraphParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        pieces = response.split("\n\n")
        non_empty = [piece for piece in pieces if piece.strip()]
        if len(non_empty) != params.num_paragraphs:
            return False
        chosen = non_empty if profile == "revised" else pieces
        if params.nth_paragraph > len(non_empty):
            return False  # asks for a paragraph beyond the count it demands
        paragraph = chosen[params.nth_paragraph - 1].strip()
        if not paragraph:
            return False
        wanted = params._given_first_word if profile == "ifevalpp-paper" else params.first_word
        return first_word(paragraph) == wanted

    # ------------------------------------------------------------ reading the prompt

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.count_phrases import counts
        from ..support.edits import spans_of
        from ..support.phrases import number_value, ordinal_value
        from ..support.statements import count_statement, edit_statements, statement
        own = ("paragraphs",)
        found = [count_statement(prompt, count, own) for count in counts(prompt)
                 if count.unit == "paragraphs" and not count.soft]
        total = getattr(params, "num_paragraphs", None)
        for match in _ORDINAL_PARAGRAPH.finditer(prompt):
            if match.group("ordinal") or match.group("bare"):
                word = (match.group("ordinal") or match.group("bare")).lower()
                value = total if word in ("last", "final") else ordinal_value(word)
            else:
                value = number_value(match.group("number"))
            if value is None:
                continue
            found.append(statement(prompt, match.start(), match.end(), own, "nth",
                                   low=value, high=value, numerals=(value,), kind="eq"))
        for match in _FIRST_WORD.finditer(prompt):
            if not re.search(r"paragraph", prompt[max(0, match.start() - 80):match.end()],
                             re.IGNORECASE):
                continue
            found.append(statement(prompt, match.start(), match.end(), own, "first_word",
                                   value=match.group("word")))
        if edits:
            found += edit_statements(prompt, mentions=spans_of(_BLANK_LINES, prompt),
                                     values=self._value_spans(prompt, params))
        return found

    def _value_spans(self, prompt: str, params: NthParagraphParams) -> list[tuple[int, int]]:
        from ..support.edits import ORDINALS, counted, near, spans_of
        values = counted(prompt, r"paragraphs?", params.num_paragraphs, slack=0)
        word = re.escape(params.first_word)
        values += spans_of(r"[\"'“‘]?" + word + r"[\"'”’]?(?!\w)", prompt)
        ordinals = [name for name, number in ORDINALS.items() if number == params.nth_paragraph]
        position = (r"(?:" + "|".join(ordinals + [str(params.nth_paragraph) + r"(?:st|nd|rd|th)",
                                                  r"paragraph\s+" + str(params.nth_paragraph)]) +
                    (r"|last|final" if params.nth_paragraph == params.num_paragraphs else "") +
                    r"|very\s+first" + r")")
        values += near(prompt, position, r"(?:start|begin)s?\s+with\s+(?:the\s+word\s+)?"
                       r"[\"'“‘]?" + word, lambda _: True, window=70)
        return values

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ..support.case import Problem
        from ..support.phrases import quote
        params = item.params
        found = context.statements(item)
        problems = []
        nth = [statement for statement in found if statement.role == "nth"]
        if not nth:
            problems.append(Problem("REFLECT_NOT_FOUND",
                                    f"nth_paragraph: the prompt never says which paragraph must "
                                    f"start with {params.first_word!r} (stored: paragraph "
                                    f"{params.nth_paragraph})"))
        elif not any(statement.low == params.nth_paragraph for statement in nth):
            problems.append(Problem(
                "REFLECT_NUMBER_MISMATCH",
                f"nth_paragraph: the prompt says {quote(nth[0].phrase.text)} (paragraph "
                f"{int(nth[0].low)}) but the stored nth_paragraph is {params.nth_paragraph}",
                nth[0].span))
        first = [statement for statement in found if statement.role == "first_word"]
        wanted = params.first_word
        if any((statement.value or "").lower() == wanted for statement in first):
            return problems
        if first:
            problems.append(Problem(
                "REFLECT_VALUE_MISMATCH",
                f"first_word: the prompt says {quote(first[0].phrase.text)} but the stored "
                f"first_word is {wanted!r}", first[0].span))
        elif not re.search(r"(?<!\w)" + re.escape(wanted) + r"(?!\w)", context.prompt,
                           re.IGNORECASE):
            problems.append(Problem("REFLECT_VALUE_ABSENT",
                                    f"first_word: {wanted!r} never occurs in the prompt"))
        return problems

    def quoted_literals(self, params: NthParagraphParams) -> tuple[str, ...]:
        return (params.first_word.lower(),)

    # ------------------------------------------------------------ coherence and the witness

    def requires(self, params: NthParagraphParams) -> Requirements:
        from ..support.requirements import Required, Requirements
        return Requirements(texts=(Required(params.first_word, "the paragraph's first word"),))

    def words_needed(self, params: NthParagraphParams, context: CaseContext
                     ) -> Optional[WordNeed]:
        from ..support.requirements import one_word_each
        return one_word_each(self.id, self.interval(params))

    def unsatisfiable(self, params: NthParagraphParams) -> list[str]:
        if params.nth_paragraph > params.num_paragraphs:
            return [f"nth_paragraph = {params.nth_paragraph} but num_paragraphs = "
                    f"{params.num_paragraphs}: that paragraph cannot exist"]
        return []

    def satisfy(self, params: NthParagraphParams, draft: Draft) -> None:
        draft.blank_paragraphs = params.num_paragraphs
        draft.nth = (params.nth_paragraph, params.first_word)

    # ------------------------------------------------------------ generating

    def propose(self, params: NthParagraphParams, rng: Any, *, profile: Profile = "official",
                **further: Any) -> dict[str, Any]:
        from ..support.choosing import choice, index, pick_other, words
        table = words()
        what = index(rng, 3)
        num, nth, word = params.num_paragraphs, params.nth_paragraph, params.first_word
        if what == 0:
            word = pick_other(rng, table["first_words"], word)
        elif what == 1:
            num = pick_other(rng, PARAGRAPHS, num)
            nth = min(nth, num)
        else:
            options = [item for item in range(1, num + 1) if item != nth]
            if options:
                nth = choice(rng, options)
            else:
                word = pick_other(rng, table["first_words"], word)
        return {"num_paragraphs": num, "nth_paragraph": nth, "first_word": word}

    def suits_piece(self, params: NthParagraphParams, piece: str) -> bool:
        # A paragraph headed "Summary" closes an explanation, not a fable or a poem.
        from ..support.choosing import words
        return piece not in ("story", "verse") or \
            params.first_word.lower() not in words()["report_first_words"]

    def literal_bound_to_task(self, params: NthParagraphParams, prompt: str = "") -> bool:
        # A first word the original writes with a capital inside a sentence names someone or
        # something of its story ("the second paragraph must start with the word "President""
        # in a fake news story on an alien invasion): it suits no story about a painter (read
        # BAH). A word any paragraph may open with ("Summary") is no one's; a lower-case one
        # ("realising", "bonding") may be the case's trap, and stays.
        from ..support.choosing import words
        table = words()
        general = {*table["first_words"], *table["report_first_words"],
                   *(word for place in table["first_words_by_place"].values() for word in place)}
        if params.first_word.lower() in general:
            return False
        capitalised = re.escape(params.first_word[:1].upper() + params.first_word[1:])
        return re.search(rf"(?<=[\w,;] )[\"'“‘]?{capitalised}\b", prompt) is not None

    def renew_literal(self, params: NthParagraphParams, rng: Any, *,
                      profile: Profile = "official", **options: Any) -> NthParagraphParams:
        # Another first word only: the paragraph counts stay as hard as they were. It suits
        # the paragraph's place ("Finally" opens no second paragraph of six).
        from ..support.choosing import pick_other, words
        place = "first" if params.nth_paragraph == 1 else \
            "last" if params.nth_paragraph == params.num_paragraphs else "middle"
        word = pick_other(rng, words()["first_words_by_place"][place], params.first_word)
        return params.model_copy(update={"first_word": word})

    def harder(self, params: NthParagraphParams, rng: Any, *, step: int = 1, of: int = 3,
               profile: Profile = "official") -> Optional[NthParagraphParams]:
        # More paragraphs; the one that starts with the word stays the last when it was
        # ("the last paragraph must start with 'Summary'"), not a summary in the middle.
        found = super().harder(params, rng, step=step, of=of, profile=profile)
        if found is not None and params.nth_paragraph == params.num_paragraphs:
            found = found.model_copy(update={"nth_paragraph": found.num_paragraphs})
        return found

    def sketch_texts(self, params: NthParagraphParams) -> list[str]:
        return [params.first_word]

    def sketch(self, params: NthParagraphParams, sketch: Sketch) -> Optional[str]:
        sketch.min_sentences = max(sketch.min_sentences, params.num_paragraphs)
        sketch.min_words = max(sketch.min_words, params.num_paragraphs * 8)
        if params.nth_paragraph > params.num_paragraphs:
            return "the paragraph to start with a word is beyond the paragraph count"
        return None

    def restate(self, field: str, before: Any, after: Any, piece: str) -> Optional[str]:
        from ..support.edits import ORDINALS, replace_word
        from ..support.wording import ordinal
        if field == "first_word":
            return replace_word(piece, before, after)
        if field == "nth_paragraph":
            for word, value in ORDINALS.items():
                if value == before and re.search(r"\b" + word + r"\b", piece, re.IGNORECASE):
                    return re.sub(r"\b" + word + r"\b", ordinal(after), piece,
                                  flags=re.IGNORECASE)
        return None
