"""A witness for satisfiability: build one response that passes every instruction of a case.

The builder is deliberately plain: every instruction writes its part into a
`Draft` (`Constraint.satisfy`); the builder lays out the required pieces (the
request to repeat, a <<title>>, paragraphs, "SECTION N" labels, bullets,
highlights, placeholders, keywords, capital words, a postscript, the end phrase,
quotes or a JSON wrapper, and any further tokens or lines a type asks for),
fills the rest with words from a small vocabulary that avoids every forbidden
word, banned letter and capped keyword, sizes the filler to the word and
sentence bounds, and then asks the real checkers whether it passes. It never
decides anything on its own: a response is a witness only when every checker
says so.

Filler for a response language other than English is made of pseudo-words cut
from langdetect's own n-gram profile for that language, which langdetect then
recognises.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import math
import os
import re
from dataclasses import dataclass
from typing import Optional

from .. import text
from ..constraints.registry import get
from ..constraints.support.case import CaseContext
from ..constraints.support.draft import Draft
from ..constraints.support.phrases import INF

# Plain English words (our own list): varied letters so that some survive any letter ban.
VOCABULARY: tuple[str, ...] = tuple("""
the of and to in is was for on with as by at from this that it be are we you they our your
their will can may have has had not but all more most some many other each new good great
small large long little old young first last next early late day time year week people world
life work home city water light tree river garden house family friend story music book school
market road morning evening night summer winter spring coffee bread table window door street
park bird dog horse flower stone hill field bright quiet warm cold green blue red yellow simple
clear gentle happy careful useful open walk read write bring build carry find keep learn make
play share watch visit help grow move start follow enjoy quickly slowly often always together
again around under over between through along near after before during because while where
when how why what which who quick question queen quite quality jump joy journey jazz zoo zero
box six next vivid kind kept view wave voice value
""".split())

_TITLE_WORDS = ("good", "day")


def make_plan(context: CaseContext) -> Draft:
    """The draft every instruction of the case has written its part into."""
    plan = Draft()
    for item in context.items:
        get(item.instruction_id).satisfy(item.params, plan)
    return plan


# ----------------------------------------------------------------------------- vocabulary


@functools.lru_cache(maxsize=64)
def _profile_words(language: str) -> tuple[str, ...]:
    """Pseudo-words for a langdetect language: pairs of its most frequent letter trigrams."""
    spec = importlib.util.find_spec("langdetect")
    if spec is None or not spec.submodule_search_locations:
        return ()
    path = os.path.join(list(spec.submodule_search_locations)[0], "profiles", language)
    try:
        with open(path, encoding="utf-8") as handle:
            frequencies = json.load(handle)["freq"]
    except (OSError, ValueError, KeyError):
        return ()
    grams = [gram for gram, _ in sorted(frequencies.items(), key=lambda pair: (-pair[1], pair[0]))
             if len(gram) == 3 and " " not in gram and all(character.isalpha()
                                                           for character in gram)][:40]
    if len(grams) < 10:
        return ()
    return tuple(grams[index] + grams[(index * 7 + 3) % len(grams)][1:]
                 for index in range(len(grams)))


def _allowed(word: str, plan: Draft) -> bool:
    lowered = word.lower()
    if any(letter in lowered for letter in plan.letter_max):
        return False
    if any(pattern.search(word) for pattern in plan.forbidden):
        return False
    for keyword in plan.keyword_max:
        try:
            if re.search(keyword, word, re.IGNORECASE):
                return False
        except re.error:
            if keyword.lower() in lowered:
                return False
    return True


def _vocabulary(plan: Draft) -> list[str]:
    return list(_filtered_vocabulary(plan.language, tuple(sorted(plan.letter_max)),
                                     tuple(pattern.pattern for pattern in plan.forbidden),
                                     tuple(sorted(plan.keyword_max))))


@functools.lru_cache(maxsize=1024)
def _filtered_vocabulary(language: str, letters: tuple[str, ...], forbidden: tuple[str, ...],
                         capped: tuple[str, ...]) -> tuple[str, ...]:
    plan = Draft(language=language, letter_max={letter: 0 for letter in letters},
                forbidden=[re.compile(pattern, re.IGNORECASE) for pattern in forbidden],
                keyword_max={keyword: 0 for keyword in capped})
    source = VOCABULARY if language == "en" else _profile_words(language)
    return tuple(word for word in source if len(word) > 1 and _allowed(word, plan))


# ----------------------------------------------------------------------------- layout


@dataclass
class Layout:
    """How much filler to write: sentences and words per sentence."""

    sentences: int
    words_per_sentence: int


def _filler_sentence(vocabulary: list[str], start: int, length: int, inline: list[str],
                     ending: str) -> tuple[str, int]:
    words = [vocabulary[(start + index * 7) % len(vocabulary)] for index in range(length)]
    if inline:
        words[1:1] = inline
    return " ".join(words) + ending, start + length


def _assemble(plan: Draft, layout: Layout, vocabulary: list[str]) -> str:
    """The response for one layout (not yet checked)."""
    inline = _inline_tokens(plan, vocabulary)
    blocks = max(plan.rule_paragraphs or 1, plan.blank_paragraphs or 1)
    sentence_count = max(layout.sentences, blocks)
    ending = "."
    cursor = 0
    sentences: list[str] = []
    for index in range(sentence_count):
        chunk = inline[index::sentence_count]
        sentence, cursor = _filler_sentence(vocabulary, cursor, layout.words_per_sentence,
                                            chunk, ending)
        sentences.append(sentence)
    if plan.sections:
        splitter, count = plan.sections
        for number in range(1, count + 1):
            target = (number - 1) % len(sentences)
            sentences[target] = f"{splitter} {number} " + sentences[target]
    # distribute sentences over blocks; block i gets sentences[i::blocks]
    grouped = [sentences[index::blocks] for index in range(blocks)]
    body_blocks = [" ".join(group) for group in grouped]
    if plan.nth is not None:
        nth, word = plan.nth
        if 1 <= nth <= len(body_blocks):
            body_blocks[nth - 1] = word + " " + body_blocks[nth - 1]
    if plan.bullets:
        bullet_words = vocabulary[:3] if len(vocabulary) >= 3 else vocabulary
        bullet_lines = [f"* {' '.join(bullet_words)}{ending}" for _ in range(plan.bullets)]
        body_blocks[0] = body_blocks[0] + "\n" + "\n".join(bullet_lines)
    if plan.answer_options:
        answer = _answer(plan)
        if answer:
            body_blocks[-1] = body_blocks[-1] + " " + answer
    head: list[str] = []
    if plan.repeat is not None:
        head.append(_cased_literal(plan.repeat, plan))
    if plan.title:
        title = "<<" + " ".join(_title_words(vocabulary)) + ">>"
        if plan.nth is not None and plan.nth[0] == 1:
            body_blocks[0] = body_blocks[0] + "\n" + title
        else:
            head.append(title)
    if head:
        if plan.nth is not None and plan.nth[0] == 1 and plan.repeat is None:
            body_blocks[0] = body_blocks[0] + "\n" + "\n".join(head)
        else:
            body_blocks[0] = "\n".join(head) + "\n" + body_blocks[0]
    tail: list[str] = []
    if plan.postscript:
        marker = plan.postscript
        if plan.capitals[1] != INF and plan.case != "upper":
            marker = marker.lower()
        tail.append(f"{marker} {vocabulary[0]} {vocabulary[1 % len(vocabulary)]}{ending}")
    tail += plan.tail
    if plan.two_responses:
        second = " ".join(vocabulary[2:5] if len(vocabulary) >= 5 else vocabulary[:2]) + ending
        tail.append("******\n" + second)
    if tail:
        body_blocks[-1] = body_blocks[-1] + "\n" + "\n".join(tail)
    if plan.end_phrase:
        body_blocks[-1] = body_blocks[-1] + " " + _cased_literal(plan.end_phrase, plan)
    if plan.rule_paragraphs and plan.blank_paragraphs:
        response = " ***\n\n".join(body_blocks)
    elif plan.rule_paragraphs:
        response = "\n***\n".join(body_blocks)
    else:
        response = "\n\n".join(body_blocks)
    if plan.json:
        response = json.dumps(" ".join(response.split()), ensure_ascii=False)
    if plan.case == "upper":
        response = response.upper()
    elif plan.case == "lower":
        response = response.lower()
    if plan.quotation and not plan.json:
        response = '"' + response + '"'
    return response


def _cased_literal(literal: str, plan: Draft) -> str:
    if plan.case == "upper":
        return literal.upper()
    if plan.case == "lower" or plan.capitals[1] != INF:
        return literal.lower()
    return literal


def _title_words(vocabulary: list[str]) -> list[str]:
    return [word for word in _TITLE_WORDS if word in vocabulary] or vocabulary[:2]


def _answer(plan: Draft) -> Optional[str]:
    for option in plan.answer_options:
        if _allowed_text(option, plan):
            return option
    return None


def _allowed_text(sample: str, plan: Draft) -> bool:
    return not any(pattern.search(sample) for pattern in plan.forbidden) and not (
        plan.no_comma and "," in sample)


def _inline_tokens(plan: Draft, vocabulary: list[str]) -> list[str]:
    tokens: list[str] = []
    for keyword, times in plan.keyword_min.items():
        tokens += [keyword.lower() if plan.capitals[1] != INF else keyword] * times
    for letter, times in plan.letter_min.items():
        if letter.isalpha():
            carriers = sorted({word for word in VOCABULARY + tuple(vocabulary)
                               if letter in word and _allowed(word, plan)},
                              key=lambda word: (-word.count(letter), word))[:5]
            if carriers:
                # Several different carriers, so the text still reads as its language.
                needed, index = times, 0
                while needed > 0:
                    word = carriers[index % len(carriers)]
                    tokens.append(word)
                    needed -= word.count(letter)
                    index += 1
                continue
        tokens.append(letter * times)
    low_capitals = int(plan.capitals[0])
    if low_capitals and plan.case != "upper":
        capital_source = [word for word in vocabulary if word.isalpha()] or ["good"]
        tokens += [capital_source[index % len(capital_source)].upper()
                   for index in range(low_capitals)]
    for index in range(plan.highlights):
        tokens.append("*" + vocabulary[(index * 3) % len(vocabulary)] + "*")
    for index in range(plan.placeholders):
        tokens.append("[" + vocabulary[(index * 5 + 1) % len(vocabulary)] + "]")
    return tokens + plan.inline


# ----------------------------------------------------------------------------- search


def _measure(response: str) -> tuple[int, int]:
    return text.count_sentences(response), text.count_words(response)


def _passes(context: CaseContext, response: str) -> bool:
    """Strict verdict of every instruction, exactly as `ifevalpp.constraints.check` gives it."""
    if not response.strip():
        return False
    for item in context.items:
        try:
            constraint = get(item.instruction_id)
            if not constraint.check(response, item.params, prompt=context.prompt,
                                    profile=constraint.profile_for(context.profile)):
                return False
        except Exception:  # noqa: BLE001 - a checker that cannot run has no witness
            return False
    return True


def _whole_texts(context: CaseContext) -> list[str]:
    """The types' own whole-response witnesses (`Constraint.witness`), alone and joined."""
    texts = [text for item in context.items
             if (text := get(item.instruction_id).witness(item.params, context.prompt))]
    joined = [separator.join(pair) for first, second in zip(texts, texts[1:])
              for pair in ((first, second), (second, first)) for separator in (" ", "\n")]
    return texts + joined


