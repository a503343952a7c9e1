"""startend:end_checker — the response ends with an exact phrase."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Optional, Sequence

from ... import text
from ...profiles import Profile
from ..base import Constraint
from ..parameters import NonEmptyText, Params
from ..registry import register

if TYPE_CHECKING:
    from ..support.case import CaseContext, Item, Problem
    from ..support.draft import Draft
    from ..support.requirements import Requirements, WordNeed
    from ..support.statements import Statement

_END_CUE = re.compile(r"\b(?:end|ends|ending|finish|finished|conclude|close)\b|very end|"
                      r"last (?:sentence|line|words?)|should read", re.IGNORECASE)
_QUOTED = re.compile(r"\"([^\"\n]+)\"|“([^”\n]+)”")
_FOLLOW_UP = re.compile(r"\s*(?:No (?:other|additional)|Do not say anything|Nothing else|"
                        r"This phrase should)[^.!?\n]*[.!?]?[\"”'’]?", re.IGNORECASE)
_END_STATEMENT = re.compile(
    r"\b(?:end|finish|conclude)(?:s|ing)?\s+(?:your\s+\w+|it|the\s+\w+|(?:each|every)\s+\w+)\s+"
    r"with\s+(?:the\s+|this\s+)?(?:exact\s+)?(?:phrase|sentence|words?)\b|\b(?:end|finish|"
    r"conclude)(?:s|ing)?\s+(?:your\s+\w+\s+|it\s+)?with\s+[\"“]", re.IGNORECASE)
_NOTHING_AFTER = (r"no\s+(?:other|additional|more)\s+words?\s+(?:should|can|may|must)?\s*"
                  r"(?:follow|come\s+after)\w*[^.\n]*|nothing\s+(?:else\s+)?(?:should\s+)?"
                  r"(?:follow|come\s+after)\w*[^.\n]*|with\s+no\s+other\s+words\s+after[^.\n]*")


def _end_phrase_position(prompt: str, phrase: str,
                         cues: list[re.Match[str]]) -> Optional[tuple[int, int]]:
    """The occurrence of the end phrase that follows an "end with" cue (else the first one)."""
    words_ = phrase.strip().split()
    pattern = re.compile(r"\s+".join(re.escape(word) for word in words_), re.IGNORECASE)
    occurrences = list(pattern.finditer(prompt))
    for occurrence in occurrences:
        if any(0 <= occurrence.start() - cue.end() <= 150 for cue in cues):
            return occurrence.start(), occurrence.end()
    return (occurrences[0].start(), occurrences[0].end()) if occurrences else None


# A capitalised word after another word of its sentence ("Mom" in "Yes Mom"), not "I".
# An end line that points back at steps or tips the answer gave ("the steps listed above").
_POINTS_TO_STEPS = re.compile(r"\b(?:steps?|tips?)\b.*\babove\b", re.IGNORECASE)
_NAMED = re.compile(r"(?<=[\w,;] )(?!I\b|I'\w)[A-Z]")
_CAPITALISED = re.compile(r"\b[A-Z][a-z]+\b")
# A closing line spoken to the asker: "you" (not "thank you"), an offer of more help, or
# "Does this make sense?".
_TO_THE_ASKER = re.compile(r"(?<!thank )(?<!thanks )\byou(?:r)?\b|\bhelp with\b|"
                           r"^does (?:this|that)\b", re.IGNORECASE)
_ASKER_PIECES = ("answer",)
# A closing line that asks the reader to agree closes a piece that argues (a letter, an
# essay), not an explanation of how recycling plants sort waste (read BBF, 1705).
_ASKS_TO_AGREE = re.compile(r"\bagree\b", re.IGNORECASE)
_ARGUING_PIECES = ("letter", "article")
# A closing line that asks the reader to pick ("Which one you choose?") follows options.
_ASKS_TO_CHOOSE = re.compile(r"^which\b|\bwhich (?:one|of)\b", re.IGNORECASE)
# A line that offers the next steps later ("I can give you next steps when you finish all
# steps above") closes the first steps of something, never a complete guide (reads CFQ, CGX).
_OFFERS_NEXT_STEPS = re.compile(r"\bnext steps?\b", re.IGNORECASE)


def _own_question(phrase: str) -> bool:
    """Whether `phrase` is a question of the case's own story: not put to the asker, not one
    that offers a choice, and none of our closing lines (words.json)."""
    from ..support.choosing import words

    said = phrase.strip()
    if not said.endswith("?") or _TO_THE_ASKER.search(said) or _ASKS_TO_CHOOSE.search(said):
        return False
    return not any(said in pool for pool in words()["end_phrase_pieces"].values()) and \
        said not in words()["end_phrases"]


class EndPhraseParams(Params):
    end_phrase: NonEmptyText


@register
class EndChecker(Constraint):
    """The response, stripped of whitespace and then of `"` at both ends, ends with the phrase.

    Case-insensitive; the phrase is stripped too.
    """

    id = "startend:end_checker"
    distractor_unfit_for = frozenset({"markup"})
    speaks_of_end = True
    competes_as_format = True
    # An end phrase is a sentence of its own: none beside a one-sentence rewrite; and a line
    # of its own at the end, none where a type refuses a last line (an exact count of
    # paragraphs: is "And that is the whole story." a third of "two paragraphs"? read CKH on
    # 2215).
    distractor_effects = frozenset({"sets_end", "adds_english_text", "adds_sentence",
                                    "adds_last_line"})
    # "Put the key phrase in bold" invites bolding the required ending ("… Dave.**"), which
    # the checker then fails.
    refuses_effects = frozenset({"uses_bold"})

    def competing_effects(self, params: Any) -> frozenset[str]:
        # Its capitals break an all-lowercase reply, its small letters an all-capitals one
        # ("… in all capital letters" then "finish with "And that is the whole story."").
        from ..support.letter_case import letter_case_effects
        return self.distractor_effects | letter_case_effects(params.end_phrase)

    Params = EndPhraseParams
    # Not startend:quotation: the checker strips the wrapping quotes before comparing.
    conflicts_with = frozenset({"detectable_format:json_format"})

    def check(self, response: str, params: EndPhraseParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        ending = response.strip().strip('"').lower()
        return ending.endswith(params.end_phrase.strip().lower())

    # ------------------------------------------------------------ reading the prompt

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.edits import spans_of
        from ..support.statements import edit_statements
        found = self._phrase(prompt, getattr(params, "end_phrase", ""))
        if edits:
            phrase = params.end_phrase.strip()
            values = spans_of(re.escape(phrase), prompt)
            if not values and phrase.endswith((".", "!", "?")):
                values = spans_of(re.escape(phrase[:-1]), prompt)
            # "… the state of Gujarat in India. … end with 'in India.'": only where the prompt
            # asks for the ending is it the value; the task's own words stay.
            cued = [span for span in values if _after_end_cue(prompt, span[0])]
            values = cued or values[-1:]
            found += edit_statements(prompt, values=values,
                                     mentions=spans_of(_NOTHING_AFTER, prompt))
        return found

    @staticmethod
    def _phrase(prompt: str, phrase: str) -> list[Statement]:
        from ..support.phrases import constraint_span, make_span, sentence_index
        from ..support.statements import Statement, statement
        own = ("end", "quotation")
        cues = list(_END_CUE.finditer(prompt))
        where = _end_phrase_position(prompt, phrase, cues) if phrase.strip() else None
        if where is None:
            # Offer what the prompt quotes after its "end with" cue, for the message.
            for cue in cues:
                quoted = _QUOTED.search(prompt, cue.end(), min(len(prompt), cue.end() + 120))
                if quoted:
                    value = quoted.group(1) or quoted.group(2)
                    return [statement(prompt, cue.start(), quoted.end(), own, "other_value",
                                      value=value)]
            return []
        start, end = where
        cue_start = start
        for cue in reversed(cues):
            if cue.start() < start and sentence_index(prompt, cue.start()) >= \
                    sentence_index(prompt, start) - 3:
                cue_start = cue.start()
                break
        while end < len(prompt) and prompt[end] in "\"”'’":
            end += 1
        span = constraint_span(prompt, cue_start, end, own)
        follow = _FOLLOW_UP.match(prompt, span.end)
        if follow and span.end >= end:
            span = make_span(prompt, span.start, follow.end())
        return [Statement(span=span, phrase=make_span(prompt, where[0], where[1]), role="value",
                          value=phrase)]

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ..support.case import Problem
        from ..support.phrases import quote
        from ..support.reflection import with_role
        phrase = item.params.end_phrase
        found = context.statements(item)
        if with_role(found):
            return []
        other = with_role(found, "other_value")
        if other:
            return [Problem("REFLECT_VALUE_MISMATCH",
                            f"end_phrase: the prompt asks to end with {quote(other[0].value or '')}"
                            f" but the stored end_phrase is {phrase!r}", other[0].span)]
        return [Problem("REFLECT_VALUE_ABSENT",
                        f"end_phrase: {phrase!r} never occurs in the prompt")]

    def quoted_literals(self, params: EndPhraseParams) -> tuple[str, ...]:
        return (params.end_phrase.lower(),) if params.end_phrase else ()

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.cues import matches
        return matches(_END_STATEMENT, prompt)

    # ------------------------------------------------------------ coherence and the witness

    def requires(self, params: EndPhraseParams) -> Requirements:
        from ..support.requirements import Required, Requirements
        return Requirements(texts=(Required(params.end_phrase.strip(), "the end phrase",
                                            at="end"),))

    def words_needed(self, params: EndPhraseParams, context: CaseContext) -> Optional[WordNeed]:
        from ..support.requirements import WordNeed
        return WordNeed(text.count_words(params.end_phrase), "the end phrase", adds_up=True)

    def unsatisfiable(self, params: EndPhraseParams) -> list[str]:
        phrase = params.end_phrase.strip()
        if phrase.endswith('"'):
            return [f"end_phrase {phrase!r} ends with a double quote, which the checker strips "
                    f"from the response before comparing"]
        return []

    def satisfy(self, params: EndPhraseParams, draft: Draft) -> None:
        draft.end_phrase = params.end_phrase.strip()

    # ------------------------------------------------------------ generating

    # A new end line is one that closes the kind of piece asked for (words.json,
    # end_phrase_pieces): a sign-off for a letter, a line of verse for a poem.
    proposes_for_piece = True
    follows_task = True

    def propose(self, params: EndPhraseParams, rng: Any, *, profile: Profile = "official",
                piece: Optional[str] = None, **options: Any) -> dict[str, Any]:
        from ..support.choosing import pick_other, words
        pool = words()["end_phrase_pieces"].get(piece, ()) if piece else ()
        return {"end_phrase": pick_other(rng, list(pool) or words()["end_phrases"],
                                         params.end_phrase)}

    renews_unsuited = False

    def suits_piece(self, params: EndPhraseParams, piece: str) -> bool:
        from ..support.choosing import words
        if _POINTS_TO_STEPS.search(params.end_phrase):
            return True  # the new task lists steps (`task_needs_for`): the line fits it
        pools = words()["end_phrase_pieces"]
        phrase = params.end_phrase.strip()
        if _ASKS_TO_AGREE.search(phrase) and not any(phrase in pool for pool in pools.values()):
            return piece in _ARGUING_PIECES
        if _TO_THE_ASKER.search(phrase) and not any(phrase in pool for pool in pools.values()):
            # A line said to the person who asked ("Does this make sense?", "That is all you
            # need!") closes an answer, never a story, a portrait of a place or a letter to
            # the council (read EA).
            return piece in _ASKER_PIECES
        pool = pools.get(piece)
        return pool is None or phrase in pool

    def task_needs_for(self, params: EndPhraseParams) -> frozenset[str]:
        # "Follow the 5 steps listed above, and you will be successful." closes a piece that
        # lists steps; a new task of another kind would have to drop it for an easier line.
        if _OFFERS_NEXT_STEPS.search(params.end_phrase):
            return frozenset({"steps", "first_steps"})
        if _POINTS_TO_STEPS.search(params.end_phrase):
            return frozenset({"steps"})
        # "Which one you choose?" closes a piece that offers options (strict read CB: not a
        # cover letter; nor a product description that merely has a list).
        if _ASKS_TO_CHOOSE.search(params.end_phrase):
            return frozenset({"options"})
        return self.task_needs

    def sketch_texts(self, params: EndPhraseParams) -> list[str]:
        return [params.end_phrase]

    def wording_params(self, params: Any, **context: Any) -> dict[str, Any]:
        # A fragment ("in India.") is named as an exact phrase: after "with the phrase", its
        # stop reads as the sentence's own (read EB), and the check wants it.
        fragment = not params.end_phrase.lstrip("\"'“‘(")[:1].isupper()
        # One word ("Peace!") is no "phrase" nor "words" (read BAC: 'the precise words "Peace!"').
        one_word = len(params.end_phrase.split()) == 1
        # A phrase with its own stop takes no comma after its closing quote (`stopped`).
        stopped = params.end_phrase.rstrip()[-1:] in (".", "?", "!")
        return super().wording_params(params, **context) | {"fragment": fragment or None,
                                                            "one_word": one_word or None,
                                                            "stopped": stopped or None}

    # An end line suits a piece of prose (a letter, an essay), not a rap or a joke.
    distractor_suits = frozenset({"prose", "letter"})
    closing_text_field = "end_phrase"
    # A new task that is a few words or lines (a joke, a riddle, a haiku) ends on its own
    # punchline or image, not on a stated closing line.
    task_avoids = frozenset({"short"})

    def distractor_settings(self, seen: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        # Another case's end line belongs to its story ("your love, and thanks." on a cover
        # letter, "in India." on a budget request): a distractor takes a generic closing line.
        from ..support.choosing import words
        return [{"end_phrase": phrase} for phrase in words()["end_phrases"]]

    def literal_bound_to_task(self, params: EndPhraseParams, prompt: str = "") -> bool:
        # A capitalised word inside a sentence (other than "I") names someone or something
        # of the case's story: "Yes Mom, I am Dave." suits no riddle about a seaside town;
        # so does a name the original gives inside a sentence ("My name is Naomi" before
        # "Naomi thanks you for reading.", read EB).
        if _NAMED.search(params.end_phrase):
            return True
        # A line that asks the reader to agree closes the case's own argument ("Hope you agree
        # with me." after asking the boss for a raise): a letter to an old friend or an email
        # introducing a stall has nothing to agree with (read CFD, 1705).
        if _ASKS_TO_AGREE.search(params.end_phrase):
            return True
        # A question of the story's own, not put to the asker nor among our closing lines,
        # closes the case's own piece ("What would happen to human next?" after the dinosaurs'
        # end, never after advice on a phone for a child: read CHN, 2736).
        if _own_question(params.end_phrase):
            return True
        rest = prompt.replace(params.end_phrase, " ")
        return any(re.search(rf"(?<=[\w,;] ){re.escape(word)}\b", rest)
                   for word in _CAPITALISED.findall(params.end_phrase) if word != "I")

    def restate(self, field: str, before: Any, after: Any, piece: str) -> Optional[str]:
        if field == "end_phrase" and before in piece:
            return piece.replace(before, after)
        return None


def _after_end_cue(prompt: str, start: int) -> bool:
    """Whether an "end with" cue stands in the 200 characters before `start`, in the same
    paragraph."""
    window = prompt[max(0, start - 200):start].rsplit("\n\n", 1)[-1]
    return bool(_END_CUE.search(window))
