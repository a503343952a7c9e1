"""Edit a parameter value where the prompt states it ("a 300+ word summary" -> "a 450+ word summary").

Used for statements woven into the task sentence, which cannot be cut out and
rendered anew. Only the value changes — the relation and the author's wording
stay — so a change of relation is refused (None) here.
"""

from __future__ import annotations

import re
from typing import Any, Optional

from .decompose import Layout, Unit
from .spans import NUMBER_WORDS, ORDINALS, numbers_in
from ..constraints.support.languages import ENGLISH_NAMES as LANGUAGE_NAMES
from ..constraints.support.wording import ordinal

_WORD_FOR = {value: word for word, value in NUMBER_WORDS.items()}

COUNT_FIELDS: dict[str, tuple[str, Optional[str]]] = {
    "length_constraints:number_words": ("num_words", "relation"),
    "length_constraints:number_sentences": ("num_sentences", "relation"),
    "change_case:capital_word_frequency": ("capital_frequency", "capital_relation"),
    "detectable_content:number_placeholders": ("num_placeholders", None),
    "detectable_format:number_bullet_lists": ("num_bullets", None),
    "detectable_format:number_highlighted_sections": ("num_highlights", None),
    "length_constraints:number_paragraphs": ("num_paragraphs", None),
    "keywords:frequency": ("frequency", "relation"),
    "keywords:letter_frequency": ("let_frequency", "let_relation"),
}


def _format_number(new: int, old_token: str) -> str:
    if old_token.isdigit():
        return str(new)
    lowered = old_token.lower()
    if lowered in ("once", "twice", "thrice"):
        return {1: "once", 2: "twice", 3: "three times"}.get(new, f"{new} times")
    word = _WORD_FOR.get(new)
    if word is None:
        return str(new)
    return word.capitalize() if old_token[0].isupper() else word


def _replace_number(text: str, old: int, new: int) -> Optional[str]:
    for start, end, value in numbers_in(text):
        if abs(value - old) <= 1:
            shown = new + (value - old)
            if shown < 0:
                return None
            token = text[start:end]
            replacement = _format_number(shown, token)
            result = text[:start] + replacement + text[end:]
            if replacement in ("once", "twice") and token.lower() not in ("once", "twice"):
                result = re.sub(r"\b" + re.escape(replacement) + r"\s+times?\b", replacement,
                                result)
            if shown == 1 and not replacement.isalpha():
                result = re.sub(r"\b1 times\b", "1 time", result)
            return result
    return None


def _replace_word(text: str, old: str, new: str) -> Optional[str]:
    pattern = re.compile(r"(?<!\w)" + re.escape(old) + r"(?!\w)", re.IGNORECASE)
    if not pattern.search(text):
        return None

    def case_like(match: re.Match[str]) -> str:
        found = match.group(0)
        if found.isupper() and len(found) > 1:
            return new.upper()
        if found[:1].isupper():
            return new[:1].upper() + new[1:]
        return new
    return pattern.sub(case_like, text)


def _value_texts(layout: Layout, unit: Unit, index: int) -> list[str]:
    return [layout.prompt[start:end] for start, end in layout.values.get(index, [])
            if start >= unit.start and end <= unit.end]


def substitute_values(layout: Layout, unit: Unit, index: int, new_params: Any,
                      text: str) -> Optional[str]:
    """`text` (the unit, possibly already edited) with constraint `index` restated for
    `new_params`; None when some changed value cannot be edited in place."""
    instruction_id = layout.ids[index]
    old_params = layout.params[index]
    if new_params == old_params:
        return text
    old = old_params.model_dump()
    new = new_params.model_dump()
    changed = {name for name in new if new[name] != old.get(name)}
    spans = _value_texts(layout, unit, index)
    if not spans:
        return None
    count = COUNT_FIELDS.get(instruction_id)
    if count is not None and count[1] is not None and count[1] in changed:
        return None  # a relation cannot be swapped inside somebody else's sentence
    done: set[str] = set()
    for span_text in spans:
        piece = span_text
        if count is not None and count[0] in changed:
            edited = _replace_number(piece, old[count[0]], new[count[0]])
            if edited is not None:
                piece, _ = edited, done.add(count[0])
        for name in changed - {count[0] if count else ""}:
            edited = _edit_field(instruction_id, name, old, new, piece)
            if edited is not None:
                piece = edited
                done.add(name)
        if piece != span_text:
            if span_text not in text:
                return None
            text = text.replace(span_text, piece, 1)
    if changed - done:
        return None
    return text


def _edit_field(instruction_id: str, name: str, old: dict[str, Any], new: dict[str, Any],
                piece: str) -> Optional[str]:
    before, after = old[name], new[name]
    if name in ("keywords", "forbidden_words"):
        result = piece
        hit = False
        for old_word, new_word in zip(before, after):
            edited = _replace_word(result, old_word, new_word)
            if edited is not None:
                result, hit = edited, True
        return result if hit else None
    if name in ("keyword", "first_word", "end_phrase", "postscript_marker", "section_spliter"):
        if name == "section_spliter":
            return _replace_word(piece, before, after) if re.search(
                r"(?<!\w)" + re.escape(before) + r"(?!\w)", piece) else None
        if name in ("end_phrase", "postscript_marker"):
            if before in piece:
                return piece.replace(before, after)
            return None
        return _replace_word(piece, before, after)
    if name == "letter":
        pattern = re.compile(r"(?<=letter )" + re.escape(before) + r"(?!\w)|(?<=[\"'“‘])" +
                             re.escape(before) + r"(?=[\"'”’])", re.IGNORECASE)
        if not pattern.search(piece):
            return None
        return pattern.sub(after, piece)
    if name == "language":
        old_name = LANGUAGE_NAMES.get(before, before)
        return _replace_word(piece, old_name, LANGUAGE_NAMES.get(after, after))
    if name in ("num_sections", "num_paragraphs"):
        return _replace_number(piece, before, after)
    if name == "nth_paragraph":
        for word, value in ORDINALS.items():
            if value == before and re.search(r"\b" + word + r"\b", piece, re.IGNORECASE):
                return re.sub(r"\b" + word + r"\b", ordinal(after), piece, flags=re.IGNORECASE)
        return None
    return None
