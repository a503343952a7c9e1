"""Reading the request in a task sentence: imperative, "could you …", "I need you to …", a question.

`parse(sentence)` gives the request's kind, its verb phrase in the base form, its
final mark, and a context clause before it (a `Request`), or None for a sentence of
a shape we do not recognise (no rewrite is then offered).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..phrase_tables import Known
from .lexicon import lexicon
from .masking import MASKED, Masked
from .sentences import split_sentences

_KNOWN = Known("requests")


@dataclass(frozen=True)
class Request:
    kind: str          # imperative | request | need | need-np | question
    vp: str            # the verb phrase in the base form, lower-case verb ("write a poem …")
    end: str           # the sentence's final mark: "." "?" ":" "!" or ""
    lead: str = ""     # a context clause that came before the request in the same sentence
    front: str = ""    # a leading clause that stays in front ("When giving a class, …")


def parse(sentence: str) -> Optional[Request]:
    body, end = sentence.rstrip(), ""
    if body and body[-1] in ".?!:":
        body, end = body[:-1].rstrip(), body[-1]
    if not body or "\n" in body:
        return None
    front = _KNOWN.pattern("front").match(body)
    if front and not body.lower().startswith(("if you", "when you")):
        inner = parse(cap(front.group("rest")) + end)
        if inner is not None and inner.kind != "question" and not inner.lead:
            return Request(inner.kind, inner.vp, inner.end, "", front.group("front"))
    for pattern, kind in ((_KNOWN.pattern("could_you"), "request"), (_KNOWN.pattern("need"), "need"), (_KNOWN.pattern("lead_request"), "request")):
        match = pattern.match(body)
        if match and kind == "request" and end == "?" and \
                _KNOWN.pattern("asks_opinion").match(match.group("vp")):
            return None  # "Would you consider yourself to be smart?" asks, it does not bid
        if match and starts_with_verb(match.group("vp")):
            lead = (match.groupdict().get("lead") or "").strip()
            if lead and not _KNOWN.pattern("first_person").match(lead):
                return None  # "Bob and I would like you to …": too tangled to move
            return Request(kind, lower_first(match.group("vp")), end, lead)
    match = _KNOWN.pattern("need_thing").match(body)
    if match:
        return Request("need-np", match.group("np"), end)
    match = _KNOWN.pattern("please").match(body)
    if match and starts_with_verb(match.group("vp")):
        return Request("imperative", lower_first(match.group("vp")), end)
    if starts_with_verb(body):
        return Request("imperative", lower_first(body), end)
    first = body.split()[0].lower()
    if end == "?" and (first in _KNOWN.words("question_words") or _KNOWN.pattern("question_inside").search(body)):
        return Request("question", body, end)
    return None


def last_sentence_asks(task: str) -> bool:
    """Whether the task's last sentence is a request (imperative, "could you …", "I need …"),
    the only kind a requirement may be joined onto."""
    masked = Masked(task, ())
    sentences = split_sentences(masked.text.strip(), masked)
    if not sentences:
        return False
    request = parse(sentences[-1])
    # Not onto a question, nor onto "I would like a haiku" ("… and respond in Thai").
    return request is not None and request.kind in ("imperative", "request", "need")


def starts_with_verb(text: str) -> bool:
    words = text.split()
    if not words or MASKED.match(words[0]):
        return False
    verb = words[0].lower()
    if verb not in lexicon()["verbs"] or words[0].endswith((":", ",")):
        return False
    if len(words) < 2 or words[1].lower() in _KNOWN.words("not_after_verb"):
        return False
    return not (verb in _KNOWN.words("noun_verbs") and words[1].lower() in ("of", "for", "with"))


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]
