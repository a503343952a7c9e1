"""A question said as a request ("What is the best way to X?" -> "Tell me the best way to X.")
or as an indirect question ("Is it safe?" -> "Tell me whether it is safe."), where the
word order can be undone safely.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from ...wording.english import third_person
from ..phrase_tables import Known
from .masking import MASKED
from .request import lower_first

_KNOWN = Known("requests")


def question_as_request(question: str) -> list[tuple[str, str]]:
    match = _KNOWN.pattern("any_advice").match(question)
    if match:
        what, rest = match.group("what").lower(), match.group("rest")
        if what == "recommendation":
            what = "recommendations"
        return [(frame.format(what=what, rest=rest), "question-to-request")
                for frame in _KNOWN.frames("advice")]
    # "things to do" is no verb (`finite_verb`)
    if _KNOWN.pattern("ends_in_particle").search(question) or _KNOWN.pattern("finite_verb").search(
            question.split(" ", 2)[-1]):
        return []
    match = _KNOWN.pattern("difference").match(question)
    if match:
        rest = match.group("rest")
        return [(frame.format(rest=rest), "question-to-request")
                for frame in _KNOWN.frames("difference")]
    match = _KNOWN.pattern("what_thing").match(question)
    if match:
        np = lower_first(match.group("np"))
        if _KNOWN.pattern("indefinite_thing").match(np) and \
                not _KNOWN.pattern("relative_clause").search(np):
            # "What is a lattice?" asks for a definition: "Tell me what a lattice is." ("What is
            # a name that people call God?" asks for one: "Tell me a name that people call God.")
            verb = "are" if _KNOWN.pattern("what_are").match(question) else "is"
            if len(np.split()) > 3:
                return []  # "Tell me what a good way to ask Sonia out is": the verb strands
            np = f"what {np} {verb}"
        return [(frame.format(x=np), "question-to-request") for frame in _KNOWN.frames("tell")]
    match = _KNOWN.pattern("what_term").match(question)
    if match and not set(match.group("term").lower().split()) & (_KNOWN.words("function_words") | _KNOWN.words("auxiliaries") | _KNOWN.words("wh_words")):
        clause = f"what {match.group('term')} {match.group('verb').lower()}"
        return [(frame.format(x=clause), "question-to-request") for frame in _KNOWN.frames("tell")]
    match = _KNOWN.pattern("how_to").match(question)
    if match:
        return [(frame.format(x=f"how to {match.group('rest')}"), "question-to-request")
                for frame in _KNOWN.frames("tell")]
    match = _KNOWN.pattern("how_modal").match(question)
    if match:
        clause = f"how {match.group('subject')} {match.group('modal').lower()} {match.group('rest')}"
        return [(frame.format(x=clause), "question-to-request") for frame in _KNOWN.frames("tell")]
    match = _KNOWN.pattern("how_do").match(question)
    if match:
        clause = f"how to {match.group('rest')}"
        return [(frame.format(x=clause), "question-to-request") for frame in _KNOWN.frames("tell")]
    return []


def _subject_length(words: Sequence[str]) -> Optional[int]:
    """How many of `words` (what follows the auxiliary) form its subject, when certain."""
    if not words:
        return None
    first = words[0].lower()
    if first in _KNOWN.words("pronoun_subjects") or MASKED.fullmatch(words[0]):
        return 1
    if len(words) > 2 and MASKED.fullmatch(words[0].rstrip(",")) and words[0].endswith(",") \
            and MASKED.fullmatch(words[1]):
        return 2  # "Grafton, Vermont": a place and its state
    if _quoted_apposition(words):
        return 3  # "the sentence "…"", named by what it quotes
    if first in _KNOWN.words("subject_determiners"):
        for length in range(2, min(4, len(words) - 1) + 1):
            if words[length].lower() in _KNOWN.words("predicate_starts"):
                tail = words[1:length]
                if all(re.fullmatch(r"[a-z][a-z-]*", word) and word not in _KNOWN.words("function_words")
                       and word not in _KNOWN.words("predicate_starts") for word in tail):
                    return length
    return None


def _quoted_apposition(words: Sequence[str]) -> bool:
    """Whether the words open with a determiner, one noun and the quotation it names ("the
    sentence "…"", "this line "…""): one thing, whatever the quotation holds."""
    return len(words) > 3 and words[0].lower() in _KNOWN.words("subject_determiners") and \
        bool(re.fullmatch(r"[a-z]+", words[1])) and \
        words[1] not in _KNOWN.words("function_words") and bool(MASKED.fullmatch(words[2]))


def _embed(aux: str, words: Sequence[str], be_only: bool = False) -> Optional[str]:
    """'aux subject rest' as a clause in statement order ('subject aux rest'), or None."""
    aux_lower = aux.lower()
    if be_only and aux_lower not in ("is", "are", "was", "were"):
        return None
    length = 1 if aux_lower == "do" else _subject_length(words)
    if length is None or len(words) <= length:
        return None
    subject = list(words[:length])
    if subject[0].lower() != "i" and not MASKED.fullmatch(subject[0]):
        subject[0] = subject[0].lower()
    rest = list(words[length:])
    head = subject[0].lower()
    if aux_lower == "do":
        return " ".join(subject + rest)
    if aux_lower == "does":
        if head not in ("it", "he", "she", "this", "that") and not MASKED.fullmatch(
                subject[0]) and not (_quoted_apposition(words) and not words[1].endswith("s")):
            return None
        if not re.fullmatch(r"[a-z]+", rest[0]) or rest[0] == "not" or (
                rest[0] in _KNOWN.words("auxiliaries") and rest[0] != "have"):  # does it have
            return None
        return " ".join(subject + [third_person(rest[0])] + rest[1:])
    if head == "you" and aux_lower in ("is", "was"):
        return None
    return " ".join(subject + [aux_lower] + rest)


def question_as_statement(question: str) -> list[tuple[str, str]]:
    """An indirect question for a direct one, where the word order can be undone safely."""
    if re.search(r"[?:;\"“]", question) or "\u0000" in question:
        return []
    words = question.split()
    if len(words) < 3:
        return []
    if words[1].lower() in ("are", "were") and words[2].lower() == "you":
        return []  # "How are you doing today?" asks after the writer: no "Tell me how you are …"
    first = words[0].lower()
    frames: Sequence[str] = ()
    clause = None
    if first in _KNOWN.words("auxiliaries"):
        if words[1].lower() == "you" and first in ("can", "could", "would", "will", "do"):
            return []  # "Can you …?", "Do you have any advice?": requests, said elsewhere
        clause = _embed(words[0], words[1:], be_only=first not in ("do", "does") and
                        words[1].lower() not in _KNOWN.words("pronoun_subjects") and
                        not MASKED.fullmatch(words[1]))
        if clause is not None:
            frames = _KNOWN.frames("yes_no")
            if words[1].lower() in ("you", "i"):
                frames = tuple(f for f in frames if not f.startswith(("Do you", "Would you")))
    elif first in _KNOWN.words("wh_words"):
        if _KNOWN.pattern("wh_subject_verb").match(question) or (first in ("who", "what") and
                                                 words[1].lower() in _KNOWN.words("irregular_past")):
            clause = first + " " + " ".join(words[1:])
        elif words[1].lower() in _KNOWN.words("auxiliaries"):
            inner = _embed(words[1], words[2:], be_only=False)
            if inner is not None:
                clause = first + " " + inner
        elif first == "how" and len(words) > 3 and re.fullmatch(r"[a-z]+", words[1]) and \
                words[1] not in _KNOWN.words("function_words") and \
                words[2].lower() in _KNOWN.words("auxiliaries"):
            inner = _embed(words[2], words[3:], be_only=False)  # "How tall will it be …?"
            if inner is not None:
                clause = first + " " + words[1] + " " + inner
        elif first in ("which", "what") and len(words) > 3 and words[2].lower() in _KNOWN.words("auxiliaries") and \
                re.fullmatch(r"[a-z]+", words[1]):
            inner = _embed(words[2], words[3:], be_only=False)
            if inner is not None:
                clause = first + " " + words[1] + " " + inner
        frames = _KNOWN.frames("wh")
        if first not in ("why", "how"):
            frames = tuple(f for f in frames if "explain" not in f)
    if clause is None:
        return []
    if len(clause.split()) > 5 and clause.split()[-1].lower() in ("is", "are", "was", "were"):
        return []  # "Tell me what a good way to ask Sonia out is": the verb is left stranded
    return [(frame.format(c=clause), "question-to-statement") for frame in frames]
