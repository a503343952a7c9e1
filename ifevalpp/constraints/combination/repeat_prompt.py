"""combination:repeat_prompt — repeat the request word for word, then answer."""

from __future__ import annotations

import re
import string
from typing import TYPE_CHECKING, Any, Optional

from ... import text as text_analysis
from ...profiles import Profile
from ..base import Constraint
from ..parameters import NonEmptyText, Params
from ..registry import get, register

if TYPE_CHECKING:
    from ..support.case import CaseContext, Item, Problem
    from ..support.draft import Draft
    from ..support.phrases import Span
    from ..support.requirements import Requirements, WordNeed
    from ..support.statements import Statement

_REPEAT = re.compile(r"\brep(?:l)?eat", re.IGNORECASE)
_REPEAT_CUE = re.compile(r"\brepeat\s+(?:the|this|my)\s+(?:request|question|prompt|instruction)|"
                         r"\brepeat\b[^.\n]{0,40}\bword for word\b", re.IGNORECASE)
_REPEAT_TAIL_OK = re.compile(r"^\s*$")
# Readings of other types that do not state them (a case word, another language).
_NOT_STATING = frozenset({"english", "other_case", "other_language", "other_value"})


def repeat_instruction(prompt: str, text: str) -> Optional[tuple[Span, str]]:
    """The repeat instruction outside the text to repeat, and where it says the text is
    ('above', 'below' or '')."""
    from ..support.phrases import make_span, sentence_at, verbatim_span
    found = verbatim_span(prompt, text)
    if found is None:
        cue = _REPEAT.search(prompt)
        if not cue:
            return None
        start, end = sentence_at(prompt, cue.start())
        return make_span(prompt, start, end), _direction(prompt[start:end])
    before = (0, found[0])
    after = (found[1], len(prompt))
    for start, end in (after, before):
        cue = _REPEAT.search(prompt, start, end)
        if cue:
            if (start, end) == after:
                # The instruction begins with the sentence that asks to repeat; any text before
                # it still belongs to the request.
                start = max(start, sentence_at(prompt, cue.start())[0])
            while start < end and prompt[start].isspace():
                start += 1
            while end > start and prompt[end - 1].isspace():
                end -= 1
            return make_span(prompt, start, end), _direction(prompt[start:end])
    return None


def _direction(instruction: str) -> str:
    lowered = instruction.lower()
    if re.search(r"\b(?:above|first line|previous|preceding)\b", lowered):
        return "above"
    if re.search(r"\b(?:below|following|next)\b", lowered):
        return "below"
    return ""


def _not_verbatim_message(prompt: str, text: str) -> str:
    from ..support.phrases import quote
    squeezed_prompt = " ".join(prompt.split()).lower()
    if " ".join(text.split()).lower() in squeezed_prompt:
        return ("prompt_to_repeat: occurs in the prompt only with different spacing or letter "
                f"case; the checker compares {quote(text)} literally (lower-cased)")
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if text[:middle] in prompt:
            low = middle
        else:
            high = middle - 1
    if low >= 12:
        return (f"prompt_to_repeat: the prompt agrees only up to {quote(text[:low][-40:])}; "
                f"stored text continues {quote(text[low:low + 40])}")
    return f"prompt_to_repeat: {quote(text)} does not occur in the prompt"


def _positive_requirement(item: Item) -> bool:
    """Whether the instruction asks for at least something (no upper bound of its own)."""
    spec = get(item.instruction_id).count
    relation = getattr(item.params, spec.relation_field) if spec and spec.relation_field \
        else None
    return relation in (None, "at least")


_ASCII_PUNCTUATION = re.compile("[" + re.escape(string.punctuation) + "]")


def _without_punctuation(value: str) -> str:
    """ifevalpp-paper's normal form: stripped, lower-cased, ASCII punctuation removed."""
    return _ASCII_PUNCTUATION.sub("", value.strip().lower())


