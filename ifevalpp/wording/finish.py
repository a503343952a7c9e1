"""Finishing a rendered wording: spaces, punctuation and capitals settled, and the spans of the
marked values read out (split from grammar.py, which renders the raw text)."""

from __future__ import annotations

import re
from typing import Any

from .english import indefinite_article

# The marks the renderer leaves in its raw text: a value (open, name, separator, text, close),
# an article to agree with the next word, a capital for the next letter.
_OPEN, _SEP, _CLOSE, _ARTICLE, _CAP = "\x01", "\x03", "\x02", "\x04", "\x05"
_MARKERS = re.compile("[\x01-\x05]")
_VALUE = re.compile("\x01(\\w+)\x03(.*?)\x02", re.DOTALL)


_SPACES = re.compile(r"\s+")


_SPACE_BEFORE_PUNCT = re.compile(r" ([,.;:?!)])")


_SPACE_AFTER_OPEN = re.compile(r"\( ")


_SENTENCE_START = re.compile(r"((?<!\b[a-z]\.[a-z]\.)[.!?] +)([a-z])")


# A stop after a quotation that ends a sentence is dropped ('"Any questions?".'); a question
# mark after a quoted statement is kept ('… starting with "P.S."?'): the sentence asks.
_QUOTED_STOP = re.compile(r"([.?!][\"”])\.|([?!][\"”])\?")


_DOUBLE_STOP = re.compile(r"(?<!\.)\.\.(?!\.)|,\.")


def finish(raw: str, *, capitalize: bool) -> tuple[str, dict[str, tuple[tuple[int, int], ...]]]:
    """Clean up a raw expansion outside parameter values: articles, spacing, capitals.

    Returns the text and, per parameter, the spans of its value in that text.
    """
    segments: list[list[Any]] = []  # [is_value, name, text]
    position = 0
    for match in _VALUE.finditer(raw):
        segments.append([False, None, raw[position:match.start()]])
        segments.append([True, match.group(1), match.group(2)])
        position = match.end()
    segments.append([False, None, raw[position:]])

    for index, segment in enumerate(segments):
        if segment[0] or _ARTICLE not in segment[2]:
            continue
        parts = segment[2].split(_ARTICLE)
        rebuilt = parts[0]
        for offset, part in enumerate(parts[1:], start=1):
            following = "".join(parts[offset:]) + "".join(s[2] for s in segments[index + 1:])
            word = following.replace(_CAP, "").split()
            rebuilt += indefinite_article(word[0] if word else "") + part
        segment[2] = rebuilt

    for index, segment in enumerate(segments):
        if segment[0]:
            continue
        text = _SPACES.sub(" ", segment[2])
        text = _SPACE_BEFORE_PUNCT.sub(r"\1", text)
        text = _SPACE_AFTER_OPEN.sub("(", text)
        text = _DOUBLE_STOP.sub(".", text)
        if index == 0:
            text = text.lstrip()
        if index == len(segments) - 1:
            text = text.rstrip()
        segment[2] = text

    _drop_stop_after_quoted_stop(segments)
    _capitalize_marked(segments)
    if capitalize:
        _capitalize_first(segments)
        for segment in segments:
            if not segment[0]:
                segment[2] = _SENTENCE_START.sub(lambda m: m.group(1) + m.group(2).upper(), segment[2])

    text_parts: list[str] = []
    spans: dict[str, list[tuple[int, int]]] = {}
    length = 0
    for is_value, name, text in segments:
        if is_value:
            spans.setdefault(name, []).append((length, length + len(text)))
        text_parts.append(text)
        length += len(text)
    return "".join(text_parts), {name: tuple(found) for name, found in spans.items()}


def close_sentence(text: str, mark: str = ".") -> str:
    """End `text` with `mark`, unless it already ends a sentence inside a quotation
    ('… the phrase "Any questions?"' needs no stop of its own)."""
    stripped = text.rstrip()
    if stripped.endswith(mark) or re.search(r"[.!?][\"”']$", stripped) and not (
            mark == "?" and re.search(r"[.!][\"”']$", stripped)):
        return stripped
    return stripped + mark


def _drop_stop_after_quoted_stop(segments: list[list[Any]]) -> None:
    """'… "Any questions?".' -> '… "Any questions?"': a quote that ends a sentence needs no stop."""
    for index, segment in enumerate(segments):
        if segment[0]:
            continue
        text = _QUOTED_STOP.sub(lambda m: m.group(1) or m.group(2), segment[2])
        previous = segments[index - 1][2] if index else ""
        if index and segments[index - 1][0] and previous[-1:] in (".", "?", "!") \
                and (text[:2] in ('".', '”.') or text[:2] in ('"?', '”?')
                     and previous[-1:] == "?"):
            text = text[:1] + text[2:]
        segment[2] = text


def _capitalize_marked(segments: list[list[Any]]) -> None:
    pending = False
    for segment in segments:
        if segment[0]:
            if pending and segment[2].strip():
                pending = False  # the next letter is a value's: leave it as it is
            continue
        out = []
        for char in segment[2]:
            if char == _CAP:
                pending = True
                continue
            if pending and char.isalnum():
                char = char.upper()
                pending = False
            out.append(char)
        segment[2] = "".join(out)


def _capitalize_first(segments: list[list[Any]]) -> None:
    for segment in segments:
        for position, char in enumerate(segment[2]):
            if char.isalnum():
                if not segment[0]:
                    segment[2] = segment[2][:position] + char.upper() + segment[2][position + 1:]
                return