def build_witness(context: CaseContext, *, rounds: int = 6) -> Optional[str]:
    """A response passing every instruction of the case, or None if the builder finds none."""
    for whole in _whole_texts(context):
        if _passes(context, whole):
            return whole
    plan = make_plan(context)
    vocabulary = _vocabulary(plan)
    if len(vocabulary) < 3:
        return None
    low_sentences = int(plan.sentences[0])
    low_words = int(plan.words[0])
    layout = Layout(sentences=max(1, low_sentences, 3 if plan.language != "en" else 2),
                    words_per_sentence=6)
    tried: set[tuple[int, int]] = set()
    for _ in range(rounds):
        tried.add((layout.sentences, layout.words_per_sentence))
        response = _assemble(plan, layout, vocabulary)
        if _passes(context, response):
            return response
        sentences, words = _measure(response)
        adjusted = _adjust(plan, layout, sentences, words, low_sentences, low_words)
        if (adjusted.sentences, adjusted.words_per_sentence) in tried:
            adjusted = _grow(plan, layout, sentences, words)
            if (adjusted.sentences, adjusted.words_per_sentence) in tried:
                return None
        layout = adjusted
    return None


def _adjust(plan: Draft, layout: Layout, sentences: int, words: int, low_sentences: int,
            low_words: int) -> Layout:
    """Move the filler toward the sentence and word bounds the last attempt missed."""
    count, per = layout.sentences, layout.words_per_sentence
    high_sentences, high_words = plan.sentences[1], plan.words[1]
    if sentences < low_sentences:
        count += low_sentences - sentences
    elif high_sentences != INF and sentences > high_sentences:
        count = max(1, count - (sentences - int(high_sentences)))
    structural = max(0, words - layout.sentences * per)
    if words < low_words:
        per = max(per, math.ceil((low_words - structural) / max(1, count)) + 1)
    elif high_words != INF and words > high_words:
        per = max(1, math.floor((int(high_words) - structural) / max(1, count)))
    return Layout(sentences=count, words_per_sentence=per)


def _grow(plan: Draft, layout: Layout, sentences: int, words: int) -> Layout:
    """More filler, when the bounds are met but something else (usually the detected language)
    still fails: double the text within the sentence and word limits."""
    count, per = layout.sentences * 2, layout.words_per_sentence + 4
    if plan.sentences[1] != INF:
        count = min(count, max(1, layout.sentences + int(plan.sentences[1]) - sentences))
    if plan.words[1] != INF:
        room = int(plan.words[1]) - words
        per = min(per, layout.words_per_sentence + max(0, room // max(1, count)))
    return Layout(sentences=count, words_per_sentence=per)
