"""language:response_language — the whole response is in one given language."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal, Optional

from ... import text
from ...profiles import Profile
from ..base import Constraint
from ..parameters import LANGUAGE_CODES, Params
from ..registry import register

if TYPE_CHECKING:
    from ..support.case import CaseContext, Item, Problem
    from ..support.draft import Draft
    from ..support.statements import Statement

LanguageCode = Literal[LANGUAGE_CODES]  # type: ignore[valid-type]  # Literal of a tuple built at import; pydantic reads it, mypy cannot

_LANGUAGE_CUE = re.compile(r"(?:\b(?:respond|response|answer|reply|write|written|writing)\b"
                           r"[^.\n]{0,30}\bin\s+|\b(?:only|entirely|wholly)\s+(?:in\s+)?|"
                           r"\busing\s+(?:only\s+)?)(?:the\s+)?$", re.IGNORECASE)


# A language name used of a person ("meeting a Gujarati") is no statement of the language.
_PEOPLE_BEFORE = re.compile(r"\b(?:a|an)\s+$", re.IGNORECASE)
_LANGUAGE_AFTER = re.compile(r"\s+(?:language|speaker|speaking|translation)\b|-speaking\b",
                             re.IGNORECASE)


def _of_a_person(prompt: str, start: int, end: int) -> bool:
    return bool(_PEOPLE_BEFORE.search(prompt, max(0, start - 4), start)) and \
        not _LANGUAGE_AFTER.match(prompt, end)


def detection_verdict(detected: Optional[str], expected: str, *, undetected_passes: bool) -> bool:
    """The detected language is the expected one; `undetected_passes` decides text with no
    features to judge (digits, emoji, '******')."""
    if detected is None:
        return undetected_passes
    return detected == expected


class LanguageParams(Params):
    language: LanguageCode


@register
class ResponseLanguage(Constraint):
    """langdetect (seed 0) names the expected language for the whole response.

    Official: undetectable text passes; revised and ifevalpp-paper: it fails.
    """

    id = "language:response_language"
    # An English end phrase beside "answer in Marathi only" competes in spirit, not in form.
    refuses_effects = frozenset({"adds_english_text"})
    Params = LanguageParams
    format_phrase = True
    # IFEval++ lists 'zh', which langdetect never returns (it says zh-cn / zh-tw): False there.
    paper_unknown_fails = ("language",)
    verdict_groups = {"revised": "undetected-fails", "ifevalpp-paper": "undetected-fails"}

    def check(self, response: str, params: LanguageParams, *, prompt: Optional[str] = None,
              profile: Profile = "official") -> bool:
        return detection_verdict(text.language(response), params.language,
                                 undetected_passes=profile == "official")

    def wording_params(self, params: LanguageParams, **context: Any) -> dict[str, Any]:
        from ..support.languages import language_name
        return super().wording_params(params, **context) | {"language": language_name(params.language)}

    def statements(self, prompt: str, params: Any, *, edits: bool = False) -> list[Statement]:
        from ..support.languages import NAMES_IN_PROMPTS, language_mentions
        from ..support.statements import statement
        code = getattr(params, "language", "")
        names = NAMES_IN_PROMPTS.get(code, ())
        found = []
        for match in language_mentions(prompt):
            if _of_a_person(prompt, match.start(), match.end()):
                continue  # "meeting a Gujarati": a person, not the language
            role = "value" if match.group() in names else "other_language"
            found.append(statement(prompt, match.start(), match.end(), ("language",), role,
                                   value=match.group()))
        if edits:
            found += self._edit_statements(prompt, params)
        return found

    def _edit_statements(self, prompt: str, params: LanguageParams) -> list[Statement]:
        from ..support.edits import shares_sentence, spans_of
        from ..support.languages import language_name
        from ..support.statements import edit_statements
        names = {language_name(params.language)}
        if params.language.startswith("zh"):
            names |= {"Chinese", "Mandarin"}
        if params.language == "fa":
            names |= {"Farsi"}
        values = []
        for name in sorted(names):
            values += [span for span in spans_of(r"\b" + re.escape(name) + r"\b", prompt)
                       if not _of_a_person(prompt, *span)]
        mentions = spans_of(r"no\s+other\s+language(?:s)?(?:\s+is\s+allowed)?|only\s+(?:in\s+)?"
                            r"the\s+\w+\s+language|\blanguage\b", prompt)
        mentions = [span for span in mentions if shares_sentence(prompt, span, values)]
        return edit_statements(prompt, values=values, mentions=mentions)

    def contradictions(self, context: CaseContext, item: Item) -> list[Problem]:
        from ..support.case import Problem
        from ..support.languages import NAMES_IN_PROMPTS
        from ..support.phrases import quote
        from ..support.reflection import with_role
        code = item.params.language
        found = context.statements(item)
        if with_role(found):
            return []
        names = " or ".join(NAMES_IN_PROMPTS.get(code, (code,)))
        others = with_role(found, "other_language")
        if others:
            return [Problem("REFLECT_VALUE_MISMATCH",
                            f"language: the prompt asks for {quote(others[0].phrase.text)} but "
                            f"the stored language is {code!r} ({names})", others[0].span)]
        return [Problem("REFLECT_VALUE_ABSENT",
                        f"language: the prompt never names {names}, the stored language "
                        f"{code!r}")]

    def unstored(self, prompt: str) -> list[tuple[int, int]]:
        from ..support.languages import language_mentions
        found = []
        for match in language_mentions(prompt):
            if match.group() == "English":
                continue  # the prompts are English; "in English" adds nothing to check
            before = prompt[max(0, match.start() - 60):match.start()]
            if _LANGUAGE_CUE.search(before):  # not "about the Dutch language"
                found.append((match.start(), match.end()))
        return found

    def satisfy(self, params: LanguageParams, draft: Draft) -> None:
        draft.language = params.language

    def language_of(self, params: Any) -> Optional[str]:
        return getattr(params, "language", None)

    def propose(self, params: LanguageParams, rng: Any, *, profile: Profile = "official",
                **options: Any) -> dict[str, Any]:
        # A language with little text behind it (Kannada) stays one: Dutch for Kannada
        # would be an easier reconfiguration.
        from ..support.choosing import pick_other, words
        table = words()
        pool = table["languages"]
        if params.language not in table["well_resourced_languages"]:
            pool = [code for code in pool if code not in table["well_resourced_languages"]]
        # And one with the least text behind it (Kannada) stays among those: Finnish, Thai or
        # Ukrainian for Kannada read as easier too (read CGJ on 1108).
        if params.language in table["least_resourced_languages"]:
            pool = [code for code in pool if code in table["least_resourced_languages"]]
        return {"language": pick_other(rng, pool, params.language)}

    def restate(self, field: str, before: Any, after: Any, piece: str) -> Optional[str]:
        from ..support.edits import replace_word
        from ..support.languages import language_name
        if field != "language":
            return None
        return replace_word(piece, language_name(before), language_name(after))
