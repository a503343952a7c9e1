"""A question said as a request ("What is the best way to X?" -> "Tell me the best way to X.")
or as an indirect question ("Is it safe?" -> "Tell me whether it is safe."), where the
word order can be undone safely.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from ...wording.english import third_person
from .masking import MASKED
from .request import lower_first


# Questions that say the same as a request: "What is the best way to X?" -> "Tell me the best
# way to X."; "What is the difference between A and B?" -> "Explain the difference …";
# "How can I X?" -> "Tell me how I can X."; "How do I X?" -> "Tell me how to X."
_WHAT_NP = re.compile(r"^what(?:'s|’s| is| are) (?P<np>(?:the|a|an|some|another) .+)$", re.I)
# "What is multivariate analysis?": a bare term of up to four plain words, asked to define.
_WHAT_TERM = re.compile(r"^what (?P<verb>is|are) (?P<term>[a-z][a-z-]*(?: [a-z][a-z-]*){0,3})$", re.I)
_HOW_TO = re.compile(r"^how to (?P<rest>[a-z].+)$", re.I)
_DIFFERENCE = re.compile(r"^what(?:'s|’s| is) the difference between (?P<rest>.+)$", re.I)
_HOW_MODAL = re.compile(r"^how (?P<modal>can|should|could|would) (?P<subject>I|we) (?P<rest>.+)$",
                        re.I)
_HOW_DO = re.compile(r"^how (?:do|does) (?:I|we|one) (?P<rest>.+)$", re.I)
_ENDS_IN_PARTICLE = re.compile(r"\b(?:for|about|of|to|with|in|on|at|from|by|up|like|into)$", re.I)
_TELL = ("Tell me {x}.", "I'd like to know {x}.", "Please tell me {x}.", "Could you tell me {x}?",
         "I want to find out {x}.")


_ANY_ADVICE = re.compile(r"^do you have any (?P<what>advice|tips|suggestions|recommendations?|"
                         r"ideas|thoughts)(?P<rest>(?: (?:on|for|about) .+)?)$", re.I)


def question_as_request(question: str) -> list[tuple[str, str]]:
    match = _ANY_ADVICE.match(question)
    if match:
        what, rest = match.group("what").lower(), match.group("rest")
        if what == "recommendation":
            what = "recommendations"
        return [(f"Could you give me some {what}{rest}?", "question-to-request"),
                (f"I'd welcome any {what}{rest}.", "question-to-request"),
                (f"What {what} would you give me{rest}?", "question-to-request"),
                (f"Please share any {what} you have{rest}.", "question-to-request")]
    if _ENDS_IN_PARTICLE.search(question) or re.search(
            r"\b(?:is|are|was|were|does|did)\b|(?<!\bto )\bdo\b",  # "things to do" is no verb
            question.split(" ", 2)[-1], re.I):
        return []
    match = _DIFFERENCE.match(question)
    if match:
        rest = match.group("rest")
        return [(f"Explain the difference between {rest}.", "question-to-request"),
                (f"I'd like to understand the difference between {rest}.", "question-to-request"),
                (f"How would you describe the difference between {rest}?", "question-to-request")]
    match = _WHAT_NP.match(question)
    if match:
        np = lower_first(match.group("np"))
        if re.match(r"(?:a|an) ", np):
            # "What is a lattice?" asks for a definition: "Tell me what a lattice is."
            verb = "are" if re.match(r"(?i)what(?: are)", question) else "is"
            np = f"what {np} {verb}"
        return [(frame.format(x=np), "question-to-request") for frame in _TELL]
    match = _WHAT_TERM.match(question)
    if match and not set(match.group("term").lower().split()) & (_FUNCTION_WORDS | _AUX | _WH):
        clause = f"what {match.group('term')} {match.group('verb').lower()}"
        return [(frame.format(x=clause), "question-to-request") for frame in _TELL]
    match = _HOW_TO.match(question)
    if match:
        return [(frame.format(x=f"how to {match.group('rest')}"), "question-to-request")
                for frame in _TELL]
    match = _HOW_MODAL.match(question)
    if match:
        clause = f"how {match.group('subject')} {match.group('modal').lower()} {match.group('rest')}"
        return [(frame.format(x=clause), "question-to-request") for frame in _TELL]
    match = _HOW_DO.match(question)
    if match:
        clause = f"how to {match.group('rest')}"
        return [(frame.format(x=clause), "question-to-request") for frame in _TELL]
    return []


# A question said as a statement: the question turned into an indirect one ("Is it safe to
# swim here?" -> "Tell me whether it is safe to swim here."; "What happened in 1066?" ->
# "I'd like to know what happened in 1066."). Word order is only undone where the subject is
# certain: a pronoun, a masked name, or a short noun phrase that ends where a predicate
# plainly begins; "do" is dropped before a subject that takes the base verb.
_AUX = frozenset({"is", "are", "was", "were", "can", "could", "should", "would", "will", "do",
                  "does", "has", "have", "may", "might", "must"})
_PRONOUN_SUBJECTS = frozenset({"it", "this", "that", "there", "i", "we", "you", "they", "he",
                               "she", "these", "those"})
_SUBJECT_DETERMINERS = frozenset({"the", "a", "an", "my", "our", "your", "his", "her", "their",
                                  "this", "these", "those", "that"})
# Words that open a predicate after a be-verb ("Is the tomato *a* fruit?"); a preposition or
# a verb form is not among them, so "Are the days in June long?" is left alone.
_PREDICATE_START = frozenset({"a", "an", "the", "one", "really", "actually", "still", "ever",
                              "always", "usually", "very", "too", "more", "less", "so", "good",
                              "bad", "better", "worse", "safe", "true", "possible", "real",
                              "healthy", "ethical", "legal", "necessary", "important", "worth",
                              "considered", "any", "not", "some", "all", "generally", "truly",
                              "technically", "best", "harmful", "dangerous", "useful"})
_FUNCTION_WORDS = frozenset({"in", "on", "at", "of", "for", "to", "from", "with", "by", "about",
                            "and", "or", "but", "than", "as", "into", "during", "without",
                            "over", "under", "between", "who", "which", "that", "when", "where",
                            "if", "is", "are", "was", "were", "be", "been", "not"})
_IRREGULAR_PAST = frozenset({"won", "made", "began", "wrote", "came", "became", "went", "led",
                             "took", "built", "found", "gave", "brought", "fought", "sank", "ran",
                             "told", "said", "held", "left", "lost", "got", "drove", "rose",
                             "fell", "broke", "chose", "threw", "grew", "knew", "saw", "taught"})
_WH = frozenset({"what", "why", "how", "who", "where", "when", "which"})
_WH_SUBJECT_VERB = re.compile(r"^(?:what|who|which) (?!(?:is|are|was|were|do|does|did|can|could|"
                              r"should|would|will|has|have|may|might|must|many|much|kind|sort|"
                              r"type|one|of)\b)(?:[a-z]+(?:ed|s)|happens|causes)\b", re.I)
_YES_NO_FRAMES = ("Tell me whether {c}.", "I'd like to know whether {c}.",
                  "I'm trying to work out whether {c}.", "Can you tell me whether {c}?",
                  "I want to know if {c}.", "I've been wondering whether {c}.",
                  "Could you tell me if {c}?", "Do you think {c}?", "Would you say {c}?",
                  "I'm curious whether {c}.")
_WH_FRAMES = ("Tell me {c}.", "I'd like to know {c}.", "Can you tell me {c}?",
              "I've been wondering {c}.", "I want to find out {c}.", "Could you explain {c}?",
              "Please tell me {c}.")


def _subject_length(words: Sequence[str]) -> Optional[int]:
    """How many of `words` (what follows the auxiliary) form its subject, when certain."""
    if not words:
        return None
    first = words[0].lower()
    if first in _PRONOUN_SUBJECTS or MASKED.fullmatch(words[0]):
        return 1
    if first in _SUBJECT_DETERMINERS:
        for length in range(2, min(4, len(words) - 1) + 1):
            if words[length].lower() in _PREDICATE_START:
                tail = words[1:length]
                if all(re.fullmatch(r"[a-z][a-z-]*", word) and word not in _FUNCTION_WORDS
                       and word not in _PREDICATE_START for word in tail):
                    return length
    return None


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
        if head not in ("it", "he", "she", "this", "that") and not MASKED.fullmatch(subject[0]):
            return None
        if not re.fullmatch(r"[a-z]+", rest[0]) or rest[0] in _AUX or rest[0] == "not":
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
    first = words[0].lower()
    frames: Sequence[str] = ()
    clause = None
    if first in _AUX:
        if words[1].lower() == "you" and first in ("can", "could", "would", "will", "do"):
            return []  # "Can you …?", "Do you have any advice?": requests, said elsewhere
        clause = _embed(words[0], words[1:], be_only=first not in ("do", "does") and
                        words[1].lower() not in _PRONOUN_SUBJECTS and
                        not MASKED.fullmatch(words[1]))
        if clause is not None:
            frames = _YES_NO_FRAMES
            if words[1].lower() in ("you", "i"):
                frames = tuple(f for f in frames if not f.startswith(("Do you", "Would you")))
    elif first in _WH:
        if _WH_SUBJECT_VERB.match(question) or (first in ("who", "what") and
                                                 words[1].lower() in _IRREGULAR_PAST):
            clause = first + " " + " ".join(words[1:])
        elif words[1].lower() in _AUX:
            inner = _embed(words[1], words[2:], be_only=False)
            if inner is not None:
                clause = first + " " + inner
        elif first in ("which", "what") and len(words) > 3 and words[2].lower() in _AUX and \
                re.fullmatch(r"[a-z]+", words[1]):
            inner = _embed(words[2], words[3:], be_only=False)
            if inner is not None:
                clause = first + " " + words[1] + " " + inner
        frames = _WH_FRAMES
        if first not in ("why", "how"):
            frames = tuple(f for f in frames if "explain" not in f)
    if clause is None:
        return []
    return [(frame.format(c=clause), "question-to-statement") for frame in frames]
