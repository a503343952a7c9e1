"""Reading the request in a task sentence: imperative, "could you …", "I need you to …", a question.

`parse(sentence)` gives the request's kind, its verb phrase in the base form, its
final mark, and a context clause before it (a `Request`), or None for a sentence of
a shape we do not recognise (no rewrite is then offered).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from .lexicon import lexicon
from .masking import MASKED, Masked
from .sentences import split_sentences


@dataclass(frozen=True)
class Request:
    kind: str          # imperative | request | need | need-np | question
    vp: str            # the verb phrase in the base form, lower-case verb ("write a poem …")
    end: str           # the sentence's final mark: "." "?" ":" "!" or ""
    lead: str = ""     # a context clause that came before the request in the same sentence
    front: str = ""    # a leading clause that stays in front ("When giving a class, …")


_QUESTION_WORDS = frozenset({"what", "why", "how", "who", "whom", "which", "when", "where",
                             "is", "are", "do", "does", "did", "should", "was", "were", "has",
                             "have", "will", "shall", "what's", "who's", "how's", "where's",
                             "can", "could", "would", "isn't", "aren't", "does", "am"})
_QUESTION_INSIDE = re.compile(r", (?:is|are|do|does|can|could|would|should|what|which|how|why|"
                              r"who|will)\b", re.I)
_NOT_AFTER_VERB = frozenset({"is", "are", "was", "were", "has", "had", "'s", "’s"})
# Verbs that are nouns too: "List of …", "Review of …" open no request.
_NOUN_VERBS = frozenset({"list", "plan", "review", "answer", "design", "draft", "outline", "rate",
                         "help", "name", "act", "play", "show", "state", "turn", "frame", "pitch",
                         "document", "cover", "address", "detail", "draw", "present", "estimate",
                         "research", "sketch", "edit", "build", "rank", "share", "offer",
                         "summary", "use", "take"})
_FRONT = re.compile(r"^(?P<front>(?:when|if|as|while|after|before|once|given|using|based on|"
                    r"in the style of|for)\b[^,]{3,80}), (?P<rest>.+)$", re.I)
_LEAD_REQUEST = re.compile(r"^(?P<lead>(?:I|We|My|Our)\b.+?),? (?:so |and )?(?:can|could|would) "
                           r"you (?:please |kindly )?(?P<vp>.+)$")
DETERMINERS = r"(?:a|an|some|two|three|four|five|six|seven|eight|nine|ten|several|a few)"
_REQUEST = re.compile(r"^(?:can|could|would|will) you (?:please |kindly )?(?P<vp>.+)$", re.I)
_WANT = r"(?:i|we)(?: would like|'d like|’d like| want| need)"
_NEED = re.compile(rf"^(?:(?P<lead>.+?)(?:,? and|,? so|;) )?{_WANT} you to (?P<vp>.+)$", re.I)
_NEED_NP = re.compile(rf"^{_WANT} (?P<np>{DETERMINERS} .+)$", re.I)
_PLEASE = re.compile(r"^(?:please|kindly),? (?P<vp>.+)$", re.I)


def parse(sentence: str) -> Optional[Request]:
    body, end = sentence.rstrip(), ""
    if body and body[-1] in ".?!:":
        body, end = body[:-1].rstrip(), body[-1]
    if not body or "\n" in body:
        return None
    front = _FRONT.match(body)
    if front and not body.lower().startswith(("if you", "when you")):
        inner = parse(cap(front.group("rest")) + end)
        if inner is not None and inner.kind != "question" and not inner.lead:
            return Request(inner.kind, inner.vp, inner.end, "", front.group("front"))
    for pattern, kind in ((_REQUEST, "request"), (_NEED, "need"), (_LEAD_REQUEST, "request")):
        match = pattern.match(body)
        if match and starts_with_verb(match.group("vp")):
            lead = (match.groupdict().get("lead") or "").strip()
            if lead and not re.match(r"^(?:I|We|My|Our)\b", lead):
                return None  # "Bob and I would like you to …": too tangled to move
            return Request(kind, lower_first(match.group("vp")), end, lead)
    match = _NEED_NP.match(body)
    if match:
        return Request("need-np", match.group("np"), end)
    match = _PLEASE.match(body)
    if match and starts_with_verb(match.group("vp")):
        return Request("imperative", lower_first(match.group("vp")), end)
    if starts_with_verb(body):
        return Request("imperative", lower_first(body), end)
    first = body.split()[0].lower()
    if end == "?" and (first in _QUESTION_WORDS or _QUESTION_INSIDE.search(body)):
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
    if len(words) < 2 or words[1].lower() in _NOT_AFTER_VERB:
        return False
    return not (verb in _NOUN_VERBS and words[1].lower() in ("of", "for", "with"))


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]