class RepeatPromptParams(Params):
    prompt_to_repeat: NonEmptyText


# A quotation of four words or more inside the request to copy ('rewrite "We are out of
# milk again." in a cheerful tone'): copying the nested quotes is part of the test.
_QUOTATION = re.compile(r"[\"“]([^\"”\n]+)[\"”]")
_QUOTATION_WORDS = 4


@register
class RepeatPrompt(Constraint):
    """The response starts with the text to repeat (both stripped and lower-cased).

    ifevalpp-paper also removes ASCII punctuation from both (after stripping) first.
    """

    id = "combination:repeat_prompt"
    task_needs = frozenset({"repeatable"})
    refuses_effects = frozenset({"adds_first_line", "sets_start"})
    Params = RepeatPromptParams
    verdict_groups = {"ifevalpp-paper": "ifevalpp-paper"}
    request_field = "prompt_to_repeat"

    def wording_params(self, params: Any, **context: Any) -> dict[str, Any]:
        # The request stands above the instruction unless the generator says otherwise
        # (it swaps "above" for "below" when it puts the request after).
        # Said ahead of the request, the instruction opens the prompt (`opens`): no form that
        # qualifies something said before it ("Note that …", read CJY on 1129).
        return super().wording_params(params, **context) | {
            "where": context.get("where", "above"), "opens": context.get("ahead") or None}

    def task_needs_for(self, params: Any) -> frozenset[str]:
        # A request holding a quotation is replaced by one that holds one too (a strict read
        # judged "rewrite a plain request" easier than copying nested quotes, read DA).
        quoted = any(len(found.split()) >= _QUOTATION_WORDS
                     for found in _QUOTATION.findall(params.prompt_to_repeat))
        return self.task_needs | {"quoted"} if quoted else self.task_needs

    def task_premise(self, params: Any, task: str) -> Optional[str]:
        # A request to copy in old English ("Wherefore doth people consider …?") tempts a
        # model to mend it; a plain new one is easier to copy word for word (reads BBG, BBP).
        from ..support.choosing import words
        archaic = set(words()["archaic_words"])
        if archaic & set(re.findall(r"[a-z]+", params.prompt_to_repeat.lower())):
            return "its request to copy is in old English"
        return None

    # Its contradictions read the other instructions' statements.
    reflection_order = 1
    conflicts_with = frozenset({"detectable_format:json_format"})

    def check(self, response: str, params: RepeatPromptParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        if profile == "ifevalpp-paper":
            return _without_punctuation(response).startswith(
                _without_punctuation(params.prompt_to_repeat))
        return response.strip().lower().startswith(params.prompt_to_repeat.strip().lower())

    # ------------------------------------------------------------ reading the prompt

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.phrases import make_span
        from ..support.statements import Statement
        found = repeat_instruction(prompt, getattr(params, "prompt_to_repeat", ""))
        if found is None:
            return []
        span, direction = found
        cue = _REPEAT.search(prompt, span.start, span.end)
        phrase = make_span(prompt, cue.start(), cue.end()) if cue else span
        return [Statement(span=span, phrase=phrase, role="mention", value=direction)]

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ..support.case import Problem
        text = item.params.prompt_to_repeat.strip()
        found = self.request_span(context.prompt, item.params)
        if found is None:
            return [Problem("REFLECT_REPEAT_NOT_VERBATIM",
                            _not_verbatim_message(context.prompt, text))]
        return self._position(context, text, found[0]) + self._inside(context, text, found[0])

    @staticmethod
    def _position(context: CaseContext, text: str, where: int) -> list[Problem]:
        from ..support.case import Problem
        from ..support.phrases import quote
        prompt = context.prompt
        found = repeat_instruction(prompt, text)
        if found is None:
            return [Problem("REFLECT_NOT_FOUND",
                            "prompt_to_repeat: the prompt never asks to repeat anything")]
        span, direction = found
        end = where + len(text)
        problems = []
        if direction == "above":
            head = prompt[:where]
            if head.strip():
                problems.append(Problem(
                    "REFLECT_REPEAT_POSITION",
                    f"prompt_to_repeat: the prompt asks to repeat the request above "
                    f"({quote(span.text, 60)}) but the stored text is not at the start; it "
                    f"follows {quote(head.strip(), 60)}", span))
            elif span.start > end and prompt[end:span.start].strip():
                gap = prompt[end:span.start].strip()
                problems.append(Problem(
                    "REFLECT_REPEAT_PARTIAL",
                    f"prompt_to_repeat: the request above the repeat instruction continues with "
                    f"{quote(gap)}, which the stored text leaves out", span))
        elif direction == "below":
            tail = prompt[end:]
            if where < span.end or tail.strip() and not _REPEAT_TAIL_OK.match(tail):
                problems.append(Problem(
                    "REFLECT_REPEAT_POSITION",
                    f"prompt_to_repeat: the prompt asks to repeat the request below "
                    f"({quote(span.text, 60)}) but the stored text is not the text that follows "
                    f"it", span))
        return problems

    def _inside(self, context: CaseContext, text: str, where: int) -> list[Problem]:
        """Other constraints stated only inside the text to repeat, or already satisfied by it."""
        from ..support.case import Problem
        from ..support.phrases import Span, quote
        problems = []
        end = where + len(text)
        for other in context.items:
            if other.instruction_id == self.id:
                continue
            found = [statement for statement in context.statements(other)
                     if statement.role not in _NOT_STATING]
            constraint = get(other.instruction_id)
            if constraint.satisfied_by_presence:
                try:
                    satisfied = constraint.check(text, other.params, prompt=context.prompt,
                                                 profile=context.profile)
                except Exception:  # noqa: BLE001 - a checker crash is a schema problem, not ours
                    satisfied = False
                if satisfied and _positive_requirement(other):
                    problems.append(Problem(
                        "AMBIGUOUS_SATISFIED_BY_REPEAT",
                        f"{other.instruction_id}: the text to repeat, {quote(text, 70)}, already "
                        f"passes this checker on its own, so the instruction measures nothing",
                        Span(start=where, end=end, text=text), about=other))
                    continue
            if found and all(where <= statement.phrase.start and statement.phrase.end <= end
                             for statement in found):
                if re.search(r"\brepeat", text, re.IGNORECASE):
                    continue  # "(including the repeated request)": the prompt settles it
                problems.append(Problem(
                    "AMBIGUOUS_IN_REPEATED_TEXT",
                    f"{other.instruction_id}: stated only inside the text to repeat "
                    f"({quote(found[0].span.text)}); does it bind the repeated copy too? The "
                    f"checker counts it", found[0].span, about=other))
        return problems

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.cues import matches
        return matches(_REPEAT_CUE, prompt)

    # ------------------------------------------------------------ coherence and the witness

    def requires(self, params: RepeatPromptParams) -> Requirements:
        from ..support.requirements import Required, Requirements
        return Requirements(texts=(Required(params.prompt_to_repeat.strip(),
                                            "the request to repeat", at="start"),))

    def words_needed(self, params: RepeatPromptParams, context: CaseContext
                     ) -> Optional[WordNeed]:
        from ..support.requirements import WordNeed
        return WordNeed(text_analysis.count_words(params.prompt_to_repeat),
                        "the repeated request", adds_up=True)

    def satisfy(self, params: RepeatPromptParams, draft: Draft) -> None:
        draft.repeat = params.prompt_to_repeat.strip()

    # ------------------------------------------------------------ generating

    def describe(self, params: RepeatPromptParams) -> str:
        return "The answer must first repeat the request (prompt_to_repeat) word for word."

    def sketch_texts(self, params: RepeatPromptParams) -> list[str]:
        return [params.prompt_to_repeat]
